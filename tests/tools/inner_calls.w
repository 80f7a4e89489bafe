// inner_calls.w: a PMPI tool that calls MPI itself, through both entry points. Its MPI_Sendrecv and
// MPI_Isend wrappers ask MPI_Comm_rank for the caller's rank (the MPI_ entry point: the call comes back
// into this tool's own MPI_Comm_rank wrapper, which counts it, as any call to MPI_Comm_rank) and
// PMPI_Comm_size for the size (not counted). At MPI_Finalize each rank prints one line,
//     inner_calls rank R: MPI_Comm_rank=N sends=N inner_ok=N
// where sends counts the wrapped sends and inner_ok those whose inner calls gave a rank within the size.
// Generated without -g: a reentry guard would send the inner MPI_Comm_rank straight to PMPI_Comm_rank.
#include <stdio.h>

static int inner_comm_rank_calls, inner_sends, inner_ok;

{{fn fn_name MPI_Comm_rank}}
    inner_comm_rank_calls++;
    {{callfn}}
{{endfn}}

{{fn fn_name MPI_Sendrecv MPI_Isend}}
    int rank = -1, size = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    inner_sends++;
    if (0 <= rank && rank < size)
        inner_ok++;
    {{callfn}}
{{endfn}}

{{fn fn_name MPI_Finalize}}
    int rank = -1;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("inner_calls rank %d: MPI_Comm_rank=%d sends=%d inner_ok=%d\n", rank, inner_comm_rank_calls, inner_sends,
           inner_ok);
    fflush(stdout);
    {{callfn}}
{{endfn}}
