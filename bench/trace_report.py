#!/usr/bin/env python3
"""The tracing part of bench/run --trace: appends a "Tracing" section to OUT/report.md, writes
OUT/trace.tsv and prints the table.

usage: trace_report.py OUT_DIR

Per call, for each family T: libdumpi's overhead is dumpi:T - native:T (T's binary, with and without
libdumpi preloaded); wi4mpi's is trace:T:T - T:T (wall-clock times only) and tracefull:T:T - T:T
(libdumpi's default fields: CPU and wall times, statuses, thread ids), both against the same
untraced identity pair, so that only tracing is measured; cross pairs likewise against F:T. Values
are aggregated as in report.py (best batch over runs). The clock floor is the cost of the two reads
of each clock a record with entry and exit times needs, measured by the same program in the same run.
"""
import os
import sys

from report import aggregate, fmt, load_runs

FAMILIES = ["openmpi", "mpich"]
CROSS = [("openmpi", "mpich"), ("mpich", "openmpi")]
# metric, label, MPI calls per operation, whether the targets apply (a single trivial call)
METRICS = [
    ("comm_rank_world", "Comm_rank(WORLD)", 1, True),
    ("comm_rank_dup", "Comm_rank(dup'd comm)", 1, True),
    ("type_size_int", "Type_size(MPI_INT)", 1, True),
    ("test_request_null", "Test(REQUEST_NULL)", 1, True),
    ("isend_procnull_wait", "Isend(PROC_NULL)+Wait", 2, False),
    ("sendrecv_self_8b", "Sendrecv 8 B, COMM_SELF", 1, False),
    ("allreduce_self_1d", "Allreduce 1 double, COMM_SELF", 1, False),
    ("irecv16_waitall_per_req", "16 Irecv+Waitall, per request", 17 / 16, False),
    ("comm_dup_free", "Comm_dup+Comm_free", 2, False),
    ("type_vector_commit_free", "Type_vector+commit+free", 3, False),
]
WALL_LIMIT_NS = 60.0     # wi4mpi, wall-clock times only, per trivial call
FULL_SHARE = 0.2         # wi4mpi with libdumpi's fields, as a share of libdumpi's overhead


def main():
    out = sys.argv[1]
    per_run, _ = load_runs(out)

    def value(cfg, metric):
        return aggregate(per_run, cfg, metric)[0]

    def overhead(traced, base, metric):
        t, b = value(traced, metric), value(base, metric)
        return None if t is None or b is None else t - b

    def clock(metric):
        vals = [v for (cfg, m), runs in per_run.items() if m == metric for v in runs]
        return min(vals) if vals else None

    wall_floor, cpu_floor = clock("clock_wall_pair"), clock("clock_cpu_pair")
    rows, md = [], ["", "## Tracing (`--trace`)", ""]
    md.append("Overhead per operation of tracing, against the same path untraced (see `bench/README.md`). "
              f"Targets per trivial call: wi4mpi with wall-clock times only ≤ +{WALL_LIMIT_NS:g} ns; with "
              f"libdumpi's fields ≤ {FULL_SHARE:g} × libdumpi's overhead. Clock floor measured in the same run: "
              f"two `CLOCK_MONOTONIC` reads {fmt(wall_floor, 'ns')}, two `CLOCK_PROCESS_CPUTIME_ID` reads "
              f"{fmt(cpu_floor, 'ns')} (a record with entry and exit times needs both of a clock).")
    for fam in FAMILIES:
        md += ["", f"### {fam}: untraced {fam}→{fam} vs traced; libdumpi on native {fam}", "",
               "| metric | untraced | libdumpi | wi4mpi wall | target | wi4mpi libdumpi's fields | ÷ libdumpi | target | ÷ libdumpi beyond the clocks |",
               "|---|---:|---:|---:|---|---:|---:|---|---:|"]
        for metric, label, calls, targeted in METRICS:
            base = value(f"{fam}:{fam}", metric)
            dumpi = overhead(f"dumpi:{fam}", f"native:{fam}", metric)
            wall = overhead(f"trace:{fam}:{fam}", f"{fam}:{fam}", metric)
            full = overhead(f"tracefull:{fam}:{fam}", f"{fam}:{fam}", metric)
            share = full / dumpi if full is not None and dumpi else None
            wall_ok = verdict(wall is not None and wall <= WALL_LIMIT_NS * calls, wall, targeted)
            full_ok = verdict(share is not None and share <= FULL_SHARE, share, targeted)
            if targeted and full_ok.startswith("**missed**") and cpu_floor and dumpi:
                full_ok += f" (CPU clock floor {cpu_floor / dumpi:.0%} of libdumpi's)"
            # both tracers read the same clocks: what each costs beyond them compares the rest
            floor = calls * (wall_floor + cpu_floor) if wall_floor and cpu_floor else None
            beyond = (full - floor) / (dumpi - floor) if None not in (full, dumpi, floor) and dumpi > floor else None
            rows.append((fam, metric, base, dumpi, wall, full, share, wall_ok, full_ok))
            md.append(f"| {label} | {fmt(base, 'ns')} | {fmt(dumpi, 'ns', True)} | {fmt(wall, 'ns', True)} | "
                      f"{wall_ok} | {fmt(full, 'ns', True)} | {'n/a' if share is None else f'{share:.2f}'} | {full_ok} | "
                      f"{'n/a' if beyond is None else f'{beyond:.2f}'} |")
    md += ["", "### Cross pairs, wall-clock times only", "",
           "| metric | " + " | ".join(f"{a}→{b} untraced | traced overhead" for a, b in CROSS) + " |",
           "|---|" + "---:|---:|" * len(CROSS)]
    for metric, label, calls, targeted in METRICS:
        cells = []
        for a, b in CROSS:
            wall = overhead(f"trace:{a}:{b}", f"{a}:{b}", metric)
            ok = verdict(wall is not None and wall <= WALL_LIMIT_NS * calls, wall, targeted)
            rows.append((f"{a}:{b}", metric, value(f"{a}:{b}", metric), None, wall, None, None, ok, ""))
            cells.append(f"{fmt(value(f'{a}:{b}', metric), 'ns')} | {fmt(wall, 'ns', True)} {ok if targeted else ''}")
        md.append(f"| {label} | " + " | ".join(cells) + " |")
    md += ["", "### Trace bytes per recorded call (whole micro-benchmark run, files' footers)", "",
           "| configuration | bytes per call | calls recorded |", "|---|---:|---:|"]
    for cfg in [f"dumpi:{f}" for f in FAMILIES] + [f"trace:{f}:{f}" for f in FAMILIES] + \
               [f"tracefull:{f}:{f}" for f in FAMILIES] + [f"trace:{a}:{b}" for a, b in CROSS]:
        size = value(cfg, "trace_bytes_per_call")
        calls = calls_recorded(out, cfg)
        md.append(f"| {cfg} | {'n/a' if size is None else f'{size:.1f}'} | {calls} |")

    with open(os.path.join(out, "trace.tsv"), "w") as f:
        f.write("family\tmetric\tuntraced\tlibdumpi\twall\tfull\tfull_share\twall_status\tfull_status\n")
        for r in rows:
            f.write("\t".join("" if x is None else (f"{x:.4f}" if isinstance(x, float) else str(x)) for x in r) + "\n")
    with open(os.path.join(out, "report.md"), "a") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md))


def verdict(ok, figure, targeted):
    if not targeted:
        return "—"
    if figure is None:
        return "no data"
    return "met" if ok else "**missed**"


def calls_recorded(out, cfg):
    """Median of the runs' recorded calls (raw.tsv's last column for trace_bytes_per_call)."""
    calls = []
    with open(os.path.join(out, "raw.tsv")) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 6 and parts[1] == cfg and parts[2] == "trace_bytes_per_call":
                calls.append(int(parts[5]))
    return sorted(calls)[len(calls) // 2] if calls else "n/a"


if __name__ == "__main__":
    main()
