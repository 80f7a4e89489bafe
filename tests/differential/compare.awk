# Compares a translated driver log with the native log of its runtime (tests/differential/run).
# Files: the functions both drivers run (one a line), the native log, a second native log, the
# translated log. Log lines are "FUNCTION case N LABEL: VALUE"; lines starting with '#' are markers.
# Prints one tab-separated row per difference or stale entry: pair, verdict, text; verdict is
# accepted (with the entry's reason), unexpected or stale (an accepted entry that matched nothing).
# A value that differs between the two native runs is not compared, nor a case either log skipped.
# An entry whose reason starts with "intermittent:" may also not happen (a runtime's own nondeterminism).

function glob(p,    r) {
    r = p
    gsub(/[.+^$(){}|\[\]\\]/, "\\\\&", r)
    gsub(/\*/, ".*", r)
    gsub(/\?/, ".", r)
    return "^" r "$"
}

BEGIN {
    FS = "\n"
    n_acc = 0
    while ((getline line < accepted_file) > 0) {
        sub(/#.*/, "", line)
        if (line ~ /^[ \t]*$/) continue
        split(line, f, /[ \t]+/)
        if (f[1] == "" || f[2] == "" || f[3] == "" || (f[2] != "*" && f[2] !~ /^-?[0-9]+$/)) {
            printf "%s: entry '%s' is not 'FUNCTION CASE ARGUMENT reason' (CASE a number or *)\n", accepted_file, line > "/dev/stderr"
            exit 2
        }
        reason = line
        sub(/^[ \t]*[^ \t]+[ \t]+[^ \t]+[ \t]+[^ \t]+[ \t]*/, "", reason)
        if (reason == "") {
            printf "%s: entry '%s' gives no reason\n", accepted_file, line > "/dev/stderr"
            exit 2
        }
        n_acc++
        acc_fn[n_acc] = glob(f[1]); acc_case[n_acc] = f[2]; acc_arg[n_acc] = glob(f[3])
        acc_text[n_acc] = f[1] " " f[2] " " f[3]; acc_reason[n_acc] = reason; acc_used[n_acc] = 0
    }
}

FNR == 1 { file++ }
file == 1 { if ($0 != "") common[$0] = 1; next }
/^#/ { next }
{
    i = index($0, ": ")
    if (!i) next
    key = substr($0, 1, i - 1)
    val = substr($0, i + 2)
    split(key, k, " ")
    if (!(k[1] in common) || k[2] != "case") next
    c = k[1] " case " k[3]
    label = substr(key, length(c) + 2)
    if (!(c in case_seen)) { case_seen[c] = 1; cases[++n_cases] = c; case_fn[c] = k[1]; case_no[c] = k[3] }
    if (!((c, label) in label_seen)) { label_seen[c, label] = 1; n_labels[c]++; labels[c, n_labels[c]] = label }
    # A crash is a crash: the signal or abort code may differ between runs.
    if (label == "outcome") sub(/ \(exit [0-9]+\)$/, "", val)
    value[file, c, label] = val
    if (label == "skipped") {
        skipped[c] = 1
        if (file == 2) skipped_native[c] = 1
        if (file == 4) skipped_translated[c] = 1
    }
}

function get(f, c, l) { return ((f, c, l) in value) ? value[f, c, l] : "absent" }

function report(c, label, native, translated,    text, j) {
    text = case_fn[c] ": case " case_no[c] " (" get(2, c, "call") "): " label ": native " native " translated " translated
    for (j = 1; j <= n_acc; j++) {
        if (case_fn[c] ~ acc_fn[j] && (acc_case[j] == "*" || acc_case[j] == case_no[c]) && label ~ acc_arg[j]) {
            acc_used[j] = 1
            printf "%s\taccepted\t%s -- %s\n", pair, text, acc_reason[j]
            return
        }
    }
    printf "%s\tunexpected\t%s\n", pair, text
}

END {
    for (x = 1; x <= n_cases; x++) {
        c = cases[x]
        # A case the runtime's own mpi.h cannot express (a constant it lacks) has no reference; the
        # translated call must still not crash or hang.
        if (c in skipped_native && !(c in skipped_translated) && (4, c, "outcome") in value) {
            report(c, "outcome", "(" value[2, c, "skipped"] ")", value[4, c, "outcome"])
            continue
        }
        if (c in skipped) continue
        # Before MPI_Init a crash ends that phase: the calls after it ran on one side only.
        if (case_no[c] < 0 && (!((2, c, "call") in value) || !((4, c, "call") in value))) continue
        o2 = get(2, c, "outcome"); o3 = get(3, c, "outcome"); o4 = get(4, c, "outcome")
        if (o2 != o3) continue
        if (o2 != o4) {
            report(c, "outcome", o2 == "absent" ? "completed" : o2, o4 == "absent" ? "completed" : o4)
            continue
        }
        for (y = 1; y <= n_labels[c]; y++) {
            l = labels[c, y]
            if (l == "outcome") continue
            a = get(2, c, l); b = get(3, c, l); t = get(4, c, l)
            if (a != b || a == t) continue
            report(c, l, a, t)
        }
    }
    for (j = 1; j <= n_acc; j++) {
        if (acc_used[j] || acc_reason[j] ~ /^intermittent:/) continue
        relevant = 0
        for (fn in common) if (fn ~ acc_fn[j]) { relevant = 1; break }
        if (relevant) printf "%s\tstale\t%s -- %s\n", pair, acc_text[j], acc_reason[j]
    }
}
