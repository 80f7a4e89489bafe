#!/bin/bash
# The tracing tools' Fortran entry points: trace_fortran_program.f90 (mpif.h), built with mpifort.mpich
# and mpifort.openmpi, run on 2 ranks. The reference is libdumpi's trace of the MPICH build: MPICH's
# own Fortran bindings call the C MPI_X that libdumpi wraps. The tool must give the same records,
# footer counts and datatype sizes (dumpi2ascii -S -F -X, times removed):
#   - natively with MPICH (the tool's Fortran entries replace MPICH's: no call recorded twice);
#   - natively with Open MPI (whose bindings call PMPI_X: without the entries the tool sees nothing);
#   - through the cross pairs openmpi->mpich and mpich->openmpi with the launcher's --tool, and in
#     interface mode (built with INSTALL/bin/mpifort, the standard ABI's tool, run on Open MPI and on
#     MPICH), when the install tree INSTALL holds bin/wi4mpi (else they are reported as not run).
#   trace_fortran.sh TOOLDIR DIR TESTDIR [INSTALL]
# TOOLDIR holds libwi4mpi_trace_<family>.so; TESTDIR is runtime-c/tests. Exit 77 (skipped) without
# the tools, the reference (tests/dumpi/build-reference) or an mpifort.
set -u
tools=$1 dir=$2 src=$3 install=${4:-}
cache=${WI4MPI_DUMPI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wi4mpi/sst-dumpi-a4c8bf5}
reader=$cache/reader/bin/dumpi2ascii libdumpi=$cache/mpich/lib/libdumpi.so
skip() { echo "trace_fortran: $1; skipped"; exit 77; }
[ -x "$reader" ] || skip "$reader not built (tests/dumpi/build-reference)"
[ -f "$libdumpi" ] || skip "$libdumpi not built"
for family in openmpi mpich; do
    [ -f "$tools/libwi4mpi_trace_$family.so" ] || skip "$tools/libwi4mpi_trace_$family.so not built"
    command -v "mpifort.$family" >/dev/null || skip "no mpifort.$family"
done
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
rm -rf "$dir" && mkdir -p "$dir" || exit 1
failures=0 compared=0

for family in openmpi mpich; do
    mkdir -p "$dir/$family"
    (cd "$dir/$family" && "mpifort.$family" -O2 -g -o program "$src/trace_fortran_program.f90") \
        || { echo "cannot build trace_fortran_program.f90 with mpifort.$family"; exit 1; }
done

# The records (without times), the footer's non-zero counts and the datatype sizes of a trace.
printed() {
    "$reader" -S -F -X "$1" 2>"$dir/reader.err" | sed -E 's/ at walltime [0-9.]+, cputime [0-9.]+ seconds//' \
        | grep -v ' called 0 times and ignored 0 times'
    if [ -s "$dir/reader.err" ]; then echo "dumpi2ascii $1:" >&2; cat "$dir/reader.err" >&2; return 1; fi
}

# run NAME COMMAND...: the run's output in DIR/NAME.out, its traces in DIR/NAME/.
run() {
    local name=$1; shift
    mkdir -p "$dir/$name"
    if ! timeout 60 "$@" >"$dir/$name.out" 2>&1 || ! grep -q 'trace_fortran_program: ok' "$dir/$name.out"; then
        echo "$name: the run failed:"; cat "$dir/$name.out"; failures=$((failures + 1)); return 1
    fi
}

# A relative fileroot, the run starting in the trace directory: libdumpi names its .meta file in a
# 100-byte buffer, which a fileroot of more than 74 characters overflows (trace_tools.sh).
echo "fileroot dumpi" >"$dir/dumpi.conf"
mkdir -p "$dir/reference"
(cd "$dir/reference" && run reference mpirun.mpich -np 2 -env LD_PRELOAD "$libdumpi" -env DUMPI_CONF "$dir/dumpi.conf" \
    "$dir/mpich/program") || { echo "trace_fortran: no reference trace"; exit 1; }
run mpich mpirun.mpich -np 2 -env LD_PRELOAD "$tools/libwi4mpi_trace_mpich.so" -env WI4MPI_TRACE "$dir/mpich" \
    "$dir/mpich/program"
run openmpi mpirun.openmpi -np 2 -x LD_PRELOAD="$tools/libwi4mpi_trace_openmpi.so" -x WI4MPI_TRACE="$dir/openmpi" \
    "$dir/openmpi/program"
runs="mpich openmpi"
if [ -n "$install" ] && [ -x "$install/bin/wi4mpi" ]; then
    WI4MPI_TRACE=$dir/openmpi-mpich run openmpi-mpich "$install/bin/wi4mpi" -f openmpi -t mpich \
        --tool "$tools/libwi4mpi_trace_openmpi.so" mpirun -np 2 "$dir/openmpi/program"
    WI4MPI_TRACE=$dir/mpich-openmpi run mpich-openmpi "$install/bin/wi4mpi" -f mpich -t openmpi \
        --tool "$tools/libwi4mpi_trace_mpich.so" mpirun -np 2 "$dir/mpich/program"
    runs="$runs openmpi-mpich mpich-openmpi"
    mkdir -p "$dir/standard"
    if (cd "$dir/standard" && "$install/bin/mpifort" -O2 -g -o program "$src/trace_fortran_program.f90"); then
        for to in openmpi mpich; do
            WI4MPI_TRACE=$dir/standard-$to run standard-$to "$install/bin/wi4mpi" -t $to \
                --tool "$tools/libwi4mpi_trace_standard.so" mpirun -np 2 "$dir/standard/program"
        done
        runs="$runs standard-openmpi standard-mpich"
    else
        echo "cannot build trace_fortran_program.f90 with $install/bin/mpifort"; failures=$((failures + 1))
    fi
else
    echo "trace_fortran: no launcher in '$install': cross pairs and interface mode not run"
fi

for rank in 0000 0001; do
    reference=$(ls "$dir"/reference/dumpi-*-$rank.bin 2>/dev/null)
    [ -n "$reference" ] && printed "$reference" >"$dir/reference-$rank.txt" \
        || { echo "reference rank $rank: no readable trace"; failures=$((failures + 1)); continue; }
    # The reference itself must hold the program's calls: MPI_Waitany's C index of the second request.
    grep -q '^int index=1$' "$dir/reference-$rank.txt" || { echo "reference rank $rank: no MPI_Waitany index 1"; failures=$((failures + 1)); }
    for name in $runs; do
        ours=$(ls "$dir/$name"/dumpi-*-$rank.bin 2>/dev/null)
        if [ -z "$ours" ]; then
            echo "$name rank $rank: no trace"; failures=$((failures + 1)); continue
        fi
        printed "$ours" >"$dir/$name-$rank.txt" || { failures=$((failures + 1)); continue; }
        if ! diff "$dir/reference-$rank.txt" "$dir/$name-$rank.txt" >"$dir/diff-$name-$rank.txt"; then
            echo "$name rank $rank differs from libdumpi's MPICH trace:"; head -20 "$dir/diff-$name-$rank.txt"
            failures=$((failures + 1))
        fi
        compared=$((compared + 1))
    done
done

echo "trace_fortran: $compared traces compared, $failures failures"
[ "$failures" -eq 0 ]
