/*
 * MPI-4.0's large-count functions (wi4mpi-test-families: mpich) whose counts are arrays or outputs:
 * v/w collectives (blocking, nonblocking, persistent, neighbourhood), type constructors, Pack/Unpack,
 * Get_count_c, Buffer_detach_c, Win_shared_query_c, File_get_type_extent_c, Type_get_envelope_c and
 * Type_get_contents_c, Register_datarep_c, and persistent collectives. A runtime with them (MPICH) runs them; Open MPI 4.1 lacks them, so the translation
 * calls its int forms (persistent collectives: its MPIX_ names), and a count beyond the int range
 * takes the error path naming the function and the runtime. Works with any number of ranks.
 */
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "check_lacking.h"

static int n, me, open_mpi;

/* Rank r sends r + 1 ints of value 100 * r + i: counts and displacements differ per rank. */
static void check_vector_collectives(void)
{
    MPI_Count counts[n];
    MPI_Aint displs[n];
    int total = 0;
    for (int r = 0; r < n; r++) {
        counts[r] = r + 1;
        displs[r] = total;
        total += r + 1;
    }
    int mine[n + 1], all[total];
    for (int i = 0; i <= me; i++)
        mine[i] = 100 * me + i;

    for (int i = 0; i < total; i++)
        all[i] = -1;
    CHECK_MPI(MPI_Allgatherv_c(mine, me + 1, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD));
    for (int r = 0; r < n; r++)
        for (int i = 0; i <= r; i++)
            CHECK_INT(100 * r + i, all[displs[r] + i]);

    /* Gatherv: the counts are significant at the root alone; the others pass none. */
    for (int i = 0; i < total; i++)
        all[i] = -1;
    int root = n - 1;
    CHECK_MPI(MPI_Gatherv_c(mine, me + 1, MPI_INT, all, me == root ? counts : NULL, me == root ? displs : NULL,
                            MPI_INT, root, MPI_COMM_WORLD));
    if (me == root)
        CHECK_INT(100 * (n - 1) + n - 1, all[total - 1]);

    /* Scatterv back from the root: each rank receives its own numbers. */
    int back[n + 1];
    for (int i = 0; i <= me; i++)
        back[i] = -1;
    CHECK_MPI(MPI_Scatterv_c(all, me == root ? counts : NULL, me == root ? displs : NULL, MPI_INT, back, me + 1,
                             MPI_INT, root, MPI_COMM_WORLD));
    for (int i = 0; i <= me; i++)
        CHECK_INT(100 * me + i, back[i]);

    /* Alltoallv: rank r sends r + 1 copies of its number to everyone; MPI_Ialltoallw_c the same. */
    MPI_Count scounts[n], rcounts[n];
    MPI_Aint sdispls[n], rdispls[n];
    int out[n * (me + 1)], in[total];
    for (int r = 0; r < n; r++) {
        scounts[r] = me + 1;
        sdispls[r] = r * (me + 1);
        rcounts[r] = r + 1;
        rdispls[r] = displs[r];
        for (int i = 0; i <= me; i++)
            out[r * (me + 1) + i] = 1000 * me + r;
    }
    for (int i = 0; i < total; i++)
        in[i] = -1;
    CHECK_MPI(MPI_Alltoallv_c(out, scounts, sdispls, MPI_INT, in, rcounts, rdispls, MPI_INT, MPI_COMM_WORLD));
    for (int r = 0; r < n; r++)
        CHECK_INT(1000 * r + me, in[rdispls[r] + r]);

    MPI_Datatype types[n];
    MPI_Aint sbytes[n], rbytes[n];
    for (int r = 0; r < n; r++) {
        types[r] = MPI_INT;
        sbytes[r] = sdispls[r] * (MPI_Aint)sizeof(int);
        rbytes[r] = rdispls[r] * (MPI_Aint)sizeof(int);
    }
    for (int i = 0; i < total; i++)
        in[i] = -1;
    MPI_Request request;
    CHECK_MPI(MPI_Ialltoallw_c(out, scounts, sbytes, types, in, rcounts, rbytes, types, MPI_COMM_WORLD, &request));
    CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));
    for (int r = 0; r < n; r++)
        CHECK_INT(1000 * r + me, in[rdispls[r]]);

    /* Reduce_scatter: rank r gets r + 1 sums. */
    int ones[total], part[n + 1];
    for (int i = 0; i < total; i++)
        ones[i] = i;
    CHECK_MPI(MPI_Reduce_scatter_c(ones, part, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
    for (int i = 0; i <= me; i++)
        CHECK_INT(n * (displs[me] + i), part[i]);

    /* Persistent: started twice, with new data each time. */
    CHECK_MPI(MPI_Allgatherv_init_c(mine, me + 1, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD,
                                    MPI_INFO_NULL, &request));
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i <= me; i++)
            mine[i] = 100 * me + i + round;
        CHECK_MPI(MPI_Start(&request));
        CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));
        CHECK_INT(100 * (n - 1) + n - 1 + round, all[total - 1]);
    }
    CHECK_MPI(MPI_Request_free(&request));
}

/* A periodic ring: a left and a right neighbour (the same process with one or two ranks, so every
 * process sends the same values both ways). */
static void check_neighbour_collectives(void)
{
    int dims[1] = {n}, periods[1] = {1};
    MPI_Comm ring;
    CHECK_MPI(MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring));
    int left = (me + n - 1) % n, right = (me + 1) % n;
    MPI_Count counts[2] = {1, 1};
    MPI_Aint swapped[2] = {1, 0}, displs[2] = {0, 1};
    int out[2] = {me, me}, in[2] = {-1, -1};
    CHECK_MPI(MPI_Neighbor_alltoallv_c(out, counts, swapped, MPI_INT, in, counts, swapped, MPI_INT, ring));
    CHECK_INT(right, in[0]); /* from the right neighbour, placed first */
    CHECK_INT(left, in[1]);

    MPI_Request request;
    in[0] = in[1] = -1;
    CHECK_MPI(MPI_Ineighbor_allgatherv_c(out, 1, MPI_INT, in, counts, displs, MPI_INT, ring, &request));
    CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));
    CHECK_INT(left, in[0]);
    CHECK_INT(right, in[1]);
    CHECK_MPI(MPI_Comm_free(&ring));
}

static void check_type(MPI_Datatype type, MPI_Count size, MPI_Count extent)
{
    MPI_Count got_size = -1, lb = -1, got_extent = -1;
    CHECK_MPI(MPI_Type_commit(&type));
    CHECK_MPI(MPI_Type_size_c(type, &got_size));
    CHECK_MPI(MPI_Type_get_extent_c(type, &lb, &got_extent));
    CHECK_INT(size, got_size);
    CHECK_INT(extent, got_extent);
    CHECK_MPI(MPI_Type_free(&type));
}

static void check_type_constructors(void)
{
    MPI_Datatype type;
    MPI_Count blocks[3] = {1, 2, 3}, disps[3] = {0, 4, 8};
    CHECK_MPI(MPI_Type_indexed_c(3, blocks, disps, MPI_INT, &type));
    check_type(type, 6 * 4, 11 * 4);
    MPI_Count bytes[3] = {0, 16, 32};
    CHECK_MPI(MPI_Type_create_hindexed_c(3, blocks, bytes, MPI_INT, &type));
    check_type(type, 6 * 4, 32 + 12);
    CHECK_MPI(MPI_Type_create_indexed_block_c(3, 2, disps, MPI_INT, &type));
    check_type(type, 6 * 4, 10 * 4);
    CHECK_MPI(MPI_Type_create_hindexed_block_c(3, 2, bytes, MPI_INT, &type));
    check_type(type, 6 * 4, 32 + 8);
    MPI_Datatype parts[3] = {MPI_CHAR, MPI_INT, MPI_DOUBLE};
    MPI_Count struct_disps[3] = {0, 4, 16};
    CHECK_MPI(MPI_Type_create_struct_c(3, blocks, struct_disps, parts, &type));
    check_type(type, 1 + 2 * 4 + 3 * 8, 40);
    MPI_Count sizes[2] = {4, 6}, subsizes[2] = {2, 3}, starts[2] = {1, 2};
    CHECK_MPI(MPI_Type_create_subarray_c(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, &type));
    check_type(type, 6 * 4, 24 * 4);
    MPI_Count gsizes[1] = {10};
    int distribs[1] = {MPI_DISTRIBUTE_BLOCK}, dargs[1] = {MPI_DISTRIBUTE_DFLT_DARG}, psizes[1] = {2};
    CHECK_MPI(MPI_Type_create_darray_c(2, 1, 1, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &type));
    check_type(type, 5 * 4, 10 * 4);

    /* Envelope and contents of a type built with int counts: no large counts, the order constant of
     * a subarray in the application's ABI. */
    CHECK_MPI(MPI_Type_indexed(3, (int[]){1, 2, 3}, (int[]){0, 4, 8}, MPI_INT, &type));
    MPI_Count ni = -1, na = -1, nc = -1, nd = -1;
    int combiner = -1;
    CHECK_MPI(MPI_Type_get_envelope_c(type, &ni, &na, &nc, &nd, &combiner));
    CHECK_INT(MPI_COMBINER_INDEXED, combiner);
    CHECK_INT(7, ni);
    CHECK_INT(0, na);
    CHECK_INT(0, nc);
    CHECK_INT(1, nd);
    int integers[7];
    MPI_Datatype inner = MPI_DATATYPE_NULL;
    CHECK_MPI(MPI_Type_get_contents_c(type, 7, 0, 0, 1, integers, NULL, NULL, &inner));
    CHECK_INT(3, integers[0]);
    CHECK_INT(3, integers[3]);
    CHECK_INT(8, integers[6]);
    CHECK_HANDLE(MPI_INT, inner);
    CHECK_MPI(MPI_Type_free(&type));
    CHECK_MPI(MPI_Type_create_subarray(2, (int[]){4, 6}, (int[]){2, 3}, (int[]){1, 2}, MPI_ORDER_FORTRAN, MPI_INT,
                                       &type));
    CHECK_MPI(MPI_Type_get_envelope_c(type, &ni, &na, &nc, &nd, &combiner));
    CHECK_INT(MPI_COMBINER_SUBARRAY, combiner);
    CHECK_INT(8, ni);
    CHECK_INT(0, nc);
    int sub[8];
    CHECK_MPI(MPI_Type_get_contents_c(type, 8, 0, 0, 1, sub, NULL, NULL, &inner));
    CHECK_INT(6, sub[2]);
    CHECK_INT(MPI_ORDER_FORTRAN, sub[7]);
    CHECK_MPI(MPI_Type_free(&type));

    /* A block length beyond int: Open MPI cannot take it. */
    MPI_Count huge[1] = {(MPI_Count)INT_MAX + 1}, zero[1] = {0};
    type = MPI_DATATYPE_NULL;
    int rc = MPI_Type_indexed_c(1, huge, zero, MPI_BYTE, &type);
    if (open_mpi) {
        CHECK_LACKING(rc, "MPI_Type_indexed_c with an array_of_blocklengths entry beyond the int range");
        CHECK_HANDLE(MPI_DATATYPE_NULL, type);
    } else {
        CHECK_MPI(rc);
        check_type(type, (MPI_Count)INT_MAX + 1, (MPI_Count)INT_MAX + 1);
    }
}

static void check_pack(void)
{
    int values[3] = {7, 8, 9}, unpacked[3] = {0, 0, 0};
    char buffer[64];
    MPI_Count size = -1, position = 0;
    CHECK_MPI(MPI_Pack_size_c(3, MPI_INT, MPI_COMM_WORLD, &size));
    CHECK(size >= 12 && size <= (MPI_Count)sizeof buffer);
    CHECK_MPI(MPI_Pack_c(values, 3, MPI_INT, buffer, sizeof buffer, &position, MPI_COMM_WORLD));
    CHECK_INT(12, position);
    position = 0;
    CHECK_MPI(MPI_Unpack_c(buffer, sizeof buffer, &position, unpacked, 3, MPI_INT, MPI_COMM_WORLD));
    CHECK_INT(12, position);
    CHECK_INT(9, unpacked[2]);

    position = 0;
    CHECK_MPI(MPI_Pack_external_size_c("external32", 3, MPI_INT, &size));
    CHECK_INT(12, size);
    CHECK_MPI(MPI_Pack_external_c("external32", values, 3, MPI_INT, buffer, sizeof buffer, &position));
    CHECK_INT(12, position);
    CHECK_INT(9, buffer[11]); /* big-endian */
    position = 0;
    unpacked[0] = 0;
    CHECK_MPI(MPI_Unpack_external_c("external32", buffer, sizeof buffer, &position, unpacked, 3, MPI_INT));
    CHECK_INT(7, unpacked[0]);

    /* A position beyond int: an error on Open MPI, the position left alone. */
    if (open_mpi) {
        position = (MPI_Count)INT_MAX + 5;
        int rc = MPI_Pack_c(values, 0, MPI_INT, buffer, sizeof buffer, &position, MPI_COMM_WORLD);
        CHECK_LACKING(rc, "MPI_Pack_c with a position beyond the int range");
        CHECK(position == (MPI_Count)INT_MAX + 5);
    }
}

static void check_output_counts(void)
{
    /* Get_count_c: 3 ints, 12 bytes, and MPI_UNDEFINED for a count of 8-byte items. */
    int out[3] = {1, 2, 3}, in[3];
    MPI_Status status;
    CHECK_MPI(MPI_Sendrecv(out, 3, MPI_INT, me, 5, in, 3, MPI_INT, me, 5, MPI_COMM_WORLD, &status));
    MPI_Count count = -1;
    CHECK_MPI(MPI_Get_count_c(&status, MPI_INT, &count));
    CHECK_INT(3, count);
    CHECK_MPI(MPI_Get_count_c(&status, MPI_DOUBLE, &count));
    CHECK_INT(MPI_UNDEFINED, count);

    /* Buffer_detach_c gives back the attached buffer and its size. */
    static char buffer[1024 + MPI_BSEND_OVERHEAD];
    CHECK_MPI(MPI_Buffer_attach_c(buffer, (MPI_Count)sizeof buffer));
    void *detached = NULL;
    MPI_Count size = -1;
    CHECK_MPI(MPI_Buffer_detach_c(&detached, &size));
    CHECK(detached == (void *)buffer);
    CHECK_INT((int)sizeof buffer, size);

    /* A file's type extent. */
    char path[64];
    snprintf(path, sizeof path, "/tmp/wi4mpi_large_count_%d_%d", (int)getpid(), me);
    MPI_File fh;
    CHECK_MPI(MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                            MPI_INFO_NULL, &fh));
    MPI_Count extent = -1;
    CHECK_MPI(MPI_File_get_type_extent_c(fh, MPI_DOUBLE, &extent));
    CHECK_INT(8, extent);
    CHECK_MPI(MPI_File_close(&fh));
}

static int convert_c(void *userbuf, MPI_Datatype datatype, MPI_Count count, void *filebuf, MPI_Offset position,
                     void *extra_state)
{
    (void)userbuf, (void)datatype, (void)count, (void)filebuf, (void)position, (void)extra_state;
    return MPI_SUCCESS;
}

static int file_extent(MPI_Datatype datatype, MPI_Aint *extent, void *extra_state)
{
    (void)extra_state;
    return MPI_Type_get_extent(datatype, &(MPI_Aint){0}, extent);
}

/* Large-count data representations (Open MPI: its MPI_Register_datarep, with int-count trampolines
 * for the conversion functions), answered as io.c's check_datareps describes: MPICH accepts a
 * representation without conversion functions once, Open MPI's ompio none; both refuse conversion
 * functions. */
static void check_datarep(void)
{
    int rc = MPI_Register_datarep_c("wi4mpi_large_plain", MPI_CONVERSION_FN_NULL_C, MPI_CONVERSION_FN_NULL_C,
                                    file_extent, NULL);
    if (open_mpi) {
        CHECK_ERROR_CLASS(MPI_ERR_OTHER, rc);
    } else {
        CHECK_MPI(rc);
        rc = MPI_Register_datarep_c("wi4mpi_large_plain", MPI_CONVERSION_FN_NULL_C, MPI_CONVERSION_FN_NULL_C,
                                    file_extent, NULL);
        CHECK_ERROR_CLASS(MPI_ERR_DUP_DATAREP, rc);
    }
    rc = MPI_Register_datarep_c("wi4mpi_large_converted", convert_c, convert_c, file_extent, NULL);
    CHECK_ERROR_CLASS(MPI_ERR_CONVERSION, rc);
}

/* Each process's segment of a shared window: its size and displacement unit. */
static void check_shared_window(void)
{
    MPI_Comm node;
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
    int *base = NULL;
    MPI_Win win;
    CHECK_MPI(MPI_Win_allocate_shared_c((MPI_Aint)(4 * sizeof(int)), (MPI_Aint)sizeof(int), MPI_INFO_NULL, node,
                                        &base, &win));
    MPI_Aint size = -1, unit = -1;
    int *theirs = NULL;
    CHECK_MPI(MPI_Win_shared_query_c(win, 0, &size, &unit, &theirs));
    CHECK_INT(4 * (int)sizeof(int), size);
    CHECK_INT((int)sizeof(int), unit);
    CHECK(theirs != NULL);
    CHECK_MPI(MPI_Win_free(&win));
    CHECK_MPI(MPI_Comm_free(&node));
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &n));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &me));
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));
    open_mpi = check_runtime_is_open_mpi();

    check_vector_collectives();
    check_neighbour_collectives();
    check_type_constructors();
    check_pack();
    check_output_counts();
    check_datarep();
    check_shared_window();

    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    check_report_ok("large_count");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
