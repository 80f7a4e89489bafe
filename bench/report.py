#!/usr/bin/env python3
"""Turns bench/run's raw measurements (OUT/raw.tsv, OUT/meta.tsv, OUT/build_time.tsv) into
OUT/results.tsv, OUT/report.md and OUT/overhead.svg, and prints the table.

usage: report.py OUT_DIR

Aggregation: a timed metric's value is the minimum over all runs of each run's minimum batch average
(noise on a shared machine only ever adds time, so the least-disturbed batch is the best estimate of
the code path's cost); its "typical" value is the median over runs of each run's median. Single-shot
metrics (start-up times, RSS, job wall time) take the median over all their runs. The spread of a
configuration is the interquartile range of the per-run values (max - min below 4 runs): the noise
floor of a comparison. A met/missed verdict is marked "(noisy)" when the spread exceeds the target's
margin.
"""
import html
import math
import os
import statistics
import sys
from collections import defaultdict

PAIRS = [("openmpi", "mpich"), ("mpich", "openmpi"), ("openmpi", "openmpi"), ("mpich", "mpich")]

# metric, label, unit, target kind, limit; units: ns, ms (values are ns), MiB (values are bytes)
METRICS = [
    ("comm_rank_world", "Comm_rank(WORLD)", "ns", "abs", 2),
    ("comm_rank_dup", "Comm_rank(dup'd comm)", "ns", "abs", 2),
    ("type_size_int", "Type_size(MPI_INT)", "ns", "abs", 2),
    ("test_request_null", "Test(REQUEST_NULL)", "ns", "abs", 2),
    ("isend_procnull_wait", "Isend(PROC_NULL)+Wait", "ns", "abs", 6),
    ("sendrecv_self_8b", "Sendrecv 8 B, COMM_SELF", "ns", None, None),
    ("allreduce_self_1d", "Allreduce 1 double, COMM_SELF", "ns", None, None),
    ("irecv16_waitall", "16 Irecv(PROC_NULL)+Waitall", "ns", None, None),
    ("irecv16_waitall_per_req", "  per request", "ns", "abs", 4),
    ("comm_dup_free", "Comm_dup+Comm_free", "ns", "abs", 100),
    ("type_vector_commit_free", "Type_vector+commit+free", "ns", "abs", 100),
    ("pingpong_0b", "ping-pong 0 B (half RTT)", "ns", "rel", 0.01),
    ("pingpong_8b", "ping-pong 8 B (half RTT)", "ns", None, None),
    ("pingpong_64kib", "ping-pong 64 KiB (half RTT)", "ns", "noise", None),
    ("rss_after_init", "VmRSS after MPI_Init", "MiB", "abs", 2 * 1024 * 1024),
    ("start_to_init", "exec to after MPI_Init", "ms", None, None),
    ("start_to_finalize", "exec to after MPI_Finalize", "ms", "abs", 10e6),
    ("job_wall", "whole mpirun -np 1 job (wall)", "ms", None, None),
]
SINGLE_SHOT = {"rss_after_init", "start_to_init", "start_to_finalize", "job_wall", "trace_bytes_per_call"}
COLORS = {"openmpi→mpich": "#d95f02", "mpich→openmpi": "#7570b3",
          "openmpi→openmpi": "#1b9e77", "mpich→mpich": "#e7298a"}


def read_kv(path):
    kv = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if "\t" in line:
                    k, v = line.rstrip("\n").split("\t", 1)
                    kv[k] = v
    return kv


def fmt(value, unit, signed=False):
    if value is None:
        return "n/a"
    if unit == "MiB":
        v, digits = value / 1048576.0, 2
    elif unit == "ms":
        v, digits = value / 1e6, 1
    else:
        v = value
        digits = 1 if abs(v) < 1000 else 0
    s = f"{v:+,.{digits}f}" if signed else f"{v:,.{digits}f}"
    return f"{s} {unit}"


def limit_text(kind, limit, unit):
    if kind == "abs":
        return "≤ " + fmt(limit, unit, signed=True)
    if kind == "rel":
        return f"≤ +{limit * 100:g} %"
    if kind == "noise":
        return "within noise"
    return "—"


def load_runs(out):
    """(config, metric) -> per-run values: each run's minimum batch (median for single-shot metrics),
    and each run's median batch."""
    per_run = defaultdict(list)
    per_run_med = defaultdict(list)
    with open(os.path.join(out, "raw.tsv")) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 6:
                continue
            _rnd, cfg, metric, vmin, vmed, _ops = parts
            per_run[(cfg, metric)].append(float(vmed if metric in SINGLE_SHOT else vmin))
            per_run_med[(cfg, metric)].append(float(vmed))
    return per_run, per_run_med


def aggregate(per_run, cfg, metric):
    """value, spread, number of runs of a configuration's metric (see the module's text)."""
    vals = per_run.get((cfg, metric))
    if not vals:
        return None, None, 0
    value = statistics.median(vals) if metric in SINGLE_SHOT else min(vals)
    if len(vals) >= 4:
        q = statistics.quantiles(vals, n=4)
        spread = q[2] - q[0]
    else:
        spread = max(vals) - min(vals)
    return value, spread, len(vals)


def main():
    out = sys.argv[1]
    meta = read_kv(os.path.join(out, "meta.tsv"))
    build = read_kv(os.path.join(out, "build_time.tsv"))

    per_run, per_run_med = load_runs(out)

    def agg(cfg, metric):
        return aggregate(per_run, cfg, metric)

    def typical(cfg, metric):
        vals = per_run_med.get((cfg, metric))
        return statistics.median(vals) if vals else None

    rows = []
    for frm, to in PAIRS:
        pair = f"{frm}→{to}"
        identity = frm == to
        for metric, label, unit, kind, limit in METRICS:
            nat, nat_spread, nat_n = agg(f"native:{to}", metric)
            tr, tr_spread, tr_n = agg(f"{frm}:{to}", metric)
            over = ratio = None
            status = "—"
            if nat is not None and tr is not None:
                over = tr - nat
                ratio = tr / nat if nat else None
                if kind == "abs":
                    ok = over <= limit
                elif kind == "rel":
                    ok = ratio is not None and ratio <= 1 + limit
                elif kind == "noise":
                    # "no measurable loss": the overhead is within the native runs' own spread
                    ok = over <= nat_spread
                else:
                    ok = None
                if ok is not None:
                    status = "met" if ok else "**missed**"
                    # a verdict finer than the machine's noise is flagged, not trusted
                    spread = max(nat_spread, tr_spread)
                    band = {"abs": limit, "rel": (limit or 0) * nat, "noise": 0.05 * nat}[kind]
                    if spread > band:
                        status += " (noisy)"
            elif kind:
                status = "no data"
            nat_typ, tr_typ = typical(f"native:{to}", metric), typical(f"{frm}:{to}", metric)
            rows.append(dict(native_typical=nat_typ, translated_typical=tr_typ,
                             overhead_typical=None if nat_typ is None or tr_typ is None else tr_typ - nat_typ,
                             pair=pair, identity=identity, metric=metric, label=label, unit=unit,
                             kind=kind, limit=limit, native=nat, translated=tr, overhead=over,
                             ratio=ratio, status=status, native_spread=nat_spread,
                             translated_spread=tr_spread, native_runs=nat_n, translated_runs=tr_n))

    with open(os.path.join(out, "results.tsv"), "w") as f:
        cols = ["pair", "metric", "native", "translated", "overhead", "ratio", "status",
                "native_spread", "translated_spread", "native_runs", "translated_runs",
                "native_typical", "translated_typical", "overhead_typical"]
        f.write("\t".join(cols) + "\n")
        for r in rows:
            f.write("\t".join("" if r[c] is None else (f"{r[c]:.4f}" if isinstance(r[c], float) else str(r[c]))
                              for c in cols) + "\n")

    # ---- Markdown ----
    md = []
    md.append("# wi4mpi overhead benchmark\n")
    md.append(f"Measured {meta.get('date', '?')} on {meta.get('cpu', '?')}, {meta.get('cores', '?')} cores, "
              f"{meta.get('kernel', '?')}; {meta.get('openmpi', 'Open MPI ?')}, {meta.get('mpich', 'MPICH ?')}; "
              f"install tree `{meta.get('install', '?')}` (commit {meta.get('commit', '?')}).  ")
    md.append(f"{meta.get('rounds', '?')} interleaved rounds, {meta.get('samples', '?')} batches of "
              f"~{meta.get('batch_ms', '?')} ms per metric and run ({meta.get('pp_samples', '?')} of "
              f"~{meta.get('pp_batch_ms', '?')} ms for ping-pong), {meta.get('startup_runs', '?')} start-up "
              f"runs per configuration and round; load average before {meta.get('load_before', '?')}, "
              f"after {meta.get('load_after', '?')}; benchmark wall-clock {meta.get('wall_seconds', '?')} s"
              + (f", {meta['failures']} failed runs" if meta.get("failures", "0") != "0" else "") + ".\n")
    md.append("*native* is the target implementation running a binary built with its own compiler; "
              "*translated* is the other (or the same) family's binary run through wi4mpi on that target. "
              "Times are per operation: the best batch over all runs (*typical*: median over runs of each run's "
              "median batch, the overhead column uses the best values); start-up and memory are medians over "
              "runs. *spread* is the larger of the two configurations' interquartile ranges of per-run values, "
              "the noise floor of the comparison; a verdict is marked *(noisy)* when the spread exceeds the "
              "target's margin (for 64 KiB: 5 % of native).\n")
    for frm, to in PAIRS:
        pair = f"{frm}→{to}"
        kind = "identity pair: should be close to zero" if frm == to else "cross pair"
        md.append(f"\n## {pair} ({kind}; native = {to})\n")
        md.append("| metric | native | translated | overhead | ratio | typical overhead | spread | target | status |")
        md.append("|---|---:|---:|---:|---:|---:|---:|---|---|")
        for r in rows:
            if r["pair"] != pair:
                continue
            spread = None
            if r["native_spread"] is not None and r["translated_spread"] is not None:
                spread = max(r["native_spread"], r["translated_spread"])
            md.append("| {} | {} | {} | {} | {} | {} | {} | {} | {} |".format(
                r["label"].strip() if not r["label"].startswith("  ") else "↳ " + r["label"].strip(),
                fmt(r["native"], r["unit"]), fmt(r["translated"], r["unit"]),
                fmt(r["overhead"], r["unit"], signed=True),
                "n/a" if r["ratio"] is None else f"{r['ratio']:.3f}",
                "" if r["metric"] in SINGLE_SHOT else fmt(r["overhead_typical"], r["unit"], signed=True),
                fmt(spread, r["unit"]), limit_text(r["kind"], r["limit"], r["unit"]), r["status"]))
    md.append("\n## Targets (issue 3)\n")
    md.append("| target | " + " | ".join(f"{a}→{b}" for a, b in PAIRS) + " |")
    md.append("|---|" + "---|" * len(PAIRS))
    for metric, label, unit, kind, limit in METRICS:
        if not kind:
            continue
        cells = []
        for frm, to in PAIRS:
            r = next(x for x in rows if x["pair"] == f"{frm}→{to}" and x["metric"] == metric)
            verdict, _, note = r["status"].partition(" ")
            cells.append(f"{verdict} {fmt(r['overhead'], unit, signed=True)}" + (f" {note}" if note else ""))
        md.append(f"| {label.strip()} {limit_text(kind, limit, unit)} | " + " | ".join(cells) + " |")
    if build.get("build_seconds"):
        bs = build["build_seconds"]
        st = "n/a"
        try:
            st = "met" if float(bs) <= 90 else "**missed**"
        except ValueError:
            pass
        md.append(f"| full build (`mvn -B -q install -DskipTests`, fresh clone of {build.get('commit', '?')}, "
                  f"{build.get('date', '?')}, load {build.get('load_before', '?')}) ≤ 90 s | "
                  f"{st} ({bs} s) | | | |")
    else:
        md.append("| full build ≤ 90 s | not measured (run `bench/run --build-time`) | | | |")
    missed = [r for r in rows if r["status"].startswith("**missed**") and "→" in r["pair"]]
    if missed:
        md.append("\nMissed targets: what each costs, why, and what would close it is analysed in "
                  "`docs/benchmarks.md` (section \"Where the cross pairs stand, and why\"); "
                  "*(noisy)* verdicts are within the run-to-run spread and need an idle machine.")
    md.append("\n![overhead chart](overhead.svg)\n")
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(md) + "\n")

    write_svg(os.path.join(out, "overhead.svg"), rows, meta)

    # ---- terminal table ----
    hdr = f"{'metric':<30} {'pair':<16} {'native':>14} {'translated':>14} {'overhead':>14} {'ratio':>7}  status"
    print(hdr)
    print("-" * len(hdr))
    for r in rows:
        print(f"{r['label'].strip():<30} {r['pair']:<16} {fmt(r['native'], r['unit']):>14} "
              f"{fmt(r['translated'], r['unit']):>14} {fmt(r['overhead'], r['unit'], signed=True):>14} "
              f"{'n/a' if r['ratio'] is None else format(r['ratio'], '.3f'):>7}  {r['status'].replace('*', '')}")
    if build.get("build_seconds"):
        print(f"full build: {build['build_seconds']} s (commit {build.get('commit', '?')}, {build.get('date', '?')})")


def write_svg(path, rows, meta):
    """Horizontal grouped bars of translated/native per metric and pair, on a log2 axis."""
    metrics = [m for m in METRICS]
    pairs = [f"{a}→{b}" for a, b in PAIRS]
    bar_h, gap, left, right, top = 9, 10, 230, 150, 60
    group_h = bar_h * len(pairs) + gap
    width = 980
    height = top + group_h * len(metrics) + 50
    ratios = [r["ratio"] for r in rows if r["ratio"]]
    lo = min([0.5] + ratios)
    hi = max([2.0] + ratios)
    lmin, lmax = math.floor(math.log2(lo)), math.ceil(math.log2(hi))
    plot_w = width - left - right

    def x(ratio):
        return left + (math.log2(ratio) - lmin) / (lmax - lmin) * plot_w

    e = html.escape
    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
         f'font-family="sans-serif" font-size="11">',
         f'<rect width="{width}" height="{height}" fill="white"/>',
         f'<text x="{left}" y="20" font-size="14" font-weight="bold">wi4mpi: translated / native '
         f'(log scale; 1 = no overhead)</text>',
         f'<text x="{left}" y="36" fill="#555">{e(meta.get("date", ""))}, {e(meta.get("cpu", ""))}, '
         f'{e(meta.get("cores", "?"))} cores; labels: overhead, ✗ = issue-3 target missed</text>']
    for k in range(lmin, lmax + 1):
        xv = x(2.0 ** k)
        s.append(f'<line x1="{xv:.1f}" y1="{top - 8}" x2="{xv:.1f}" y2="{height - 40}" '
                 f'stroke="{"#000" if k == 0 else "#ddd"}"/>')
        s.append(f'<text x="{xv:.1f}" y="{height - 26}" text-anchor="middle">{2.0 ** k:g}×</text>')
    for i, (metric, label, unit, _kind, _lim) in enumerate(metrics):
        y0 = top + i * group_h
        s.append(f'<text x="{left - 8}" y="{y0 + group_h / 2:.1f}" text-anchor="end" '
                 f'dominant-baseline="middle">{e(label.strip())}</text>')
        for j, pair in enumerate(pairs):
            r = next(x_ for x_ in rows if x_["pair"] == pair and x_["metric"] == metric)
            y = y0 + j * bar_h
            if not r["ratio"] or r["ratio"] <= 0:
                continue
            x1, x2 = sorted((x(1.0), x(r["ratio"])))
            s.append(f'<rect x="{x1:.1f}" y="{y}" width="{max(x2 - x1, 1):.1f}" height="{bar_h - 1}" '
                     f'fill="{COLORS[pair]}"><title>{e(pair)} {e(label.strip())}: '
                     f'{e(fmt(r["overhead"], unit, signed=True))}, ratio {r["ratio"]:.3f}</title></rect>')
            mark = " ✗" if r["status"].startswith("**missed**") else ""
            s.append(f'<text x="{x2 + 3:.1f}" y="{y + bar_h - 1}" font-size="8">'
                     f'{e(fmt(r["overhead"], unit, signed=True))}{mark}</text>')
    ly = height - 12
    for j, pair in enumerate(pairs):
        lx = left + j * 170
        s.append(f'<rect x="{lx}" y="{ly - 9}" width="10" height="10" fill="{COLORS[pair]}"/>')
        s.append(f'<text x="{lx + 14}" y="{ly}">{e(pair)}</text>')
    s.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(s) + "\n")


if __name__ == "__main__":
    main()
