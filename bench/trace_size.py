#!/usr/bin/env python3
"""Prints the bytes per recorded call of the DUMPI traces in a directory, as bench/run's raw lines:
   trace_bytes_per_call<TAB>value<TAB>value<TAB>calls
The calls are the footers' totals (the last of the 291 counts); the bytes are the .bin files' sizes.

usage: trace_size.py DIR
"""
import glob
import os
import struct
import sys

INDEX_BYTES = 64          # eight 64-bit offsets at the end of a .bin file
FOOTER_MAGIC = 0xF007FEE7
COUNTS = 291              # DUMPI_ALL_FUNCTIONS + 1; the last one is the total


def recorded_calls(path):
    with open(path, "rb") as f:
        f.seek(-INDEX_BYTES, os.SEEK_END)
        index = struct.unpack(">8Q", f.read(INDEX_BYTES))
        footer = index[6]
        if footer == 0:
            raise ValueError(f"{path}: no footer in the index")
        f.seek(footer)
        magic, = struct.unpack(">Q", f.read(8))
        if magic != FOOTER_MAGIC:
            raise ValueError(f"{path}: no footer magic at offset {footer}")
        called = struct.unpack(f">{COUNTS}I", f.read(4 * COUNTS))
        ignored = struct.unpack(f">{COUNTS}I", f.read(4 * COUNTS))
        return called[-1] - ignored[-1]


def main():
    files = sorted(glob.glob(os.path.join(sys.argv[1], "**", "*.bin"), recursive=True))
    if not files:
        sys.exit(f"trace_size.py: no .bin file under {sys.argv[1]}")
    size = sum(os.path.getsize(p) for p in files)
    calls = sum(recorded_calls(p) for p in files)
    if calls == 0:
        sys.exit(f"trace_size.py: the traces under {sys.argv[1]} record no call")
    per_call = size / calls
    print(f"trace_bytes_per_call\t{per_call:.2f}\t{per_call:.2f}\t{calls}")


if __name__ == "__main__":
    main()
