#!/bin/bash
# Reads the trace of trace_encoders_program with sst-dumpi's dumpi2ascii and compares what it
# prints (times apart: entering/returning lines reduced to the function name) and the non-zero
# footer counts (-F) with EXPECTED. The odd line breaks and bounds in ranges[2][3] and argvs are
# how dumpi2ascii prints two-level arrays.
#   trace_encoders.sh PROGRAM DIR EXPECTED
# Exit 77 (skipped) when the reference reader is not built.
set -u
program=$1 dir=$2 expected=$3
cache=${WI4MPI_DUMPI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wi4mpi/sst-dumpi-a4c8bf5}
reader=$cache/reader/bin/dumpi2ascii
[ -x "$reader" ] || { echo "trace_encoders: $reader not built (tests/dumpi/build-reference); skipped"; exit 77; }
rm -rf "$dir" && mkdir -p "$dir" || exit 1
"$program" "$dir" || { echo "trace_encoders_program failed"; exit 1; }
trace=$dir/wi4mpi-encoders-0000.bin
{
    "$reader" "$trace" 2>"$dir/reader.err" || { echo "dumpi2ascii failed"; cat "$dir/reader.err"; exit 1; }
    "$reader" -F "$trace" 2>>"$dir/reader.err" | grep -v ' called 0 times and ignored 0 times'
} | sed -e 's/ entering at walltime [0-9.]*, cputime 0\.000000000 seconds in thread 0\./ entering/' \
        -e 's/ returning at walltime [0-9.]*, cputime 0\.000000000 seconds in thread 0\./ returning/' \
    >"$dir/actual.txt"
if [ -s "$dir/reader.err" ]; then echo "dumpi2ascii complained:"; cat "$dir/reader.err"; exit 1; fi
if ! diff -u "$expected" "$dir/actual.txt"; then
    echo "trace_encoders: dumpi2ascii shows other calls or values than expected (above)"
    exit 1
fi
echo "trace_encoders: dumpi2ascii read $trace as expected ($(grep -c . "$dir/actual.txt") lines)"
