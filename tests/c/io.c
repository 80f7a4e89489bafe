/*
 * MPI-IO: open/close/delete, explicit offsets (blocking, collective, nonblocking), file views
 * with a resized vector filetype and Get_view, individual pointers (seek, position, byte offsets),
 * shared pointers (ordered, shared, seek_shared), split collectives, size/preallocate,
 * atomicity, amode, group, info, file error handlers, MPI_ERR_NO_SUCH_FILE and user data
 * representations (MPI_Register_datarep).
 * Every rank owns distinct blocks of the files; all data read back is checked value by value.
 */
#include "check.h"

#include <unistd.h>

#define N 8          /* ints per rank in the explicit-offset regions */
#define VB 2         /* view: ints per block */
#define VK 6         /* view: blocks per rank */
#define VN (VB * VK) /* view: ints per rank */

static int world_size, world_rank;

static int value(int region, int rank, int i)
{
    return region * 100000 + rank * 100 + i;
}

static void fill(int *buf, int count, int region, int rank, int first)
{
    for (int i = 0; i < count; i++)
        buf[i] = value(region, rank, first + i);
}

#define check_data(buf, count, region, rank, first) \
    check_data_at(__FILE__, __LINE__, buf, count, region, rank, first)
static void check_data_at(const char *file, int line, const int *buf, int count, int region, int rank, int first)
{
    for (int i = 0; i < count; i++)
        check_long(file, line, "data read back", value(region, rank, first + i), buf[i]);
}

static void clear(int *buf, int count)
{
    for (int i = 0; i < count; i++)
        buf[i] = -1;
}

#define check_count(status, count) check_count_at(__FILE__, __LINE__, status, count)
static void check_count_at(const char *file, int line, const MPI_Status *status, int count)
{
    int n = -1;
    CHECK_MPI(MPI_Get_count(status, MPI_INT, &n));
    check_long(file, line, "MPI_Get_count of an I/O status", count, n);
}

/* Data written through fh by other ranks becomes visible: sync-barrier-sync. */
static void make_visible(MPI_File fh)
{
    CHECK_MPI(MPI_File_sync(fh));
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    CHECK_MPI(MPI_File_sync(fh));
}

/* Rank 0 creates a file under a unique name; every rank learns the name. */
static void unique_name(char *name, size_t size)
{
    int len = 0;
    if (world_rank == 0) {
        const char *dir = getenv("TMPDIR");
        int fd;
        snprintf(name, size, "%s/wi4mpi-io-XXXXXX", dir && dir[0] ? dir : "/tmp");
        fd = mkstemp(name);
        CHECK(fd >= 0);
        close(fd);
        len = (int)strlen(name) + 1;
    }
    CHECK_MPI(MPI_Bcast(&len, 1, MPI_INT, 0, MPI_COMM_WORLD));
    CHECK((size_t)len <= size);
    CHECK_MPI(MPI_Bcast(name, len, MPI_CHAR, 0, MPI_COMM_WORLD));
}

static void check_file_properties(MPI_File fh, int amode)
{
    int got_amode = -1, result = -1, nkeys = -1;
    MPI_Group file_group, comm_group;
    MPI_Errhandler handler;
    MPI_Info info_used = MPI_INFO_NULL, info;
    MPI_Offset disp = -1;
    MPI_Datatype etype, filetype;
    char datarep[MPI_MAX_DATAREP_STRING];

    CHECK_MPI(MPI_File_get_amode(fh, &got_amode));
    CHECK_INT(amode, got_amode);

    CHECK_MPI(MPI_File_get_group(fh, &file_group));
    CHECK_MPI(MPI_Comm_group(MPI_COMM_WORLD, &comm_group));
    CHECK_MPI(MPI_Group_compare(file_group, comm_group, &result));
    CHECK_INT(MPI_IDENT, result);
    CHECK_MPI(MPI_Group_free(&file_group));
    CHECK_MPI(MPI_Group_free(&comm_group));

    /* Files start with the error handler of MPI_FILE_NULL, by default MPI_ERRORS_RETURN. */
    CHECK_MPI(MPI_File_get_errhandler(MPI_FILE_NULL, &handler));
    CHECK_HANDLE(MPI_ERRORS_RETURN, handler);
    CHECK_MPI(MPI_Errhandler_free(&handler));
    CHECK_MPI(MPI_File_get_errhandler(fh, &handler));
    CHECK_HANDLE(MPI_ERRORS_RETURN, handler);
    CHECK_MPI(MPI_Errhandler_free(&handler));
    CHECK_MPI(MPI_File_set_errhandler(fh, MPI_ERRORS_ARE_FATAL));
    CHECK_MPI(MPI_File_get_errhandler(fh, &handler));
    CHECK_HANDLE(MPI_ERRORS_ARE_FATAL, handler);
    CHECK_MPI(MPI_Errhandler_free(&handler));
    CHECK_MPI(MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_File_get_errhandler(fh, &handler));
    CHECK_HANDLE(MPI_ERRORS_RETURN, handler);
    CHECK_MPI(MPI_Errhandler_free(&handler));
    /* With MPI_ERRORS_RETURN the handler returns and so does the call. */
    CHECK_MPI(MPI_File_call_errhandler(fh, MPI_ERR_OTHER));

    /* The default view: bytes from displacement 0, native representation. */
    memset(datarep, 'x', sizeof datarep);
    CHECK_MPI(MPI_File_get_view(fh, &disp, &etype, &filetype, datarep));
    CHECK_INT(0, disp);
    CHECK_HANDLE(MPI_BYTE, etype);
    CHECK_HANDLE(MPI_BYTE, filetype);
    CHECK_STR("native", datarep);

    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "access_style", "read_mostly"));
    CHECK_MPI(MPI_File_set_info(fh, info));
    CHECK_MPI(MPI_Info_free(&info));
    CHECK_MPI(MPI_File_get_info(fh, &info_used));
    CHECK(info_used != MPI_INFO_NULL);
    CHECK_MPI(MPI_Info_get_nkeys(info_used, &nkeys));
    CHECK(nkeys >= 0);
    CHECK_MPI(MPI_Info_free(&info_used));
    CHECK_HANDLE(MPI_INFO_NULL, info_used);
}

/* Regions 0-4 of the file, n*N ints each: explicit offsets, every rank its own block. */
static void check_explicit_offsets(MPI_File fh)
{
    const MPI_Offset block = (MPI_Offset)N * sizeof(int);
    const MPI_Offset region = block * world_size;
    const int peer = (world_rank + 1) % world_size;
    int out[N], in[N];
    MPI_Status status;
    MPI_Request requests[2];
    MPI_Status statuses[2];
    int in2[N];
    MPI_Offset offset = -1;

    /* region 0: independent blocking */
    fill(out, N, 0, world_rank, 0);
    CHECK_MPI(MPI_File_write_at(fh, world_rank * block, out, N, MPI_INT, &status));
    check_count(&status, N);
    /* region 1: collective blocking */
    fill(out, N, 1, world_rank, 0);
    CHECK_MPI(MPI_File_write_at_all(fh, region + world_rank * block, out, N, MPI_INT, &status));
    check_count(&status, N);
    /* region 2: independent nonblocking, two halves */
    fill(out, N, 2, world_rank, 0);
    CHECK_MPI(MPI_File_iwrite_at(fh, 2 * region + world_rank * block, out, N / 2, MPI_INT, &requests[0]));
    CHECK_MPI(MPI_File_iwrite_at(fh, 2 * region + world_rank * block + block / 2, out + N / 2, N / 2, MPI_INT,
                                 &requests[1]));
    CHECK_MPI(MPI_Waitall(2, requests, statuses));
    CHECK_HANDLE(MPI_REQUEST_NULL, requests[0]);
    CHECK_HANDLE(MPI_REQUEST_NULL, requests[1]);
    check_count(&statuses[0], N / 2);
    check_count(&statuses[1], N / 2);
    /* region 3: collective nonblocking */
    fill(out, N, 3, world_rank, 0);
    CHECK_MPI(MPI_File_iwrite_at_all(fh, 3 * region + world_rank * block, out, N, MPI_INT, &requests[0]));
    CHECK_MPI(MPI_Wait(&requests[0], &status));
    CHECK_HANDLE(MPI_REQUEST_NULL, requests[0]);
    check_count(&status, N);
    /* region 4: split collective */
    fill(out, N, 4, world_rank, 0);
    CHECK_MPI(MPI_File_write_at_all_begin(fh, 4 * region + world_rank * block, out, N, MPI_INT));
    CHECK_MPI(MPI_File_write_at_all_end(fh, out, &status));
    check_count(&status, N);

    make_visible(fh);

    /* Read the neighbour's blocks back in every flavour. */
    clear(in, N);
    CHECK_MPI(MPI_File_read_at(fh, peer * block, in, N, MPI_INT, &status));
    check_count(&status, N);
    check_data(in, N, 0, peer, 0);

    clear(in, N);
    CHECK_MPI(MPI_File_read_at_all(fh, region + peer * block, in, N, MPI_INT, &status));
    check_count(&status, N);
    check_data(in, N, 1, peer, 0);

    clear(in, N);
    clear(in2, N);
    CHECK_MPI(MPI_File_iread_at(fh, 2 * region + peer * block, in, N, MPI_INT, &requests[0]));
    CHECK_MPI(MPI_File_iread_at(fh, 3 * region + peer * block, in2, N, MPI_INT, &requests[1]));
    CHECK_MPI(MPI_Waitall(2, requests, statuses));
    check_count(&statuses[0], N);
    check_count(&statuses[1], N);
    check_data(in, N, 2, peer, 0);
    check_data(in2, N, 3, peer, 0);

    clear(in, N);
    CHECK_MPI(MPI_File_iread_at_all(fh, 4 * region + peer * block, in, N, MPI_INT, &requests[0]));
    CHECK_MPI(MPI_Wait(&requests[0], &status));
    check_count(&status, N);
    check_data(in, N, 4, peer, 0);

    clear(in, N);
    CHECK_MPI(MPI_File_read_at_all_begin(fh, 3 * region + world_rank * block, in, N, MPI_INT));
    CHECK_MPI(MPI_File_read_at_all_end(fh, in, &status));
    check_count(&status, N);
    check_data(in, N, 3, world_rank, 0);

    /* With the default view offsets are bytes; the end of file is the end of region 4. */
    CHECK_MPI(MPI_File_seek(fh, 0, MPI_SEEK_END));
    CHECK_MPI(MPI_File_get_position(fh, &offset));
    CHECK_INT(5 * region, offset);
    CHECK_MPI(MPI_File_seek(fh, -(MPI_Offset)sizeof(int), MPI_SEEK_CUR));
    CHECK_MPI(MPI_File_read(fh, in, 1, MPI_INT, &status));
    check_count(&status, 1);
    check_data(in, 1, 4, world_size - 1, N - 1);
    CHECK_MPI(MPI_File_get_position(fh, &offset));
    CHECK_INT(5 * region, offset);
    CHECK_MPI(MPI_File_seek(fh, 0, MPI_SEEK_SET));

    /* Reading past the end of file returns fewer elements. */
    clear(in, N);
    CHECK_MPI(MPI_File_read_at(fh, 5 * region - 2 * (MPI_Offset)sizeof(int), in, N, MPI_INT, &status));
    check_count(&status, 2);
    check_data(in, 2, 4, world_size - 1, N - 2);

    /* No rank extends the file before every rank has seen where it ends. */
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
}

/*
 * Get_view returns a new datatype equal to the filetype, made of copies of it: Open MPI wraps it
 * in duplicates (MPI_COMBINER_DUP), MPICH in contiguous types of one element. Returns the type
 * below the copies (at least one), freeing them.
 */
static MPI_Datatype unwrap_copies(MPI_Datatype type)
{
    int depth = 0;

    for (;;) {
        int num_integers = -1, num_addresses = -1, num_datatypes = -1, combiner = -1;
        int integers[1] = {-1};
        MPI_Aint addresses[1];
        MPI_Datatype inner = MPI_DATATYPE_NULL;

        CHECK_MPI(MPI_Type_get_envelope(type, &num_integers, &num_addresses, &num_datatypes, &combiner));
        if (combiner != MPI_COMBINER_DUP && combiner != MPI_COMBINER_CONTIGUOUS)
            break;
        CHECK_INT(combiner == MPI_COMBINER_DUP ? 0 : 1, num_integers);
        CHECK_INT(0, num_addresses);
        CHECK_INT(1, num_datatypes);
        CHECK_MPI(MPI_Type_get_contents(type, num_integers, 0, 1, integers, addresses, &inner));
        if (combiner == MPI_COMBINER_CONTIGUOUS)
            CHECK_INT(1, integers[0]);
        CHECK_MPI(MPI_Type_free(&type));
        type = inner;
        depth++;
        CHECK(depth <= 4);
    }
    CHECK(depth >= 1);
    return type;
}

/*
 * A view interleaving the ranks: region 5 holds VK blocks of VB ints per rank, block k of
 * rank r at int 5*n*N + (k*n + r)*VB. It is the last region of the file, so that the end of
 * file is the end of every rank's view.
 */
static void check_view(MPI_File fh)
{
    const MPI_Offset base = (MPI_Offset)5 * world_size * N * sizeof(int);
    const MPI_Offset disp = base + (MPI_Offset)world_rank * VB * sizeof(int);
    MPI_Datatype vector, filetype, etype, got_filetype, inner;
    MPI_Offset got_disp = -1, offset = -1;
    MPI_Aint extent = -1;
    char datarep[MPI_MAX_DATAREP_STRING];
    int num_integers = -1, num_addresses = -1, num_datatypes = -1, combiner = -1;
    int integers[3];
    MPI_Aint addresses[2];
    MPI_Datatype types[1];
    int out[VN], in[VN + 2], all[VN * 4];
    MPI_Status status;
    MPI_Request request;

    /* The vector is resized to tile: its next instance starts after every rank's blocks. */
    CHECK_MPI(MPI_Type_vector(VK, VB, VB * world_size, MPI_INT, &vector));
    CHECK_MPI(MPI_Type_create_resized(vector, 0, (MPI_Aint)VN * world_size * sizeof(int), &filetype));
    CHECK_MPI(MPI_Type_free(&vector));
    CHECK_MPI(MPI_Type_commit(&filetype));
    CHECK_MPI(MPI_File_set_view(fh, disp, MPI_INT, filetype, "native", MPI_INFO_NULL));

    /* Get_view returns the predefined etype itself and a new handle for the derived filetype. */
    memset(datarep, 'x', sizeof datarep);
    CHECK_MPI(MPI_File_get_view(fh, &got_disp, &etype, &got_filetype, datarep));
    CHECK_INT(disp, got_disp);
    CHECK_HANDLE(MPI_INT, etype);
    CHECK_STR("native", datarep);
    got_filetype = unwrap_copies(got_filetype);
    CHECK_MPI(MPI_Type_get_envelope(got_filetype, &num_integers, &num_addresses, &num_datatypes, &combiner));
    CHECK_INT(MPI_COMBINER_RESIZED, combiner);
    CHECK_INT(0, num_integers);
    CHECK_INT(2, num_addresses);
    CHECK_INT(1, num_datatypes);
    CHECK_MPI(MPI_Type_get_contents(got_filetype, 0, 2, 1, integers, addresses, types));
    CHECK_INT(0, addresses[0]);
    CHECK_INT(VN * world_size * sizeof(int), addresses[1]);
    CHECK_MPI(MPI_Type_get_envelope(types[0], &num_integers, &num_addresses, &num_datatypes, &combiner));
    CHECK_INT(MPI_COMBINER_VECTOR, combiner);
    CHECK_INT(3, num_integers);
    CHECK_INT(0, num_addresses);
    CHECK_INT(1, num_datatypes);
    CHECK_MPI(MPI_Type_get_contents(types[0], 3, 0, 1, integers, addresses, &inner));
    CHECK_INT(VK, integers[0]);
    CHECK_INT(VB, integers[1]);
    CHECK_INT(VB * world_size, integers[2]);
    CHECK_HANDLE(MPI_INT, inner);
    CHECK_MPI(MPI_Type_free(&types[0]));
    CHECK_MPI(MPI_Type_free(&got_filetype));

    CHECK_MPI(MPI_File_get_type_extent(fh, MPI_INT, &extent));
    CHECK_INT(sizeof(int), extent);
    CHECK_MPI(MPI_File_get_type_extent(fh, filetype, &extent));
    CHECK_INT(VN * world_size * sizeof(int), extent);

    /* Offsets are counted in etypes of the view: offset 2*VB is the start of block 2. */
    CHECK_MPI(MPI_File_get_byte_offset(fh, 2 * VB, &offset));
    CHECK_INT(disp + (MPI_Offset)2 * VB * world_size * sizeof(int), offset);
    CHECK_MPI(MPI_File_get_byte_offset(fh, 2 * VB + 1, &offset));
    CHECK_INT(disp + (MPI_Offset)(2 * VB * world_size + 1) * sizeof(int), offset);

    fill(out, VN, 5, world_rank, 0);
    CHECK_MPI(MPI_File_get_position(fh, &offset));
    CHECK_INT(0, offset);
    CHECK_MPI(MPI_File_write_all(fh, out, 4, MPI_INT, &status));
    check_count(&status, 4);
    CHECK_MPI(MPI_File_get_position(fh, &offset));
    CHECK_INT(4, offset);
    CHECK_MPI(MPI_File_write(fh, out + 4, 3, MPI_INT, &status));
    check_count(&status, 3);
    CHECK_MPI(MPI_File_iwrite(fh, out + 7, 1, MPI_INT, &request));
    CHECK_MPI(MPI_Wait(&request, &status));
    check_count(&status, 1);
    CHECK_MPI(MPI_File_iwrite_all(fh, out + 8, 2, MPI_INT, &request));
    CHECK_MPI(MPI_Wait(&request, &status));
    check_count(&status, 2);
    CHECK_MPI(MPI_File_write_all_begin(fh, out + 10, 2, MPI_INT));
    CHECK_MPI(MPI_File_write_all_end(fh, out + 10, &status));
    check_count(&status, 2);
    CHECK_MPI(MPI_File_get_position(fh, &offset));
    CHECK_INT(VN, offset);

    make_visible(fh);

    clear(in, VN + 2);
    CHECK_MPI(MPI_File_seek(fh, 0, MPI_SEEK_SET));
    CHECK_MPI(MPI_File_read_all(fh, in, 4, MPI_INT, &status));
    check_count(&status, 4);
    CHECK_MPI(MPI_File_seek(fh, -2, MPI_SEEK_CUR));
    CHECK_MPI(MPI_File_get_position(fh, &offset));
    CHECK_INT(2, offset);
    CHECK_MPI(MPI_File_seek(fh, 2, MPI_SEEK_CUR));
    CHECK_MPI(MPI_File_read(fh, in + 4, 2, MPI_INT, &status));
    check_count(&status, 2);
    CHECK_MPI(MPI_File_iread(fh, in + 6, 2, MPI_INT, &request));
    CHECK_MPI(MPI_Wait(&request, &status));
    check_count(&status, 2);
    CHECK_MPI(MPI_File_iread_all(fh, in + 8, 2, MPI_INT, &request));
    CHECK_MPI(MPI_Wait(&request, &status));
    check_count(&status, 2);
    CHECK_MPI(MPI_File_read_all_begin(fh, in + 10, 2, MPI_INT));
    CHECK_MPI(MPI_File_read_all_end(fh, in + 10, &status));
    check_count(&status, 2);
    check_data(in, VN, 5, world_rank, 0);
    CHECK_INT(-1, in[VN]);
    CHECK_INT(-1, in[VN + 1]);

    /* The interleaving, seen with the default view by rank 0. */
    CHECK_MPI(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL));
    CHECK_MPI(MPI_File_get_view(fh, &got_disp, &etype, &got_filetype, datarep));
    CHECK_INT(0, got_disp);
    CHECK_HANDLE(MPI_BYTE, etype);
    CHECK_HANDLE(MPI_BYTE, got_filetype);
    if (world_rank == 0) {
        const int total = VN * world_size; /* at most 4 ranks: fits in all[] */
        clear(all, total);
        CHECK_MPI(MPI_File_read_at(fh, base, all, total, MPI_INT, &status));
        check_count(&status, total);
        for (int k = 0; k < VK; k++)
            for (int r = 0; r < world_size; r++)
                check_data(all + (k * world_size + r) * VB, VB, 5, r, k * VB);
    }
    CHECK_MPI(MPI_Type_free(&filetype));
}

/*
 * Collective calls need not synchronise: a barrier on each side keeps the other ranks' next
 * shared-pointer access or size change out of the query.
 */
#define check_position_shared(fh, expected) check_position_shared_at(__FILE__, __LINE__, fh, expected)
static void check_position_shared_at(const char *file, int line, MPI_File fh, MPI_Offset expected)
{
    MPI_Offset offset = -1;
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    CHECK_MPI(MPI_File_get_position_shared(fh, &offset));
    check_long(file, line, "MPI_File_get_position_shared", expected, offset);
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
}

#define check_size(fh, expected) check_size_at(__FILE__, __LINE__, fh, expected)
static void check_size_at(const char *file, int line, MPI_File fh, MPI_Offset expected)
{
    MPI_Offset size = -1;
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    CHECK_MPI(MPI_File_get_size(fh, &size));
    check_long(file, line, "MPI_File_get_size", expected, size);
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
}

/* The second file: shared pointer, ordered access, sizes, atomicity. */
static void check_shared(const char *name)
{
    const int amode = MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE;
    MPI_File fh = MPI_FILE_NULL;
    MPI_Status status;
    MPI_Request request;
    int out[N], in[N], got_amode = -1, flag = -1;
    int two[2], seen[4 * 2], all_seen[4 * 2];

    CHECK_MPI(MPI_File_open(MPI_COMM_WORLD, name, amode, MPI_INFO_NULL, &fh));
    CHECK_MPI(MPI_File_get_amode(fh, &got_amode));
    CHECK_INT(amode, got_amode);

    CHECK_MPI(MPI_File_set_atomicity(fh, 1));
    CHECK_MPI(MPI_File_get_atomicity(fh, &flag));
    CHECK_INT(1, flag);
    CHECK_MPI(MPI_File_set_atomicity(fh, 0));
    CHECK_MPI(MPI_File_get_atomicity(fh, &flag));
    CHECK_INT(0, flag);

    /* Ordered writes lay the blocks out in rank order: blocks 0..n-1, then n..2n-1. */
    fill(out, N, 6, world_rank, 0);
    CHECK_MPI(MPI_File_write_ordered(fh, out, N, MPI_INT, &status));
    check_count(&status, N);
    fill(out, N, 7, world_rank, 0);
    CHECK_MPI(MPI_File_write_ordered_begin(fh, out, N, MPI_INT));
    CHECK_MPI(MPI_File_write_ordered_end(fh, out, &status));
    check_count(&status, N);
    check_position_shared(fh, (MPI_Offset)2 * world_size * N * sizeof(int));

    make_visible(fh);

    CHECK_MPI(MPI_File_seek_shared(fh, 0, MPI_SEEK_SET));
    check_position_shared(fh, 0);
    clear(in, N);
    CHECK_MPI(MPI_File_read_ordered(fh, in, N, MPI_INT, &status));
    check_count(&status, N);
    check_data(in, N, 6, world_rank, 0);
    clear(in, N);
    CHECK_MPI(MPI_File_read_ordered_begin(fh, in, N, MPI_INT));
    CHECK_MPI(MPI_File_read_ordered_end(fh, in, &status));
    check_count(&status, N);
    check_data(in, N, 7, world_rank, 0);

    /*
     * Independent shared-pointer accesses after the end, in any order between ranks: each
     * rank writes two ints (blocking, then nonblocking), then reads two of them back; every
     * int written is read exactly once.
     */
    CHECK_MPI(MPI_File_seek_shared(fh, 0, MPI_SEEK_END));
    check_position_shared(fh, (MPI_Offset)2 * world_size * N * sizeof(int));
    two[0] = value(8, world_rank, 0);
    two[1] = value(8, world_rank, 1);
    CHECK_MPI(MPI_File_write_shared(fh, &two[0], 1, MPI_INT, &status));
    check_count(&status, 1);
    CHECK_MPI(MPI_File_iwrite_shared(fh, &two[1], 1, MPI_INT, &request));
    CHECK_MPI(MPI_Wait(&request, &status));
    check_count(&status, 1);
    make_visible(fh);
    check_position_shared(fh, (MPI_Offset)(2 * N + 2) * world_size * sizeof(int));

    CHECK_MPI(MPI_File_seek_shared(fh, (MPI_Offset)2 * world_size * N * sizeof(int), MPI_SEEK_SET));
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    two[0] = two[1] = -1;
    CHECK_MPI(MPI_File_read_shared(fh, &two[0], 1, MPI_INT, &status));
    check_count(&status, 1);
    CHECK_MPI(MPI_File_iread_shared(fh, &two[1], 1, MPI_INT, &request));
    CHECK_MPI(MPI_Wait(&request, &status));
    check_count(&status, 1);
    check_position_shared(fh, (MPI_Offset)(2 * N + 2) * world_size * sizeof(int));
    memset(seen, 0, sizeof seen);
    for (int k = 0; k < 2; k++) {
        const int rank = (two[k] - value(8, 0, 0)) / 100, i = (two[k] - value(8, 0, 0)) % 100;
        CHECK(two[k] >= value(8, 0, 0));
        CHECK(rank < world_size && (i == 0 || i == 1));
        seen[rank * 2 + i]++;
    }
    CHECK_MPI(MPI_Allreduce(seen, all_seen, 8, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
    for (int k = 0; k < 2 * world_size; k++)
        CHECK_INT(1, all_seen[k]);

    /* Sizes: set_size truncates or extends, preallocate only extends. */
    check_size(fh, (MPI_Offset)(2 * N + 2) * world_size * sizeof(int));
    CHECK_MPI(MPI_File_set_size(fh, 1000));
    check_size(fh, 1000);
    CHECK_MPI(MPI_File_preallocate(fh, 4096));
    check_size(fh, 4096);
    CHECK_MPI(MPI_File_preallocate(fh, 100));
    check_size(fh, 4096);
    CHECK_MPI(MPI_File_set_size(fh, N * sizeof(int)));
    check_size(fh, N * sizeof(int));
    clear(in, N);
    CHECK_MPI(MPI_File_read_at_all(fh, 0, in, N, MPI_INT, &status));
    check_count(&status, N);
    check_data(in, N, 6, 0, 0);

    CHECK_MPI(MPI_File_close(&fh));
    CHECK_HANDLE(MPI_FILE_NULL, fh);
}

static int datarep_extent(MPI_Datatype datatype, MPI_Aint *extent, void *extra_state)
{
    (void)datatype, (void)extra_state;
    *extent = 8;
    return MPI_SUCCESS;
}

static int datarep_convert(void *userbuf, MPI_Datatype datatype, int count, void *filebuf, MPI_Offset position,
                           void *extra_state)
{
    (void)userbuf, (void)datatype, (void)count, (void)filebuf, (void)position, (void)extra_state;
    return MPI_SUCCESS;
}

/*
 * User data representations. Neither runtime converts through one (both accept only their own
 * representations in MPI_File_set_view), so what is checked is each runtime's answer, reached
 * through the translation with its error classes: MPICH registers a representation without
 * conversion functions and refuses the same name twice; both refuse conversion functions and a view
 * in a registered representation.
 */
static void check_datareps(MPI_File fh)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0, rc;
    static int state = 42;
    CHECK_MPI(MPI_Get_library_version(version, &len));
    const int mpich = strstr(version, "MPICH") != NULL;

    rc = MPI_Register_datarep("wi4mpi_plain", MPI_CONVERSION_FN_NULL, MPI_CONVERSION_FN_NULL, datarep_extent,
                              &state);
    if (mpich) {
        CHECK_MPI(rc);
        rc = MPI_Register_datarep("wi4mpi_plain", MPI_CONVERSION_FN_NULL, MPI_CONVERSION_FN_NULL,
                                  datarep_extent, &state);
        CHECK_ERROR_CLASS(MPI_ERR_DUP_DATAREP, rc);
    } else {
        CHECK_ERROR_CLASS(MPI_ERR_OTHER, rc); /* Open MPI's ompio has no user representation */
    }
    rc = MPI_Register_datarep("wi4mpi_converted", datarep_convert, datarep_convert, datarep_extent, &state);
    CHECK_ERROR_CLASS(MPI_ERR_CONVERSION, rc);

    CHECK_MPI(MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN));
    rc = MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "wi4mpi_plain", MPI_INFO_NULL);
    CHECK_ERROR_CLASS(MPI_ERR_UNSUPPORTED_DATAREP, rc);
}

int main(int argc, char **argv)
{
    const int amode = MPI_MODE_CREATE | MPI_MODE_RDWR;
    char name[512], name2[512];
    MPI_File fh = MPI_FILE_NULL;
    int rc;

    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &world_size));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank));
    CHECK(world_size <= 4);

    unique_name(name, sizeof name);
    unique_name(name2, sizeof name2);

    CHECK_MPI(MPI_File_open(MPI_COMM_WORLD, name, amode, MPI_INFO_NULL, &fh));
    CHECK(fh != MPI_FILE_NULL);
    check_file_properties(fh, amode);
    check_explicit_offsets(fh);
    check_view(fh);
    check_datareps(fh);
    check_size(fh, (MPI_Offset)(5 * N + VN) * world_size * sizeof(int));
    CHECK_MPI(MPI_File_close(&fh));
    CHECK_HANDLE(MPI_FILE_NULL, fh);

    check_shared(name2);

    /* Both files are gone: the first deleted here, the second when it was closed. */
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    if (world_rank == 0)
        CHECK_MPI(MPI_File_delete(name, MPI_INFO_NULL));
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    rc = MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    CHECK_ERROR_CLASS(MPI_ERR_NO_SUCH_FILE, rc);
    rc = MPI_File_open(MPI_COMM_SELF, name2, MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    CHECK_ERROR_CLASS(MPI_ERR_NO_SUCH_FILE, rc);

    check_report_ok("io");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
