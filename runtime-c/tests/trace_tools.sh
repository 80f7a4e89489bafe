#!/bin/bash
# The generated tracing tools against sst-dumpi's libdumpi: tests/c/hello.c, tests/c/p2p.c and
# tests/dumpi/collective_calls.c, built with mpicc.openmpi and mpicc.mpich, run on 2 ranks once with
# libdumpi preloaded and once with libwi4mpi_trace_<family>.so preloaded (identity, no translation);
# dumpi2ascii must read every trace and print the same calls and arguments, timestamps apart.
# Normalised before comparing, as docs/tracing.md ("The tools compared with libdumpi") explains:
# the MPI_Iprobe records of p2p's polling loop (their number is timing) and the error field of
# statuses (memory the program never set). Then wi4mpi-trace-check-config and a run with a bad
# WI4MPI_TRACE_CONFIG: one sentence naming file and line, exit status 2, no trace file.
#   trace_tools.sh TOOLDIR DIR SOURCEDIR
# TOOLDIR holds libwi4mpi_trace_openmpi.so and libwi4mpi_trace_mpich.so (the native build's
# directory). Exit 77 (skipped) without them, without the reference (tests/dumpi/build-reference)
# or without an MPI's mpicc.
set -u
tools=$1 dir=$2 src=$3
cache=${WI4MPI_DUMPI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wi4mpi/sst-dumpi-a4c8bf5}
reader=$cache/reader/bin/dumpi2ascii
skip() { echo "trace_tools: $1; skipped"; exit 77; }
[ -x "$reader" ] || skip "$reader not built (tests/dumpi/build-reference)"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
rm -rf "$dir" && mkdir -p "$dir" || exit 1
failures=0 compared=0

normalised() { # trace: dumpi2ascii's output without times, Iprobe records and status error fields
    "$reader" "$1" 2>"$dir/reader.err" | sed -E 's/ at walltime [0-9.]+, cputime [0-9.]+ seconds//' \
        | awk '/^MPI_Iprobe entering/ {skip = 1} !skip {print} /^MPI_Iprobe returning/ {skip = 0}' \
        | sed -E 's/error=-?[0-9]+/error=?/g'
    if [ -s "$dir/reader.err" ]; then echo "dumpi2ascii $1:" >&2; cat "$dir/reader.err" >&2; return 1; fi
}

# The reference run: libdumpi preloaded, until it exits 0 with both ranks' traces readable (at most
# 3 attempts). libdumpi is the yardstick, not what is tested, and once in many runs under load it left
# both ranks' files short; each failed attempt is reported with its output so the cause stays visible.
reference_run() { # family run-directory program libdumpi
    local family=$1 run=$2 name=$3 libdumpi=$4 attempt status file readable
    for attempt in 1 2 3; do
        rm -rf "$run/libdumpi" && mkdir -p "$run/libdumpi"
        # In the trace directory, with the relative fileroot of dumpi.conf (see below).
        if [ "$family" = openmpi ]; then
            (cd "$run/libdumpi" && timeout 60 mpirun.openmpi -np 2 -x LD_PRELOAD="$libdumpi" -x DUMPI_CONF="$run/dumpi.conf" "$run/$name") >"$run/libdumpi.out" 2>&1
        else
            (cd "$run/libdumpi" && timeout 60 mpirun.mpich -np 2 -env LD_PRELOAD "$libdumpi" -env DUMPI_CONF "$run/dumpi.conf" "$run/$name") >"$run/libdumpi.out" 2>&1
        fi
        status=$? readable=yes
        for file in "$run"/libdumpi/dumpi-*-0000.bin "$run"/libdumpi/dumpi-*-0001.bin; do
            [ -f "$file" ] && "$reader" "$file" >/dev/null 2>"$run/reader.err" && [ ! -s "$run/reader.err" ] || readable=no
        done
        [ "$status" -eq 0 ] && [ "$readable" = yes ] && return 0
        echo "$family $name: libdumpi's attempt $attempt exited $status, traces readable: $readable" >&2
        ls -l "$run/libdumpi" >&2; tail -n 20 "$run/libdumpi.out" "$run/reader.err" >&2
    done
    echo "$family $name: libdumpi gave no readable trace in 3 attempts"
    return 1
}

for family in openmpi mpich; do
    tool=$tools/libwi4mpi_trace_$family.so libdumpi=$cache/$family/lib/libdumpi.so
    [ -f "$tool" ] || skip "$tool not built"
    [ -f "$libdumpi" ] || skip "$libdumpi not built"
    command -v "mpicc.$family" >/dev/null || skip "no mpicc.$family"
    for program in c/hello.c c/p2p.c dumpi/collective_calls.c; do
        name=$(basename "$program" .c) run=$dir/$family-$name
        mkdir -p "$run/libdumpi" "$run/tool"
        "mpicc.$family" -I"$src/c" -o "$run/$name" "$src/$program" || { echo "cannot build $program"; exit 1; }
        # libdumpi names its .meta file in a 100-byte buffer (init.c, create_meta_file): a fileroot of more
        # than 74 characters overflows it, and the run aborts with MPI_ERR_ARG or corrupts its stack. A
        # relative fileroot, the run starting in the trace directory, fits whatever the build directory.
        echo "fileroot dumpi" > "$run/dumpi.conf"
        reference_run "$family" "$run" "$name" "$libdumpi" || { failures=$((failures + 1)); continue; }
        if [ "$family" = openmpi ]; then
            timeout 60 mpirun.openmpi -np 2 -x LD_PRELOAD="$tool" -x WI4MPI_TRACE="$run/tool" "$run/$name" >"$run/tool.out" 2>&1
        else
            timeout 60 mpirun.mpich -np 2 -env LD_PRELOAD "$tool" -env WI4MPI_TRACE "$run/tool" "$run/$name" >"$run/tool.out" 2>&1
        fi || { echo "$family $name failed under the tool:"; cat "$run/tool.out"; failures=$((failures + 1)); continue; }
        for rank in 0000 0001; do
            ours=$(ls "$run"/tool/dumpi-*-$rank.bin 2>/dev/null) theirs=$(ls "$run"/libdumpi/dumpi-*-$rank.bin 2>/dev/null)
            if [ -z "$ours" ] || [ -z "$theirs" ]; then
                echo "$family $name rank $rank: trace missing (tool: '$ours', libdumpi: '$theirs')"
                failures=$((failures + 1)); continue
            fi
            normalised "$theirs" >"$run/libdumpi-$rank.txt" && normalised "$ours" >"$run/tool-$rank.txt" || { failures=$((failures + 1)); continue; }
            if ! grep -q '^MPI_Finalize returning' "$run/tool-$rank.txt"; then
                echo "$family $name rank $rank: the tool's trace has no MPI_Finalize record"; failures=$((failures + 1))
            elif ! diff "$run/libdumpi-$rank.txt" "$run/tool-$rank.txt" >"$run/diff-$rank.txt"; then
                echo "$family $name rank $rank differs from libdumpi:"; head -20 "$run/diff-$rank.txt"; failures=$((failures + 1))
            fi
            compared=$((compared + 1))
        done
    done
done
# The configuration checker and a run with a bad configuration: the same sentence, status 2, no file.
checker=$tools/wi4mpi-trace-check-config
printf 'timestamp wall\nstatuses disable\nMPI_Barrier disable\n' >"$dir/good.conf"
printf 'statuses enable\nMPI_Bcast sometimes\n' >"$dir/bad.conf"
sentence="wi4mpi: $dir/bad.conf line 2: a function takes enable, success or disable, not 'MPI_Bcast sometimes'."
if [ -x "$checker" ]; then
    out=$("$checker" "$dir/good.conf" 2>&1) || { echo "checker refused good.conf: $out"; failures=$((failures + 1)); }
    out=$("$checker" "$dir/bad.conf" 2>&1); status=$?
    if [ "$status" -ne 2 ] || [ "$out" != "$sentence" ]; then
        echo "checker on bad.conf: status $status, '$out'"; failures=$((failures + 1))
    fi
fi
mkdir -p "$dir/bad-run"
timeout 60 mpirun.openmpi -np 1 -x LD_PRELOAD="$tools/libwi4mpi_trace_openmpi.so" -x WI4MPI_TRACE="$dir/bad-run" \
    -x WI4MPI_TRACE_CONFIG="$dir/bad.conf" "$dir/openmpi-hello/hello" >"$dir/bad-run.out" 2>&1 && {
    echo "a run with bad.conf succeeded"; failures=$((failures + 1)); }
grep -qxF "$sentence" "$dir/bad-run.out" || { echo "a run with bad.conf did not say: $sentence"; cat "$dir/bad-run.out"; failures=$((failures + 1)); }
[ -z "$(ls -A "$dir/bad-run")" ] || { echo "a run with bad.conf wrote files"; failures=$((failures + 1)); }

echo "trace_tools: $compared traces compared, $failures failures"
[ "$failures" -eq 0 ]
