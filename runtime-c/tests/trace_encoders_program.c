/* Writes a trace of one rank exercising every encoder (DUMPI constants: distributions BLOCK 1,
 * CYCLIC 2, DFLT_DARG 4), with wall-clock times only, statuses off and
 * MPI_Allreduce disabled (as dumpi.conf "timestamp wall", "statuses disable",
 * "MPI_Allreduce disable" would set them):
 *   trace_encoders_program DIR
 * writes DIR/wi4mpi-encoders-0000.bin. The calls and values are listed in
 * trace_encoders.expected as dumpi2ascii prints them. */
#include <stdio.h>

#include "wi_trace_encode.h"
#include "wi_trace_file.h"

#define DUMPI_COMM_WORLD 2
#define DUMPI_INT 9
#define DUMPI_DOUBLE 14
#define DUMPI_SUM 3

enum { WAIT = 13, TYPE_HVECTOR = 37, REDUCE = 62, ALLREDUCE = 65, GROUP_RANGE_INCL = 78,
       GET_PROCESSOR_NAME = 114, INIT = 124, FINALIZE = 125, COMM_SPAWN_MULTIPLE = 136,
       ALLTOALLW = 155, TYPE_CREATE_DARRAY = 217, FILE_SET_VIEW = 240 };

static wi_trace_rec *record(int label) {
    wi_trace_rec *r = wi_trace_enter(label);
    if (r)
        wi_trace_begin(r, label);
    return r;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: trace_encoders_program DIR\n");
        return 2;
    }
    unsigned char disabled[WI_TRACE_LABEL_COUNT] = {0};
    disabled[ALLREDUCE] = 1;
    wi_trace_config config = {.wall = 1, .cpu = 0, .statuses = 0, .disabled = disabled};
    if (wi_trace_start(&config) != 0 || wi_trace_mask() != 0x48)
        return 1;
    wi_trace_rec *r = wi_trace_enter(INIT);
    if (wi_trace_open(argv[1], "wi4mpi-encoders", 0, 1, 1700000000) != 0)
        return 1;
    wi_trace_begin(r, INIT);
    wi_trace_strings(r, 0, NULL);
    wi_trace_commit(r);

    /* Sizes of the datatypes used, as the wrappers give them on first sight. */
    wi_trace_datatype_size(DUMPI_INT, 4);
    wi_trace_datatype_size(DUMPI_DOUBLE, 8);

    r = record(TYPE_HVECTOR);
    wi_trace_i32(r, 3);
    wi_trace_i32(r, 2);
    wi_trace_aint(r, 0x100000010LL); /* kept as its low 32 bits: 16 */
    wi_trace_i16(r, DUMPI_INT);
    int first_seen = 0;
    int32_t hvector = wi_trace_handle(WI_TRACE_DATATYPE, 0x5000, &first_seen);
    if (first_seen)
        wi_trace_datatype_size(hvector, 24);
    wi_trace_i16(r, hvector);
    wi_trace_commit(r);

    if (wi_trace_enter(ALLREDUCE) != NULL) /* disabled: counted, ignored */
        return 1;

    r = record(REDUCE);
    wi_trace_i32(r, 5);
    wi_trace_i16(r, DUMPI_DOUBLE);
    wi_trace_i8(r, DUMPI_SUM);
    wi_trace_i32(r, 0);
    wi_trace_i16(r, DUMPI_COMM_WORLD);
    wi_trace_commit(r);

    r = record(GROUP_RANGE_INCL);
    wi_trace_i16(r, wi_trace_handle(WI_TRACE_GROUP, 0x6000, NULL));
    wi_trace_i32(r, 2);
    const int32_t range0[] = {0, 4, 2}, range1[] = {1, 5, 2};
    const int32_t *ranges[] = {range0, range1};
    const int32_t lengths[] = {3, 3};
    wi_trace_i32_arrays(r, 2, lengths, ranges);
    wi_trace_i16(r, wi_trace_handle(WI_TRACE_GROUP, 0x6100, NULL));
    wi_trace_commit(r);

    r = record(GET_PROCESSOR_NAME);
    wi_trace_chars(r, "node-a");
    wi_trace_i32(r, 6);
    wi_trace_commit(r);

    r = record(COMM_SPAWN_MULTIPLE);
    wi_trace_i32(r, 3);  /* totprocs: the sum of maxprocs, the length of errcodes */
    wi_trace_i32(r, 0);  /* oldcommrank */
    wi_trace_i32(r, 0);  /* root: the arrays follow */
    wi_trace_i16(r, DUMPI_COMM_WORLD);
    wi_trace_i16(r, wi_trace_handle(WI_TRACE_COMM, 0x7000, NULL));
    wi_trace_i32(r, 2);
    const char *commands[] = {"a.out", "b.out"};
    wi_trace_strings(r, 2, commands);
    const char *argv_a[] = {"-n", "1", NULL}, *argv_b[] = {"-v", NULL};
    const char *const *argvs[] = {argv_a, argv_b};
    wi_trace_string_arrays(r, 2, argvs);
    const int32_t maxprocs[] = {1, 2}, infos[] = {0, 0}, errcodes[] = {0, 0, 0};
    wi_trace_i32_array(r, 2, maxprocs);
    wi_trace_i16_array(r, 2, infos);
    wi_trace_i32_array(r, 3, errcodes);
    wi_trace_commit(r);

    r = record(ALLTOALLW);
    wi_trace_i32(r, 2);
    const int32_t sendcounts[] = {1, 2}, senddispls[] = {0, 8}, sendtypes[] = {DUMPI_INT, 28},
                  recvcounts[] = {3, 4}, recvdispls[] = {0, 16}, recvtypes[] = {DUMPI_INT, DUMPI_INT};
    wi_trace_i32_array(r, 2, sendcounts);
    wi_trace_i32_array(r, 2, senddispls);
    wi_trace_i16_array(r, 2, sendtypes);
    wi_trace_i32_array(r, 2, recvcounts);
    wi_trace_i32_array(r, 2, recvdispls);
    wi_trace_i16_array(r, 2, recvtypes);
    wi_trace_i16(r, DUMPI_COMM_WORLD);
    wi_trace_commit(r);

    r = record(TYPE_CREATE_DARRAY);
    wi_trace_i32(r, 4);
    wi_trace_i32(r, 1);
    wi_trace_i32(r, 2);
    const int32_t gsizes[] = {8, 8}, distribs[] = {1, 2}, dargs[] = {4, 2}, psizes[] = {2, 2};
    wi_trace_i32_array(r, 2, gsizes);
    wi_trace_i8_array(r, 2, distribs);
    wi_trace_i32_array(r, 2, dargs);
    wi_trace_i32_array(r, 2, psizes);
    wi_trace_i8(r, 1); /* DUMPI_ORDER_C */
    wi_trace_i16(r, DUMPI_DOUBLE);
    int32_t darray = wi_trace_handle(WI_TRACE_DATATYPE, 0x5100, &first_seen);
    if (first_seen)
        wi_trace_datatype_size(darray, 128);
    wi_trace_i16(r, darray);
    wi_trace_commit(r);

    r = record(FILE_SET_VIEW);
    wi_trace_i16(r, wi_trace_handle(WI_TRACE_FILE, 0x8000, NULL));
    wi_trace_i64(r, 0x123456789LL);
    wi_trace_i16(r, DUMPI_INT);
    wi_trace_i16(r, wi_trace_handle(WI_TRACE_DATATYPE, 0x5000, NULL));
    wi_trace_chars(r, "native");
    wi_trace_i16(r, 0);
    wi_trace_commit(r);

    r = record(WAIT); /* statuses off: no status field */
    wi_trace_i32(r, wi_trace_handle(WI_TRACE_REQUEST, 0x9000, NULL));
    wi_trace_status ignored_status = {1, 2, 0, 0, 3};
    wi_trace_statuses(r, 1, &ignored_status);
    wi_trace_commit(r);

    r = record(FINALIZE);
    wi_trace_commit(r);
    return wi_trace_close() == 0 ? 0 : 1;
}
