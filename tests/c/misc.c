/*
 * Functions of several families that both ABIs export: the MPI-1 attribute interface
 * (MPI_Keyval_create/free, MPI_Attr_put/get/delete) with user callbacks and the predefined
 * MPI_NULL_COPY_FN, MPI_DUP_FN and MPI_NULL_DELETE_FN; communicator info hints
 * (MPI_Comm_set_info, MPI_Comm_get_info); canonical packing (MPI_Pack_external,
 * MPI_Unpack_external, MPI_Pack_external_size); and the Fortran 90 parameterised datatypes
 * (MPI_Type_create_f90_integer/real/complex), used in a broadcast; MPI_Pcontrol (variadic) at
 * every level, with and without extra arguments; the MPI-1 functions removed in MPI-3.0
 * (MPI_Address, MPI_Type_extent/lb/ub, MPI_Type_hvector/hindexed/struct, MPI_Errhandler_create/get/set),
 * which Open MPI 4.1 still exports without declaring them.
 */
#include "check.h"

/* The MPI-1 attribute functions are deprecated: calling them is the point of this test. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#ifdef OMPI_MAJOR_VERSION
/* Open MPI's mpi.h replaces these by compile-time errors; its library still has them (MPI-1 prototypes). */
#undef MPI_Address
#undef MPI_Type_extent
#undef MPI_Type_lb
#undef MPI_Type_ub
#undef MPI_Type_hvector
#undef MPI_Type_hindexed
#undef MPI_Type_struct
#undef MPI_Errhandler_create
#undef MPI_Errhandler_get
#undef MPI_Errhandler_set
int MPI_Address(void *location, MPI_Aint *address);
int MPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent);
int MPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement);
int MPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement);
int MPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_hindexed(int count, int *array_of_blocklengths, MPI_Aint *array_of_displacements,
                      MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_struct(int count, int *array_of_blocklengths, MPI_Aint *array_of_displacements,
                    MPI_Datatype *array_of_types, MPI_Datatype *newtype);
int MPI_Errhandler_create(MPI_Comm_errhandler_function *function, MPI_Errhandler *errhandler);
int MPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler);
int MPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler);
#endif

static int world_size, world_rank;
static int copies, deletions, expected_keyval;
static MPI_Comm expected_comm;
static int extra = 7;

static int copy_times_two(MPI_Comm oldcomm, int keyval, void *extra_state, void *in, void *out, int *flag)
{
    CHECK_HANDLE(expected_comm, oldcomm);
    CHECK_INT(expected_keyval, keyval);
    CHECK(extra_state == &extra);
    int size = -1;
    CHECK_MPI(MPI_Comm_size(oldcomm, &size));
    CHECK_INT(world_size, size);
    *(long *)out = (long)in * 2;
    *flag = 1;
    copies++;
    return MPI_SUCCESS;
}

static int count_deletion(MPI_Comm comm, int keyval, void *value, void *extra_state)
{
    CHECK(comm != MPI_COMM_NULL);
    CHECK_INT(expected_keyval, keyval);
    CHECK(extra_state == &extra);
    CHECK((long)value == 21 || (long)value == 42 || (long)value == 5);
    deletions++;
    return MPI_SUCCESS;
}

static void check_predefined_attributes(void)
{
    int *value = NULL, flag = 0;
    CHECK_MPI(MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &value, &flag));
    CHECK_INT(1, flag);
    CHECK(*value >= 32767);
    int tag_ub = *value;

    /* The same value through the MPI-2 interface. */
    CHECK_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &value, &flag));
    CHECK_INT(1, flag);
    CHECK_INT(tag_ub, *value);

    /* MPI_HOST is a rank or MPI_PROC_NULL in the application's ABI. */
    CHECK_MPI(MPI_Attr_get(MPI_COMM_WORLD, MPI_HOST, &value, &flag));
    CHECK_INT(1, flag);
    CHECK(*value == MPI_PROC_NULL || (*value >= 0 && *value < world_size));

    /* MPI_IO: a rank, MPI_ANY_SOURCE or MPI_PROC_NULL. */
    CHECK_MPI(MPI_Attr_get(MPI_COMM_WORLD, MPI_IO, &value, &flag));
    CHECK_INT(1, flag);
    CHECK(*value == MPI_ANY_SOURCE || *value == MPI_PROC_NULL || (*value >= 0 && *value < world_size));
}

static void check_user_keyval(void)
{
    int keyval = MPI_KEYVAL_INVALID, flag = -1;
    long *got = NULL;
    MPI_Comm comm, copy;

    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &comm));
    CHECK_MPI(MPI_Keyval_create(copy_times_two, count_deletion, &keyval, &extra));
    CHECK(keyval != MPI_KEYVAL_INVALID);
    expected_keyval = keyval;
    expected_comm = comm;

    CHECK_MPI(MPI_Attr_get(comm, keyval, &got, &flag));
    CHECK_INT(0, flag);
    CHECK_MPI(MPI_Attr_put(comm, keyval, (void *)21L));
    CHECK_MPI(MPI_Attr_get(comm, keyval, &got, &flag));
    CHECK_INT(1, flag);
    CHECK_INT(21, (long)got);

    /* Duplicating runs the copy callback with the application's communicator and keyval. */
    CHECK_MPI(MPI_Comm_dup(comm, &copy));
    CHECK_INT(1, copies);
    CHECK_MPI(MPI_Attr_get(copy, keyval, &got, &flag));
    CHECK_INT(1, flag);
    CHECK_INT(42, (long)got);

    /* Replacing a value deletes the old one; deleting runs the callback too. */
    CHECK_MPI(MPI_Attr_put(comm, keyval, (void *)5L));
    CHECK_INT(1, deletions);
    CHECK_MPI(MPI_Attr_delete(comm, keyval));
    CHECK_INT(2, deletions);
    CHECK_MPI(MPI_Attr_get(comm, keyval, &got, &flag));
    CHECK_INT(0, flag);

    /* Freeing the copy deletes its attribute. */
    CHECK_MPI(MPI_Keyval_free(&keyval));
    CHECK_INT(MPI_KEYVAL_INVALID, keyval);
    CHECK_MPI(MPI_Comm_free(&copy));
    CHECK_INT(3, deletions);
    CHECK_INT(1, copies);
    CHECK_MPI(MPI_Comm_free(&comm));
}

static void check_predefined_callbacks(void)
{
    int null_key = MPI_KEYVAL_INVALID, dup_key = MPI_KEYVAL_INVALID, flag = -1;
    long *got = NULL;
    MPI_Comm comm, copy;

    CHECK_MPI(MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &null_key, NULL));
    CHECK_MPI(MPI_Keyval_create(MPI_DUP_FN, MPI_NULL_DELETE_FN, &dup_key, NULL));
    CHECK(null_key != dup_key);

    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &comm));
    CHECK_MPI(MPI_Attr_put(comm, null_key, (void *)11L));
    CHECK_MPI(MPI_Attr_put(comm, dup_key, (void *)13L));
    CHECK_MPI(MPI_Comm_dup(comm, &copy));

    CHECK_MPI(MPI_Attr_get(copy, null_key, &got, &flag));
    CHECK_INT(0, flag);
    CHECK_MPI(MPI_Attr_get(copy, dup_key, &got, &flag));
    CHECK_INT(1, flag);
    CHECK_INT(13, (long)got);
    CHECK_MPI(MPI_Attr_get(comm, null_key, &got, &flag));
    CHECK_INT(1, flag);
    CHECK_INT(11, (long)got);

    CHECK_MPI(MPI_Attr_delete(comm, null_key));
    CHECK_MPI(MPI_Attr_get(comm, null_key, &got, &flag));
    CHECK_INT(0, flag);

    CHECK_MPI(MPI_Comm_free(&copy));
    CHECK_MPI(MPI_Comm_free(&comm));
    CHECK_MPI(MPI_Keyval_free(&null_key));
    CHECK_MPI(MPI_Keyval_free(&dup_key));
    CHECK_INT(MPI_KEYVAL_INVALID, null_key);
    CHECK_INT(MPI_KEYVAL_INVALID, dup_key);
}

static void check_info_value(MPI_Info info, const char *key, const char *expected)
{
    char value[64] = "";
    int flag = 0;
    CHECK_MPI(MPI_Info_get(info, key, (int)sizeof value - 1, value, &flag));
    CHECK_INT(1, flag);
    CHECK_STR(expected, value);
}

static void check_comm_info(void)
{
    MPI_Comm comm;
    MPI_Info hints, used = MPI_INFO_NULL;
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &comm));
    CHECK_MPI(MPI_Info_create(&hints));
    CHECK_MPI(MPI_Info_set(hints, "mpi_assert_no_any_source", "true"));
    CHECK_MPI(MPI_Comm_set_info(comm, hints));
    CHECK_MPI(MPI_Info_free(&hints));
    CHECK(hints == MPI_INFO_NULL);

    CHECK_MPI(MPI_Comm_get_info(comm, &used));
    CHECK(used != MPI_INFO_NULL);
    check_info_value(used, "mpi_assert_no_any_source", "true");
    CHECK_MPI(MPI_Info_free(&used));
    CHECK(used == MPI_INFO_NULL);

    /* The communicator still works: a reduction over it. */
    int sum = -1;
    CHECK_MPI(MPI_Allreduce(&world_rank, &sum, 1, MPI_INT, MPI_SUM, comm));
    CHECK_INT(world_size * (world_size - 1) / 2, sum);
    CHECK_MPI(MPI_Comm_free(&comm));
}

static void check_pack_external(void)
{
    int in[3] = {1, 0x01020304, -2};
    double d = 0.5;
    unsigned char packed[64];
    MPI_Aint size = -1, position = 0;

    CHECK_MPI(MPI_Pack_external_size("external32", 3, MPI_INT, &size));
    CHECK_INT(12, size);
    CHECK_MPI(MPI_Pack_external_size("external32", 2, MPI_DOUBLE, &size));
    CHECK_INT(16, size);

    memset(packed, 0xAA, sizeof packed);
    CHECK_MPI(MPI_Pack_external("external32", in, 3, MPI_INT, packed, (MPI_Aint)sizeof packed, &position));
    CHECK_INT(12, position);
    CHECK_MPI(MPI_Pack_external("external32", &d, 1, MPI_DOUBLE, packed, (MPI_Aint)sizeof packed, &position));
    CHECK_INT(20, position);
    /* external32 is big-endian. */
    static const unsigned char expected[20] = {0, 0, 0, 1, 1, 2, 3, 4, 0xFF, 0xFF, 0xFF, 0xFE,
                                               0x3F, 0xE0, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 20; i++)
        CHECK_INT(expected[i], packed[i]);
    CHECK_INT(0xAA, packed[20]);

    int out[3] = {0, 0, 0};
    double e = 0.0;
    position = 0;
    CHECK_MPI(MPI_Unpack_external("external32", packed, 20, &position, out, 3, MPI_INT));
    CHECK_INT(12, position);
    CHECK_MPI(MPI_Unpack_external("external32", packed, 20, &position, &e, 1, MPI_DOUBLE));
    CHECK_INT(20, position);
    for (int i = 0; i < 3; i++)
        CHECK_INT(in[i], out[i]);
    CHECK_DOUBLE(0.5, e, 0.0);

    /* A derived datatype: every other int of six. */
    int spread[6] = {1, -7, 0x01020304, -7, -2, -7};
    MPI_Datatype every_other;
    CHECK_MPI(MPI_Type_vector(3, 1, 2, MPI_INT, &every_other));
    CHECK_MPI(MPI_Type_commit(&every_other));
    CHECK_MPI(MPI_Pack_external_size("external32", 1, every_other, &size));
    CHECK_INT(12, size);
    position = 0;
    CHECK_MPI(MPI_Pack_external("external32", spread, 1, every_other, packed, (MPI_Aint)sizeof packed, &position));
    CHECK_INT(12, position);
    for (int i = 0; i < 12; i++)
        CHECK_INT(expected[i], packed[i]);
    int back[6] = {9, 9, 9, 9, 9, 9};
    position = 0;
    CHECK_MPI(MPI_Unpack_external("external32", packed, 12, &position, back, 1, every_other));
    CHECK_INT(12, position);
    for (int i = 0; i < 6; i++)
        CHECK_INT(i % 2 ? 9 : spread[i], back[i]);
    CHECK_MPI(MPI_Type_free(&every_other));
    CHECK(every_other == MPI_DATATYPE_NULL);
}

static void check_f90_types(void)
{
    MPI_Datatype real4, real4_again, real8, int4, int8, complex16;
    int size = -1;

    CHECK_MPI(MPI_Type_create_f90_real(6, 30, &real4));
    CHECK_MPI(MPI_Type_create_f90_real(6, 30, &real4_again));
    CHECK_HANDLE(real4, real4_again);
    CHECK_MPI(MPI_Type_size(real4, &size));
    CHECK_INT(4, size);
    CHECK_MPI(MPI_Type_create_f90_real(15, 300, &real8));
    CHECK_MPI(MPI_Type_size(real8, &size));
    CHECK_INT(8, size);
    CHECK_MPI(MPI_Type_create_f90_integer(9, &int4));
    CHECK_MPI(MPI_Type_size(int4, &size));
    CHECK_INT(4, size);
    CHECK_MPI(MPI_Type_create_f90_integer(18, &int8));
    CHECK_MPI(MPI_Type_size(int8, &size));
    CHECK_INT(8, size);
    CHECK_MPI(MPI_Type_create_f90_complex(15, 300, &complex16));
    CHECK_MPI(MPI_Type_size(complex16, &size));
    CHECK_INT(16, size);

    int num_integers = -1, num_addresses = -1, num_datatypes = -1, combiner = -1;
    CHECK_MPI(MPI_Type_get_envelope(real8, &num_integers, &num_addresses, &num_datatypes, &combiner));
    CHECK_INT(MPI_COMBINER_F90_REAL, combiner);
    CHECK_MPI(MPI_Type_get_envelope(int4, &num_integers, &num_addresses, &num_datatypes, &combiner));
    CHECK_INT(MPI_COMBINER_F90_INTEGER, combiner);
    CHECK_MPI(MPI_Type_get_envelope(complex16, &num_integers, &num_addresses, &num_datatypes, &combiner));
    CHECK_INT(MPI_COMBINER_F90_COMPLEX, combiner);

    /* The types carry data: a broadcast from the last rank. */
    double values[4] = {0, 0, 0, 0};
    long long integers[2] = {0, 0};
    int root = world_size - 1;
    if (world_rank == root) {
        values[0] = 1.25, values[1] = -3.5, values[2] = 1e100, values[3] = -0.125;
        integers[0] = 1LL << 40, integers[1] = -9;
    }
    CHECK_MPI(MPI_Bcast(values, 2, real8, root, MPI_COMM_WORLD));
    CHECK_MPI(MPI_Bcast(values + 2, 1, complex16, root, MPI_COMM_WORLD));
    CHECK_MPI(MPI_Bcast(integers, 2, int8, root, MPI_COMM_WORLD));
    CHECK_DOUBLE(1.25, values[0], 0.0);
    CHECK_DOUBLE(-3.5, values[1], 0.0);
    CHECK_DOUBLE(1e100, values[2], 0.0);
    CHECK_DOUBLE(-0.125, values[3], 0.0);
    CHECK_INT(1LL << 40, integers[0]);
    CHECK_INT(-9, integers[1]);
}

/* The MPI-5.0 standard ABI (wi4mpi's interface mode) has no function removed in MPI-3.0. */
#ifndef MPI_ABI_VERSION
/* lb, ub and extent through the MPI-1 calls, checked against MPI_Type_get_extent. */
static void check_bounds(MPI_Datatype type, MPI_Aint lb, MPI_Aint extent)
{
    MPI_Aint got_lb = -1, got_ub = -1, got_extent = -1, true_lb = -1, true_extent = -1;
    CHECK_MPI(MPI_Type_lb(type, &got_lb));
    CHECK_MPI(MPI_Type_ub(type, &got_ub));
    CHECK_MPI(MPI_Type_extent(type, &got_extent));
    CHECK_MPI(MPI_Type_get_extent(type, &true_lb, &true_extent));
    CHECK_INT(lb, got_lb);
    CHECK_INT(lb + extent, got_ub);
    CHECK_INT(extent, got_extent);
    CHECK_INT(lb, true_lb);
    CHECK_INT(extent, true_extent);
}

struct record {
    char tag;
    int count;
    double values[2];
};

static void check_mpi1_datatypes(void)
{
    int ints[4];
    MPI_Aint a0 = 0, a3 = 0, g3 = 0;
    CHECK_MPI(MPI_Address(&ints[0], &a0));
    CHECK_MPI(MPI_Address(&ints[3], &a3));
    CHECK_MPI(MPI_Get_address(&ints[3], &g3));
    CHECK_INT(3 * (long long)sizeof(int), a3 - a0);
    CHECK_INT(g3, a3);

    /* 3 blocks of 2 ints, 5 ints apart */
    MPI_Datatype hvector = MPI_DATATYPE_NULL;
    CHECK_MPI(MPI_Type_hvector(3, 2, 5 * (MPI_Aint)sizeof(int), MPI_INT, &hvector));
    check_bounds(hvector, 0, 12 * (MPI_Aint)sizeof(int));
    int size = -1;
    CHECK_MPI(MPI_Type_size(hvector, &size));
    CHECK_INT(6 * (int)sizeof(int), size);

    /* 1 int at byte 8, 3 ints at byte 32 */
    int lengths[2] = {1, 3};
    MPI_Aint displs[2] = {8, 32};
    MPI_Datatype hindexed = MPI_DATATYPE_NULL;
    CHECK_MPI(MPI_Type_hindexed(2, lengths, displs, MPI_INT, &hindexed));
    check_bounds(hindexed, 8, 32 + 3 * (MPI_Aint)sizeof(int) - 8);

    /* a struct whose last member is a derived datatype, sent to the process itself */
    struct record in = {'w', 42, {1.5, -2.25}}, out = {0, 0, {0, 0}};
    MPI_Datatype pair = MPI_DATATYPE_NULL, record = MPI_DATATYPE_NULL;
    CHECK_MPI(MPI_Type_contiguous(2, MPI_DOUBLE, &pair));
    int blocks[3] = {1, 1, 1};
    MPI_Aint base = 0, offsets[3];
    MPI_Datatype types[3] = {MPI_CHAR, MPI_INT, pair};
    CHECK_MPI(MPI_Address(&in, &base));
    CHECK_MPI(MPI_Address(&in.tag, &offsets[0]));
    CHECK_MPI(MPI_Address(&in.count, &offsets[1]));
    CHECK_MPI(MPI_Address(&in.values, &offsets[2]));
    for (int i = 0; i < 3; i++)
        offsets[i] -= base;
    CHECK_MPI(MPI_Type_struct(3, blocks, offsets, types, &record));
    check_bounds(record, 0, (MPI_Aint)sizeof(struct record));
    CHECK_MPI(MPI_Type_commit(&record));
    CHECK_MPI(MPI_Sendrecv(&in, 1, record, 0, 5, &out, 1, record, 0, 5, MPI_COMM_SELF, MPI_STATUS_IGNORE));
    CHECK_INT('w', out.tag);
    CHECK_INT(42, out.count);
    CHECK_DOUBLE(1.5, out.values[0], 0.0);
    CHECK_DOUBLE(-2.25, out.values[1], 0.0);

    CHECK_MPI(MPI_Type_free(&record));
    CHECK_MPI(MPI_Type_free(&pair));
    CHECK_MPI(MPI_Type_free(&hindexed));
    CHECK_MPI(MPI_Type_free(&hvector));
}

static int handler_calls;

static void count_errors(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    (void)code;
    handler_calls++;
}

static void check_mpi1_errhandlers(void)
{
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Errhandler got = MPI_ERRHANDLER_NULL, user = MPI_ERRHANDLER_NULL;
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &comm));
    CHECK_MPI(MPI_Errhandler_get(comm, &got));
    CHECK_HANDLE(MPI_ERRORS_ARE_FATAL, got);
    CHECK_MPI(MPI_Errhandler_free(&got));

    CHECK_MPI(MPI_Errhandler_set(comm, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Errhandler_get(comm, &got));
    CHECK_HANDLE(MPI_ERRORS_RETURN, got);
    CHECK_MPI(MPI_Errhandler_free(&got));
    int value = 0;
    CHECK_ERROR_CLASS(MPI_ERR_RANK, MPI_Send(&value, 1, MPI_INT, world_size, 0, comm));

    /* a user handler made and set the MPI-1 way is the one MPI_Comm_get_errhandler returns and errors call */
    CHECK_MPI(MPI_Errhandler_create(count_errors, &user));
    CHECK_MPI(MPI_Errhandler_set(comm, user));
    CHECK_MPI(MPI_Comm_get_errhandler(comm, &got));
    CHECK_HANDLE(user, got);
    CHECK_MPI(MPI_Errhandler_free(&got));
    CHECK_MPI(MPI_Errhandler_get(comm, &got));
    CHECK_HANDLE(user, got);
    CHECK_MPI(MPI_Errhandler_free(&got));
    handler_calls = 0;
    MPI_Send(&value, 1, MPI_INT, world_size, 0, comm);
    CHECK_INT(1, handler_calls);

    CHECK_MPI(MPI_Errhandler_free(&user));
    CHECK_MPI(MPI_Comm_free(&comm));
}

/* Profiling control does nothing without a profiler, whatever follows the level. */
#endif

static void check_pcontrol(void)
{
    CHECK_MPI(MPI_Pcontrol(0));
    CHECK_MPI(MPI_Pcontrol(1));
    CHECK_MPI(MPI_Pcontrol(2, "extra", 3.5, &world_rank));
    CHECK_MPI(MPI_Pcontrol(-1, 7));
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &world_size));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank));

    check_predefined_attributes();
    check_user_keyval();
    check_predefined_callbacks();
    check_comm_info();
    check_pack_external();
    check_f90_types();
    check_pcontrol();
#ifndef MPI_ABI_VERSION
    check_mpi1_datatypes();
    check_mpi1_errhandlers();
#endif

    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    check_report_ok("misc");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
