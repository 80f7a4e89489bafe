#!/bin/bash
# The Java DUMPI reader (bin/wi4mpi-trace critpath) reads a two-rank trace written by
# trace_writer_program: it must exit 0 and write a path from MPI_Init to MPI_Finalize through the
# one MPI_Barrier; the same for the one-rank trace of trace_encoders_program. Times are real, so which calls lie on the path is not checked.
#   trace_critpath.sh PROGRAM DIR REPO
# Exit 77 (skipped) when the generator jar is not built or no JDK 25 is found.
set -u
program=$1 dir=$2 repo=$3
jar=$repo/generator/target/wi4mpi-gen.jar
[ -f "$jar" ] || { echo "trace_critpath: $jar not built; skipped"; exit 77; }
if [ -z "${JAVA_HOME:-}" ] && [ -d /usr/lib/jvm/temurin-25-jdk-amd64 ]; then
    export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
fi
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
"$java" -version 2>&1 | grep -qE 'version "(2[5-9]|[3-9][0-9])' || { echo "trace_critpath: no JDK 25; skipped"; exit 77; }
rm -rf "$dir" && mkdir -p "$dir" || exit 1
for rank in 0 1; do
    "$program" "$dir" $rank 2 >/dev/null || { echo "trace_writer_program failed for rank $rank"; exit 1; }
done
WI4MPI_GEN_JAR=$jar "$repo/bin/wi4mpi-trace" critpath "$dir" -o "$dir/critPath.out" >"$dir/summary.txt" 2>&1 \
    || { echo "wi4mpi-trace critpath failed:"; cat "$dir/summary.txt"; exit 1; }
path=$(cat "$dir/critPath.out")
case "$path" in
    "MPI_Init -1 "*" MPI_Barrier -1 "*" MPI_Finalize -1") ;;
    *) echo "trace_critpath: unexpected path: $path"; exit 1 ;;
esac
grep -q '1 collective' "$dir/summary.txt" || { echo "trace_critpath: summary:"; cat "$dir/summary.txt"; exit 1; }
echo "trace_critpath: $path"

# One rank of every encoder (trace_encoders_program, next to PROGRAM): a path through its
# two collectives, whose datatype sizes come from the datatype-sizes record.
mkdir -p "$dir/encoders" || exit 1
"$(dirname "$program")/trace_encoders_program" "$dir/encoders" || { echo "trace_encoders_program failed"; exit 1; }
WI4MPI_GEN_JAR=$jar "$repo/bin/wi4mpi-trace" critpath "$dir/encoders" -o "$dir/encoders/critPath.out" \
    >"$dir/encoders/summary.txt" 2>&1 \
    || { echo "wi4mpi-trace critpath failed:"; cat "$dir/encoders/summary.txt"; exit 1; }
path=$(cat "$dir/encoders/critPath.out")
case "$path" in
    "MPI_Init -1 "*" MPI_Reduce -1 "*" MPI_Alltoallw -1 "*" MPI_Finalize -1") ;;
    *) echo "trace_critpath: unexpected path of the encoders trace: $path"; exit 1 ;;
esac
echo "trace_critpath: $path"
