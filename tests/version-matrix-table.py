#!/usr/bin/env python3
"""The version matrix's results table, from the surefire reports of the OpenMpi5*Test classes.

Used by tests/run-version-matrix. A test named "PROGRAM FROM→TO np N" is a cell of row (PROGRAM, N)
and column FROM→TO; any other test of those classes is listed by name. What a case expected comes from
target/version-matrix/<class>.tsv (test name, kind, reason), written by the test classes that have lists
of expected differences; a case without an entry expected the native result.
"""
import argparse
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET

# "p2p openmpi5→mpich np 2"; the main suite's style, "p2p_mpi [openmpi5→mpich] np=2", "... [openmpi5 native] np=1"
CASE = re.compile(r"^(?:\S+\(\) )?(.+) (\S+→\S+) np (\d+)$")
BRACKETED = re.compile(r"^(?:\S+\(\) )?(.+) \[(\S+→\S+|(\S+) native)\] np=(\d+)$")
PAIRS = ["openmpi5→openmpi5", "openmpi5→mpich", "openmpi5→openmpi", "openmpi→openmpi5", "mpich→openmpi5",
         "standard→openmpi5"]
SHORT = {"openmpi5→openmpi5": "native 5.0.7"}
WORSE = {"skipped": 0, "ok": 1, "fails": 2}


SYMPTOM = re.compile(r"CHECK FAILED: .*|exited on\s+signal \d+ \([^)]*\)|An error occurred in \w+|MPI_ERR_\w+: .*")


def outcome(testcase):
    """ok, fails or skipped, and the first line of the message with the run's first symptom."""
    for tag, verdict in (("failure", "fails"), ("error", "fails"), ("skipped", "skipped")):
        node = testcase.find(tag)
        if node is not None:
            text = ((node.get("message") or "") + "\n" + (node.text or "")).strip()
            text = re.sub(r"^org\.opentest4j\.\w+: (Assumption failed: )?", "", text)
            first = text.splitlines()[0] if text else ""
            symptom = SYMPTOM.search(text)
            if verdict == "fails" and symptom and symptom.group(0) not in first:
                first += ": " + re.sub(r"(0x)?[0-9a-f]{12,}", "…", re.sub(r"\s+", " ", symptom.group(0)))
            return verdict, first
    return "ok", ""


def case_key(name):
    """(program, pair, ranks) of a matrix case's test name, or None."""
    m = CASE.match(name)
    if m and m.group(2) in PAIRS:
        return m.group(1), m.group(2), int(m.group(3))
    m = BRACKETED.match(name)
    if m:
        pair = m.group(3) + "→" + m.group(3) if m.group(3) else m.group(2)
        if pair in PAIRS:
            return m.group(1), pair, int(m.group(4))
    return None


def read_expectations(directory):
    expected = {}
    for path in sorted(glob.glob(os.path.join(directory, "*.tsv"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 3:
                    expected[parts[0]] = (parts[1], parts[2])
    return expected


def cell(verdict, kind, notes, reason):
    """The table's word for a case, with a footnote number for its reason."""
    def note(text):
        if text not in notes:
            notes.append(text)
        return "[%d]" % (notes.index(text) + 1)

    if kind == "NOT_BUILT":
        return "not built " + note(reason)
    if kind == "FAILS_ON_OPENMPI5" and verdict == "ok":
        return "fails as listed " + note(reason)
    if kind == "KNOWN_DEFECT":
        return ("**fails** (known defect) " if verdict == "fails" else verdict + " (known defect) ") + note(reason)
    return "**fails**" if verdict == "fails" else verdict


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reports", required=True)
    parser.add_argument("--expectations", required=True)
    parser.add_argument("--seconds", type=int, required=True)
    parser.add_argument("--status", type=int, required=True)
    parser.add_argument("--log", required=True)
    args = parser.parse_args()

    expected = read_expectations(args.expectations)
    rows, others, failures = {}, [], []
    counts = {"ok": 0, "fails": 0, "skipped": 0}
    classes = []
    for path in sorted(glob.glob(os.path.join(args.reports, "TEST-org.wi4mpi.tests.openmpi5.*.xml"))):
        suite = ET.parse(path).getroot()
        classes.append("%s (%s tests, %.0f s)" % (suite.get("name").rsplit(".", 1)[-1], suite.get("tests"),
                                                  float(suite.get("time") or 0)))
        for testcase in suite.iter("testcase"):
            name = testcase.get("name")
            verdict, message = outcome(testcase)
            counts[verdict] += 1
            display = re.sub(r"^\S+\(\) ", "", name)
            if verdict == "fails":
                failures.append("- `%s`: %s" % (display, message[:300]))
            key = case_key(name)
            if key:
                # one cell per case; two classes running the same case: the worse outcome
                row = rows.setdefault((key[0], key[2]), {})
                if key[1] not in row or WORSE[verdict] > WORSE[row[key[1]][0]]:
                    row[key[1]] = (verdict, display)
            else:
                others.append((display, verdict, message))

    if not classes:
        sys.exit("version-matrix-table: no OpenMpi5*Test report in %s (see %s)" % (args.reports, args.log))

    notes = []
    out = ["# The version matrix", "",
           "`tests/run-version-matrix`: %d ok, %d fail, %d skipped in %d s (%s); Maven exit %d." % (
               counts["ok"], counts["fails"], counts["skipped"], args.seconds, ", ".join(classes), args.status),
           "", "| program | np | " + " | ".join(SHORT.get(p, p) for p in PAIRS) + " |",
           "|---|---|" + "---|" * len(PAIRS)]
    for (program, np) in sorted(rows, key=lambda k: (k[0].lower(), k[1])):
        cells = []
        for pair in PAIRS:
            if pair not in rows[(program, np)]:
                cells.append("")
                continue
            verdict, display = rows[(program, np)][pair]
            kind, reason = expected.get(display, ("AS_NATIVELY", ""))
            cells.append(cell(verdict, kind, notes, reason))
        out.append("| %s | %d | %s |" % (program, np, " | ".join(cells)))
    out.append("")
    for i, text in enumerate(notes, 1):
        out.append("[%d] %s" % (i, text))
    if others:
        out += ["", "Other tests of these classes:", ""]
        out += ["- `%s`: %s%s" % (d, v, (" (" + m[:200] + ")") if m and v != "ok" else "") for d, v, m in others]
    if failures:
        out += ["", "Failures (first line of each message; the whole run in the surefire report):", ""] + failures
    print("\n".join(out))


if __name__ == "__main__":
    main()
