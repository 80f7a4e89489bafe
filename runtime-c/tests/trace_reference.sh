#!/bin/bash
# Reads a trace of trace_writer_program with sst-dumpi's dumpi2ascii (the reference reader, built
# by tests/dumpi/build-reference) and compares what it prints, times apart, with
# trace_reference.expected: thread 0's calls and arguments in order, the 300 sends of each other
# thread, header (-H), keyval (-K) and the non-zero footer counts (-F).
#   trace_reference.sh PROGRAM DIR EXPECTED [crashed]
# Exit 77 (skipped) when the reference reader is not built. With "crashed", the program dies of
# SIGABRT before MPI_Finalize and the expectation loses that call.
set -u
program=$1 dir=$2 expected=$3 ending=${4:-complete}
cache=${WI4MPI_DUMPI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wi4mpi/sst-dumpi-a4c8bf5}
reader=$cache/reader/bin/dumpi2ascii
if [ ! -x "$reader" ]; then
    echo "trace_reference: $reader not built (tests/dumpi/build-reference); skipped"
    exit 77
fi
rm -rf "$dir" && mkdir -p "$dir" || exit 1
unset LOGNAME # the header then holds "<none>"
if [ "$ending" = crashed ]; then
    "$program" "$dir" 0 2 crash >/dev/null && { echo "trace_writer_program did not crash"; exit 1; }
else
    "$program" "$dir" 0 2 >/dev/null || { echo "trace_writer_program failed"; exit 1; }
fi
trace=$dir/wi4mpi-test-0000.bin

read_with() { # options...: dumpi2ascii's output; fails on any message or exit status
    "$reader" "$@" "$trace" 2>"$dir/reader.err" || { echo "dumpi2ascii $* failed:"; cat "$dir/reader.err"; exit 1; }
    if [ -s "$dir/reader.err" ]; then echo "dumpi2ascii $* complained:"; cat "$dir/reader.err"; exit 1; fi
}

{
    read_with | awk '
        / entering at / { thread = $NF; sub(/\.$/, "", thread); name = $1; args = ""
                          if (thread == 0) print "thread 0: " name; next }
        / returning at / { if (thread != 0) summarize(); next }
        { if (thread == 0) print "  " $0; else args = args " " $0 }
        function summarize(   a, n, i, dest, tag, rest) {
            n = split(args, a, " ")
            rest = ""; dest = ""; tag = ""
            for (i = 1; i <= n; i++) {
                if (a[i] ~ /^dest=/) dest = substr(a[i], 6)
                else if (a[i] ~ /^tag=/) tag = substr(a[i], 5)
                else if (a[i] != "int" && a[i] != "MPI_Datatype" && a[i] != "MPI_Comm") rest = rest " " a[i]
            }
            if (!(thread in calls)) { calls[thread] = name rest; tags[thread] = tag }
            if (name rest != calls[thread] || tag != tags[thread] || dest != count[thread] % 2) bad[thread] = 1
            count[thread]++
        }
        END {
            for (t = 1; t <= 2; t++) {
                note = bad[t] ? " (other values in some calls)" : ""
                printf "thread %d: %d x %s, dest 0 1 0 1 ...%s\n", t, count[t], calls[t], note
            }
            if (tags[1] < tags[2]) print "tags of threads 1 and 2: " tags[1] " " tags[2]
            else print "tags of threads 1 and 2: " tags[2] " " tags[1]
        }'
    read_with -H | grep -E '^(version|meshdim|username)=' | sed 's/^/-H /'
    read_with -K | sed 's/^/-K /'
    read_with -F | grep -v ' called 0 times and ignored 0 times' | sed 's/^/-F /'
} >"$dir/actual.txt"

if [ "$ending" = crashed ]; then
    grep -v -e '^thread 0: MPI_Finalize$' -e '^-F MPI_Finalize ' "$expected" |
        sed 's/^-F MPI_ALL_FUNCTIONS called 610 /-F MPI_ALL_FUNCTIONS called 609 /' >"$dir/expected.txt"
else
    cp "$expected" "$dir/expected.txt"
fi
if ! diff -u "$dir/expected.txt" "$dir/actual.txt"; then
    echo "trace_reference: dumpi2ascii shows other calls or values than expected (above)"
    exit 1
fi
echo "trace_reference: dumpi2ascii read $trace as expected ($(grep -c . "$dir/actual.txt") lines compared)"
