/*
 * Latency measurements for wi4mpi-trace calibrate, compiled with the application family's mpicc and
 * run through the wi4mpi launcher.
 *
 *   calibrate-mpi REPETITIONS BLOCKS MAX_P2P_BYTES MAX_COLLECTIVE_BYTES
 *
 * With two ranks it first runs the ping-pong of the critical-path assignment (rank 0 sends, then
 * receives; rank 1 receives, then sends) for sizes 4 B, 8 B, ... MAX_P2P_BYTES; then, with any number
 * of ranks, every collective critpath models for sizes 4 B, 16 B, ... MAX_COLLECTIVE_BYTES. Each
 * measurement is BLOCKS timed blocks after an untimed warm-up; a block's figure is its total time
 * divided by its repetitions (for the ping-pong also by 2: one way; for a collective the slowest
 * rank's), and rank 0 prints the smallest block figure, in microseconds:
 *
 *   calibrate library <a line of MPI_Get_library_version>
 *   calibrate p2p <bytes> <microseconds>
 *   calibrate coll <function> <bytes> <ranks> <microseconds>
 *   calibrate done
 *
 * <bytes> is what critpath takes as the x of the fit for a call of that size (docs/critical-path.md):
 * the per-rank payload, and for the all-to-all forms and MPI_Reduce_scatter the sum over all ranks.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum collective {
    BARRIER, BCAST, GATHER, GATHERV, SCATTER, SCATTERV, ALLGATHER, ALLGATHERV, ALLTOALL, ALLTOALLV,
    ALLTOALLW, REDUCE, ALLREDUCE, REDUCE_SCATTER, SCAN, EXSCAN, COLLECTIVES
};

static const char *const NAMES[COLLECTIVES] = {
    "MPI_Barrier", "MPI_Bcast", "MPI_Gather", "MPI_Gatherv", "MPI_Scatter", "MPI_Scatterv",
    "MPI_Allgather", "MPI_Allgatherv", "MPI_Alltoall", "MPI_Alltoallv", "MPI_Alltoallw",
    "MPI_Reduce", "MPI_Allreduce", "MPI_Reduce_scatter", "MPI_Scan", "MPI_Exscan"};

static int rank, size;
static char *sendbuf, *recvbuf;
static int *counts, *bytecounts, *bytedispls;
static MPI_Datatype *types;

/* Repetitions of a block for a message of this many bytes: fewer for large messages, so that a block
 * moves at most 64 MiB, and never fewer than 10. */
static long repetitions_for(long repetitions, long bytes) {
    long cap = (64L << 20) / (bytes > 0 ? bytes : 1);
    long r = repetitions < cap ? repetitions : cap;
    return r < 10 ? 10 : r;
}

static void pingpong_round(long bytes) {
    if (rank == 0) {
        MPI_Send(sendbuf, (int) bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
        MPI_Recv(recvbuf, (int) bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(recvbuf, (int) bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(sendbuf, (int) bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
    }
}

static void pingpong(long repetitions, int blocks, long max_bytes) {
    for (long bytes = 4; bytes <= max_bytes; bytes *= 2) {
        long reps = repetitions_for(repetitions, bytes);
        for (long i = 0; i < reps / 10 + 1; i++) {
            pingpong_round(bytes);
        }
        double best = -1;
        for (int b = 0; b < blocks; b++) {
            double start = MPI_Wtime();
            for (long i = 0; i < reps; i++) {
                pingpong_round(bytes);
            }
            double one_way = (MPI_Wtime() - start) / reps / 2 * 1e6;
            if (best < 0 || one_way < best) {
                best = one_way;
            }
        }
        if (rank == 0) {
            printf("calibrate p2p %ld %.6f\n", bytes, best);
            fflush(stdout);
        }
    }
}

/* One call of collective c with `bytes` bytes per rank (ints for the reductions). */
static void collective_call(enum collective c, int bytes) {
    int ints = bytes / 4;
    switch (c) {
    case BARRIER: MPI_Barrier(MPI_COMM_WORLD); break;
    case BCAST: MPI_Bcast(sendbuf, bytes, MPI_BYTE, 0, MPI_COMM_WORLD); break;
    case GATHER: MPI_Gather(sendbuf, bytes, MPI_BYTE, recvbuf, bytes, MPI_BYTE, 0, MPI_COMM_WORLD); break;
    case GATHERV: MPI_Gatherv(sendbuf, bytes, MPI_BYTE, recvbuf, bytecounts, bytedispls, MPI_BYTE, 0, MPI_COMM_WORLD); break;
    case SCATTER: MPI_Scatter(sendbuf, bytes, MPI_BYTE, recvbuf, bytes, MPI_BYTE, 0, MPI_COMM_WORLD); break;
    case SCATTERV: MPI_Scatterv(sendbuf, bytecounts, bytedispls, MPI_BYTE, recvbuf, bytes, MPI_BYTE, 0, MPI_COMM_WORLD); break;
    case ALLGATHER: MPI_Allgather(sendbuf, bytes, MPI_BYTE, recvbuf, bytes, MPI_BYTE, MPI_COMM_WORLD); break;
    case ALLGATHERV: MPI_Allgatherv(sendbuf, bytes, MPI_BYTE, recvbuf, bytecounts, bytedispls, MPI_BYTE, MPI_COMM_WORLD); break;
    case ALLTOALL: MPI_Alltoall(sendbuf, bytes, MPI_BYTE, recvbuf, bytes, MPI_BYTE, MPI_COMM_WORLD); break;
    case ALLTOALLV:
        MPI_Alltoallv(sendbuf, bytecounts, bytedispls, MPI_BYTE, recvbuf, bytecounts, bytedispls, MPI_BYTE, MPI_COMM_WORLD);
        break;
    case ALLTOALLW:
        MPI_Alltoallw(sendbuf, bytecounts, bytedispls, types, recvbuf, bytecounts, bytedispls, types, MPI_COMM_WORLD);
        break;
    case REDUCE: MPI_Reduce(sendbuf, recvbuf, ints, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD); break;
    case ALLREDUCE: MPI_Allreduce(sendbuf, recvbuf, ints, MPI_INT, MPI_SUM, MPI_COMM_WORLD); break;
    case REDUCE_SCATTER: MPI_Reduce_scatter(sendbuf, recvbuf, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD); break;
    case SCAN: MPI_Scan(sendbuf, recvbuf, ints, MPI_INT, MPI_SUM, MPI_COMM_WORLD); break;
    case EXSCAN: MPI_Exscan(sendbuf, recvbuf, ints, MPI_INT, MPI_SUM, MPI_COMM_WORLD); break;
    default: break;
    }
}

/* After two untimed warm-up calls, times one more and gives the calls of a timed block: at most
 * `repetitions`, and no more than fit in BLOCK_BUDGET seconds, at least one. With more ranks than
 * cores a busy-polling MPI takes a scheduler time slice (milliseconds) per collective, and a fixed
 * count would make those runs last many minutes. All ranks agree on the count through the maximum. */
static long calls_per_block(long repetitions, enum collective c, int bytes) {
    const double BLOCK_BUDGET = 0.005;
    collective_call(c, bytes);
    collective_call(c, bytes);
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    collective_call(c, bytes);
    double mine = MPI_Wtime() - start, slowest;
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    long fit = slowest > 0 ? (long) (BLOCK_BUDGET / slowest) : repetitions;
    long reps = fit < repetitions ? fit : repetitions;
    return reps < 1 ? 1 : reps;
}

/* The x of critpath's fit for this call: the sum over ranks for the all-to-all forms and
 * MPI_Reduce_scatter (they send a block to every rank), nothing for MPI_Barrier. */
static long model_bytes(enum collective c, long bytes) {
    switch (c) {
    case BARRIER: return 0;
    case ALLTOALL: case ALLTOALLV: case ALLTOALLW: case REDUCE_SCATTER: return bytes * size;
    default: return bytes;
    }
}

static void collectives(long repetitions, int blocks, long max_bytes) {
    for (int c = 0; c < COLLECTIVES; c++) {
        for (long bytes = 4; bytes <= max_bytes; bytes *= 4) {
            for (int r = 0; r < size; r++) {
                bytecounts[r] = (int) bytes;
                bytedispls[r] = (int) (bytes * r);
                counts[r] = (int) (bytes / 4);
            }
            long reps = calls_per_block(repetitions, (enum collective) c, (int) bytes);
            double best = -1;
            for (int b = 0; b < blocks; b++) {
                MPI_Barrier(MPI_COMM_WORLD);
                double start = MPI_Wtime();
                for (long i = 0; i < reps; i++) {
                    collective_call((enum collective) c, (int) bytes);
                }
                double mine = (MPI_Wtime() - start) / reps * 1e6, slowest;
                MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
                if (best < 0 || slowest < best) {
                    best = slowest;
                }
            }
            if (rank == 0) {
                printf("calibrate coll %s %ld %d %.6f\n", NAMES[c], model_bytes((enum collective) c, bytes), size, best);
                fflush(stdout);
            }
            if (c == BARRIER) {
                break; /* one size: a barrier moves no data */
            }
        }
    }
}

static void print_library(void) {
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int length = 0;
    MPI_Get_library_version(version, &length);
    version[length < MPI_MAX_LIBRARY_VERSION_STRING ? length : MPI_MAX_LIBRARY_VERSION_STRING - 1] = '\0';
    for (char *line = strtok(version, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (strspn(line, " \t\r") < strlen(line)) {
            printf("calibrate library %s\n", line);
        }
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 5) {
        if (rank == 0) {
            fprintf(stderr, "usage: %s REPETITIONS BLOCKS MAX_P2P_BYTES MAX_COLLECTIVE_BYTES\n", argv[0]);
        }
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    long repetitions = atol(argv[1]);
    int blocks = atoi(argv[2]);
    long max_p2p = atol(argv[3]), max_coll = atol(argv[4]);
    long largest = max_p2p > max_coll * size ? max_p2p : max_coll * size;
    sendbuf = calloc((size_t) largest, 1);
    recvbuf = calloc((size_t) largest, 1);
    counts = calloc((size_t) size, sizeof(int));
    bytecounts = calloc((size_t) size, sizeof(int));
    bytedispls = calloc((size_t) size, sizeof(int));
    types = malloc((size_t) size * sizeof(MPI_Datatype));
    if (!sendbuf || !recvbuf || !counts || !bytecounts || !bytedispls || !types) {
        fprintf(stderr, "calibrate-mpi: out of memory for %ld-byte buffers\n", largest);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (int r = 0; r < size; r++) {
        types[r] = MPI_BYTE;
    }
    if (rank == 0) {
        print_library();
    }
    if (size == 2 && max_p2p >= 4) {
        pingpong(repetitions, blocks, max_p2p);
    }
    collectives(repetitions / 10 > 0 ? repetitions / 10 : 1, blocks, max_coll);
    if (rank == 0) {
        printf("calibrate done\n");
        fflush(stdout);
    }
    free(types);
    free(bytedispls);
    free(bytecounts);
    free(counts);
    free(recvbuf);
    free(sendbuf);
    MPI_Finalize();
    return 0;
}
