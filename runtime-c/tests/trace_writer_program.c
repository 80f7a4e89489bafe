/* Writes a small DUMPI trace through the trace writer API, as generated wrappers would:
 *   trace_writer_program DIR RANK NPROCS [crash]
 * writes DIR/wi4mpi-test-<RANK>.bin (and DIR/wi4mpi-test.meta on rank 0). The calls, all on
 * MPI_COMM_WORLD (DUMPI 2):
 *   thread 0: MPI_Init(argv = {"trace_writer_program", "-x"}); MPI_Comm_rank -> RANK;
 *             MPI_Send(4, MPI_INT, dest (RANK+1)%NPROCS, tag 7);
 *             MPI_Recv(4, MPI_INT, MPI_ANY_SOURCE, tag 7) -> status {16 bytes, source
 *             (RANK+NPROCS-1)%NPROCS, tag 7}; a user datatype (28) in MPI_Isend(1, 28, ...) twice,
 *             requests 2 and 3, then MPI_Waitall of both with two statuses; MPI_Barrier with an
 *             MPI_Comm_rank inside it (counted, ignored); MPI_Comm_idup twice and MPI_Ibarrier
 *             once (unlabelled);
 *   threads 1 and 2, concurrently: 300 MPI_Send(1, MPI_INT, dest i % NPROCS, tag = thread id);
 *   thread 0: MPI_Finalize.
 * Buffers are 4096 bytes so that the stream is written in several pieces. With "crash", the
 * program raises SIGABRT after the two threads instead of MPI_Finalize and the close. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wi_trace_buffer.h"
#include "wi_trace_encode.h"
#include "wi_trace_file.h"

#define DUMPI_COMM_WORLD 2
#define DUMPI_INT 9
#define THREAD_SENDS 300

enum { SEND = 0, RECV = 1, ISEND = 8, WAITALL = 18, BARRIER = 52, COMM_RANK = 82, INIT = 124,
       FINALIZE = 125 };

static int rank, nprocs;

static void send_record(wi_trace_rec *r, int32_t count, int32_t datatype, int32_t dest,
                        int32_t tag) {
    wi_trace_i32(r, count);
    wi_trace_i16(r, datatype);
    wi_trace_i32(r, dest);
    wi_trace_i32(r, tag);
    wi_trace_i16(r, DUMPI_COMM_WORLD);
}

static void comm_rank(void) {
    wi_trace_rec *r = wi_trace_enter(COMM_RANK);
    if (r) {
        wi_trace_begin(r, COMM_RANK);
        wi_trace_i16(r, DUMPI_COMM_WORLD);
        wi_trace_i32(r, rank);
        wi_trace_commit(r);
    }
}

static void *sender(void *arg) {
    int32_t tag = (int32_t)(intptr_t)arg;
    for (int i = 0; i < THREAD_SENDS; i++) {
        wi_trace_rec *r = wi_trace_enter(SEND);
        if (!r)
            abort();
        wi_trace_begin(r, SEND);
        send_record(r, 1, DUMPI_INT, i % nprocs, tag);
        wi_trace_commit(r);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: trace_writer_program DIR RANK NPROCS [crash]\n");
        return 2;
    }
    rank = atoi(argv[2]);
    nprocs = atoi(argv[3]);
    int crash = argc > 4 && strcmp(argv[4], "crash") == 0;
    wi_trace_buffer_set_size(4096);
    wi_trace_config config = {.wall = 1, .cpu = 1, .statuses = 3, .signals = 1};
    if (wi_trace_start(&config) != 0)
        return 1;

    wi_trace_rec *r = wi_trace_enter(INIT);
    if (wi_trace_open(argv[1], "wi4mpi-test", rank, nprocs, 1700000000) != 0)
        return 1;
    const char *init_argv[] = {"trace_writer_program", "-x", NULL};
    wi_trace_begin(r, INIT);
    wi_trace_strings(r, -1, init_argv);
    wi_trace_commit(r);

    comm_rank();

    r = wi_trace_enter(SEND);
    wi_trace_begin(r, SEND);
    send_record(r, 4, DUMPI_INT, (rank + 1) % nprocs, 7);
    wi_trace_commit(r);

    r = wi_trace_enter(RECV);
    wi_trace_begin(r, RECV);
    wi_trace_i32(r, 4);
    wi_trace_i16(r, DUMPI_INT);
    wi_trace_i32(r, -1);
    wi_trace_i32(r, 7);
    wi_trace_i16(r, DUMPI_COMM_WORLD);
    wi_trace_status received = {16, (rank + nprocs - 1) % nprocs, 0, 0, 7};
    wi_trace_statuses(r, 1, &received);
    wi_trace_commit(r);

    int32_t requests[2];
    for (int i = 0; i < 2; i++) {
        r = wi_trace_enter(ISEND);
        wi_trace_begin(r, ISEND);
        int first_seen = -1;
        int32_t datatype = wi_trace_handle(WI_TRACE_DATATYPE, 0x7f0012345670ULL, &first_seen);
        if (first_seen != (i == 0))
            abort();
        if (first_seen)
            wi_trace_datatype_size(datatype, 24);
        requests[i] = wi_trace_handle(WI_TRACE_REQUEST, 0x7f0000001000ULL + 0x100ULL * i, NULL);
        send_record(r, 1, datatype, (rank + 1) % nprocs, 8 + i);
        wi_trace_i32(r, requests[i]);
        wi_trace_commit(r);
    }
    r = wi_trace_enter(WAITALL);
    wi_trace_begin(r, WAITALL);
    wi_trace_i32(r, 2);
    wi_trace_i32_array(r, 2, requests);
    wi_trace_status completed[2] = {{24, rank, 0, 0, 8}, {24, rank, 0, 0, 9}};
    wi_trace_statuses(r, 2, completed);
    wi_trace_commit(r);

    r = wi_trace_enter(BARRIER);
    comm_rank(); /* made inside MPI_Barrier: counted and ignored */
    wi_trace_begin(r, BARRIER);
    wi_trace_i16(r, DUMPI_COMM_WORLD);
    wi_trace_commit(r);

    static wi_trace_unlabelled_counter idup = {"MPI_Comm_idup", 0, 0, NULL};
    static wi_trace_unlabelled_counter ibarrier = {"MPI_Ibarrier", 0, 0, NULL};
    wi_trace_unlabelled(&idup);
    wi_trace_unlabelled(&ibarrier);
    wi_trace_unlabelled(&idup);

    pthread_t threads[2];
    for (int i = 0; i < 2; i++)
        if (pthread_create(&threads[i], NULL, sender, (void *)(intptr_t)(i + 1)) != 0)
            return 1;
    for (int i = 0; i < 2; i++)
        pthread_join(threads[i], NULL);
    if (crash)
        raise(SIGABRT);

    r = wi_trace_enter(FINALIZE);
    wi_trace_begin(r, FINALIZE);
    wi_trace_commit(r);
    if (wi_trace_close() != 0)
        return 1;
    printf("writes=%llu\n", (unsigned long long)wi_trace_file_writes());
    return 0;
}
