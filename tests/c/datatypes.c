/*
 * Derived datatypes: every constructor with its size, extents, envelope and contents,
 * names, pack/unpack, a strided vector sent between ranks, and MPI-1's MPI_LB/MPI_UB (MPICH builds).
 */
#include "check.h"

#include <stddef.h>

static int n, me;

#define MAX_CONTENTS 16

struct contents {
    int combiner, num_integers, num_addresses, num_datatypes;
    int integers[MAX_CONTENTS];
    MPI_Aint addresses[MAX_CONTENTS];
    MPI_Datatype datatypes[MAX_CONTENTS];
};

static void check_layout_at(const char *file, int line, MPI_Datatype type, int size, MPI_Aint lb,
                            MPI_Aint extent, MPI_Aint true_lb, MPI_Aint true_extent)
{
    int actual_size = -1;
    MPI_Aint actual_lb = -1, actual_extent = -1;
    MPI_Count size_x = -1, lb_x = -1, extent_x = -1;

    CHECK_MPI(MPI_Type_size(type, &actual_size));
    check_long(file, line, "MPI_Type_size", size, actual_size);
    CHECK_MPI(MPI_Type_get_extent(type, &actual_lb, &actual_extent));
    check_long(file, line, "lower bound", lb, actual_lb);
    check_long(file, line, "extent", extent, actual_extent);
    CHECK_MPI(MPI_Type_get_true_extent(type, &actual_lb, &actual_extent));
    check_long(file, line, "true lower bound", true_lb, actual_lb);
    check_long(file, line, "true extent", true_extent, actual_extent);

    CHECK_MPI(MPI_Type_size_x(type, &size_x));
    check_long(file, line, "MPI_Type_size_x", size, size_x);
    CHECK_MPI(MPI_Type_get_extent_x(type, &lb_x, &extent_x));
    check_long(file, line, "lower bound (x)", lb, lb_x);
    check_long(file, line, "extent (x)", extent, extent_x);
    CHECK_MPI(MPI_Type_get_true_extent_x(type, &lb_x, &extent_x));
    check_long(file, line, "true lower bound (x)", true_lb, lb_x);
    check_long(file, line, "true extent (x)", true_extent, extent_x);
}
#define check_layout(type, size, lb, extent, true_lb, true_extent) \
    check_layout_at(__FILE__, __LINE__, type, size, lb, extent, true_lb, true_extent)

/* Reads envelope and contents, checking the counts and the combiner. */
static void read_contents_at(const char *file, int line, MPI_Datatype type, int combiner, int num_integers,
                             int num_addresses, int num_datatypes, struct contents *c)
{
    memset(c, 0, sizeof *c);
    CHECK_MPI(MPI_Type_get_envelope(type, &c->num_integers, &c->num_addresses, &c->num_datatypes, &c->combiner));
    check_long(file, line, "combiner", combiner, c->combiner);
    check_long(file, line, "number of integers", num_integers, c->num_integers);
    check_long(file, line, "number of addresses", num_addresses, c->num_addresses);
    check_long(file, line, "number of datatypes", num_datatypes, c->num_datatypes);
    CHECK(num_integers <= MAX_CONTENTS && num_addresses <= MAX_CONTENTS && num_datatypes <= MAX_CONTENTS);
    /* Open MPI 4.1 inspects max_datatypes entries, not the real count: pass the exact sizes. */
    if (combiner != MPI_COMBINER_NAMED)
        CHECK_MPI(MPI_Type_get_contents(type, c->num_integers, c->num_addresses, c->num_datatypes, c->integers,
                                        c->addresses, c->datatypes));
}
#define read_contents(type, combiner, ni, na, nd, c) \
    read_contents_at(__FILE__, __LINE__, type, combiner, ni, na, nd, c)

static void check_integers_at(const char *file, int line, const struct contents *c, const int *expected)
{
    for (int i = 0; i < c->num_integers; i++)
        check_long(file, line, "contents integer", expected[i], c->integers[i]);
}
#define check_integers(c, ...) \
    do { const int expected_[] = {__VA_ARGS__}; check_integers_at(__FILE__, __LINE__, c, expected_); } while (0)

static void check_addresses_at(const char *file, int line, const struct contents *c, const MPI_Aint *expected)
{
    for (int i = 0; i < c->num_addresses; i++)
        check_long(file, line, "contents address", expected[i], c->addresses[i]);
}
#define check_addresses(c, ...) \
    do { const MPI_Aint expected_[] = {__VA_ARGS__}; check_addresses_at(__FILE__, __LINE__, c, expected_); } while (0)

static void free_type(MPI_Datatype *type)
{
    CHECK_MPI(MPI_Type_free(type));
    CHECK_HANDLE(MPI_DATATYPE_NULL, *type);
}

static void check_named(void)
{
    struct contents c;
    char name[MPI_MAX_OBJECT_NAME];
    int len = -1;

    read_contents(MPI_INT, MPI_COMBINER_NAMED, 0, 0, 0, &c);
    check_layout(MPI_INT, (int)sizeof(int), 0, (MPI_Aint)sizeof(int), 0, (MPI_Aint)sizeof(int));
    check_layout(MPI_DOUBLE, (int)sizeof(double), 0, (MPI_Aint)sizeof(double), 0, (MPI_Aint)sizeof(double));
    CHECK_MPI(MPI_Type_get_name(MPI_INT, name, &len));
    CHECK_STR("MPI_INT", name);
    CHECK_INT(7, len);
    CHECK_MPI(MPI_Type_get_name(MPI_DOUBLE, name, &len));
    CHECK_STR("MPI_DOUBLE", name);
}

static void check_constructors(void)
{
    struct contents c;
    MPI_Datatype t, inner;
    const MPI_Aint I = (MPI_Aint)sizeof(int);

    CHECK_MPI(MPI_Type_contiguous(3, MPI_INT, &t));
    check_layout(t, 3 * (int)I, 0, 3 * I, 0, 3 * I);
    read_contents(t, MPI_COMBINER_CONTIGUOUS, 1, 0, 1, &c);
    check_integers(&c, 3);
    CHECK_HANDLE(MPI_INT, c.datatypes[0]);
    free_type(&t);

    CHECK_MPI(MPI_Type_vector(3, 2, 4, MPI_INT, &t));
    check_layout(t, 6 * (int)I, 0, 10 * I, 0, 10 * I);
    read_contents(t, MPI_COMBINER_VECTOR, 3, 0, 1, &c);
    check_integers(&c, 3, 2, 4);
    CHECK_HANDLE(MPI_INT, c.datatypes[0]);
    free_type(&t);

    CHECK_MPI(MPI_Type_create_hvector(3, 2, 20, MPI_INT, &t));
    check_layout(t, 6 * (int)I, 0, 40 + 2 * I, 0, 40 + 2 * I);
    read_contents(t, MPI_COMBINER_HVECTOR, 2, 1, 1, &c);
    check_integers(&c, 3, 2);
    check_addresses(&c, 20);
    CHECK_HANDLE(MPI_INT, c.datatypes[0]);
    free_type(&t);

    int blocklengths[3] = {1, 2, 3}, displacements[3] = {0, 3, 7};
    CHECK_MPI(MPI_Type_indexed(3, blocklengths, displacements, MPI_INT, &t));
    check_layout(t, 6 * (int)I, 0, 10 * I, 0, 10 * I);
    read_contents(t, MPI_COMBINER_INDEXED, 7, 0, 1, &c);
    check_integers(&c, 3, 1, 2, 3, 0, 3, 7);
    CHECK_HANDLE(MPI_INT, c.datatypes[0]);
    free_type(&t);

    int hblocklengths[2] = {2, 1};
    MPI_Aint hdisplacements[2] = {4 * I, 0};
    CHECK_MPI(MPI_Type_create_hindexed(2, hblocklengths, hdisplacements, MPI_INT, &t));
    check_layout(t, 3 * (int)I, 0, 6 * I, 0, 6 * I);
    read_contents(t, MPI_COMBINER_HINDEXED, 3, 2, 1, &c);
    check_integers(&c, 2, 2, 1);
    check_addresses(&c, 4 * I, 0);
    CHECK_HANDLE(MPI_INT, c.datatypes[0]);
    free_type(&t);

    int block_displacements[3] = {0, 4, 9};
    CHECK_MPI(MPI_Type_create_indexed_block(3, 2, block_displacements, MPI_INT, &t));
    check_layout(t, 6 * (int)I, 0, 11 * I, 0, 11 * I);
    read_contents(t, MPI_COMBINER_INDEXED_BLOCK, 5, 0, 1, &c);
    check_integers(&c, 3, 2, 0, 4, 9);
    CHECK_HANDLE(MPI_INT, c.datatypes[0]);
    free_type(&t);

    MPI_Aint hblock_displacements[2] = {0, 5 * I};
    CHECK_MPI(MPI_Type_create_hindexed_block(2, 3, hblock_displacements, MPI_INT, &t));
    check_layout(t, 6 * (int)I, 0, 8 * I, 0, 8 * I);
    read_contents(t, MPI_COMBINER_HINDEXED_BLOCK, 2, 2, 1, &c);
    check_integers(&c, 2, 3);
    check_addresses(&c, 0, 5 * I);
    CHECK_HANDLE(MPI_INT, c.datatypes[0]);
    free_type(&t);

    /* Struct: the extent is padded to the alignment of double. */
    struct record { int i; double d[2]; };
    int struct_lengths[2] = {1, 2};
    MPI_Aint struct_displacements[2] = {offsetof(struct record, i), offsetof(struct record, d)};
    MPI_Datatype struct_types[2] = {MPI_INT, MPI_DOUBLE};
    CHECK_MPI(MPI_Type_create_struct(2, struct_lengths, struct_displacements, struct_types, &t));
    check_layout(t, (int)(I + 2 * sizeof(double)), 0, (MPI_Aint)sizeof(struct record), 0,
                 (MPI_Aint)sizeof(struct record));
    read_contents(t, MPI_COMBINER_STRUCT, 3, 2, 2, &c);
    check_integers(&c, 2, 1, 2);
    check_addresses(&c, offsetof(struct record, i), offsetof(struct record, d));
    CHECK_HANDLE(MPI_INT, c.datatypes[0]);
    CHECK_HANDLE(MPI_DOUBLE, c.datatypes[1]);
    free_type(&t);

    /* 2x3 block at (1,1) of a 4x5 C-order array. */
    int sizes[2] = {4, 5}, subsizes[2] = {2, 3}, starts[2] = {1, 1};
    CHECK_MPI(MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, &t));
    check_layout(t, 6 * (int)I, 0, 20 * I, 6 * I, 8 * I);
    read_contents(t, MPI_COMBINER_SUBARRAY, 8, 0, 1, &c);
    check_integers(&c, 2, 4, 5, 2, 3, 1, 1, MPI_ORDER_C);
    CHECK_HANDLE(MPI_INT, c.datatypes[0]);
    free_type(&t);

    /* Block distribution of 4n ints over n processes: 4 ints each, at 4 * rank. */
    int gsizes[1] = {4 * n}, distribs[1] = {MPI_DISTRIBUTE_BLOCK}, dargs[1] = {MPI_DISTRIBUTE_DFLT_DARG};
    int psizes[1] = {n};
    CHECK_MPI(MPI_Type_create_darray(n, me, 1, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &t));
    check_layout(t, 4 * (int)I, 0, 4 * n * I, 4 * me * I, 4 * I);
    read_contents(t, MPI_COMBINER_DARRAY, 8, 0, 1, &c);
    check_integers(&c, n, me, 1, 4 * n, MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_DFLT_DARG, n, MPI_ORDER_C);
    CHECK_HANDLE(MPI_INT, c.datatypes[0]);
    free_type(&t);

    CHECK_MPI(MPI_Type_create_resized(MPI_INT, -I, 4 * I, &t));
    check_layout(t, (int)I, -I, 4 * I, 0, I);
    read_contents(t, MPI_COMBINER_RESIZED, 0, 2, 1, &c);
    check_addresses(&c, -I, 4 * I);
    CHECK_HANDLE(MPI_INT, c.datatypes[0]);
    free_type(&t);

    /* Dup of a derived type: contents return a new handle to an equivalent vector. */
    CHECK_MPI(MPI_Type_vector(2, 1, 3, MPI_INT, &inner));
    CHECK_MPI(MPI_Type_dup(inner, &t));
    check_layout(t, 2 * (int)I, 0, 4 * I, 0, 4 * I);
    read_contents(t, MPI_COMBINER_DUP, 0, 0, 1, &c);
    struct contents nested;
    read_contents(c.datatypes[0], MPI_COMBINER_VECTOR, 3, 0, 1, &nested);
    check_integers(&nested, 2, 1, 3);
    CHECK_HANDLE(MPI_INT, nested.datatypes[0]);
    free_type(&c.datatypes[0]);
    free_type(&t);
    free_type(&inner);
}

static void check_names(void)
{
    MPI_Datatype t;
    char name[MPI_MAX_OBJECT_NAME];
    int len = -1;
    CHECK_MPI(MPI_Type_contiguous(2, MPI_INT, &t));
    CHECK_MPI(MPI_Type_set_name(t, "wi4mpi pair"));
    CHECK_MPI(MPI_Type_get_name(t, name, &len));
    CHECK_STR("wi4mpi pair", name);
    CHECK_INT(strlen("wi4mpi pair"), len);
    free_type(&t);
}

/* Column 1 of a 4x4 matrix, packed and unpacked. */
static void check_pack(void)
{
    MPI_Datatype column;
    int matrix[16], unpacked[4] = {-1, -1, -1, -1}, size = -1, position = 0;
    char packed[256];
    for (int i = 0; i < 16; i++)
        matrix[i] = i;
    CHECK_MPI(MPI_Type_vector(4, 1, 4, MPI_INT, &column));
    CHECK_MPI(MPI_Type_commit(&column));

    CHECK_MPI(MPI_Pack_size(1, column, MPI_COMM_WORLD, &size));
    CHECK(size >= 4 * (int)sizeof(int) && size <= (int)sizeof packed);
    CHECK_MPI(MPI_Pack(matrix + 1, 1, column, packed, (int)sizeof packed, &position, MPI_COMM_WORLD));
    CHECK_INT(4 * (int)sizeof(int), position);
    int value = 99;
    CHECK_MPI(MPI_Pack(&value, 1, MPI_INT, packed, (int)sizeof packed, &position, MPI_COMM_WORLD));
    CHECK_INT(5 * (int)sizeof(int), position);

    position = 0;
    value = -1;
    CHECK_MPI(MPI_Unpack(packed, (int)sizeof packed, &position, unpacked, 4, MPI_INT, MPI_COMM_WORLD));
    CHECK_MPI(MPI_Unpack(packed, (int)sizeof packed, &position, &value, 1, MPI_INT, MPI_COMM_WORLD));
    CHECK_INT(5 * (int)sizeof(int), position);
    for (int i = 0; i < 4; i++)
        CHECK_INT(4 * i + 1, unpacked[i]);
    CHECK_INT(99, value);

    /* Unpacking into the strided type scatters back into a matrix. */
    int restored[16];
    for (int i = 0; i < 16; i++)
        restored[i] = -1;
    position = 0;
    CHECK_MPI(MPI_Unpack(packed, (int)sizeof packed, &position, restored + 2, 1, column, MPI_COMM_WORLD));
    for (int i = 0; i < 16; i++)
        CHECK_INT(i % 4 == 2 ? 4 * (i / 4) + 1 : -1, restored[i]);
    free_type(&column);
}

/* A column goes to the right neighbour, which receives it once contiguously and once as a column. */
static void check_send_vector(void)
{
    int right = (me + 1) % n, left = (me + n - 1) % n;
    int matrix[16], received[16], contiguous[4], count = -1;
    MPI_Datatype column;
    MPI_Request requests[2];
    MPI_Status status;

    for (int i = 0; i < 16; i++) {
        matrix[i] = 100 * me + i;
        received[i] = -1;
    }
    CHECK_MPI(MPI_Type_vector(4, 1, 4, MPI_INT, &column));
    CHECK_MPI(MPI_Type_commit(&column));

    CHECK_MPI(MPI_Irecv(contiguous, 4, MPI_INT, left, 1, MPI_COMM_WORLD, &requests[0]));
    CHECK_MPI(MPI_Isend(matrix + 3, 1, column, right, 1, MPI_COMM_WORLD, &requests[1]));
    CHECK_MPI(MPI_Waitall(2, requests, MPI_STATUSES_IGNORE));
    for (int i = 0; i < 4; i++)
        CHECK_INT(100 * left + 4 * i + 3, contiguous[i]);

    CHECK_MPI(MPI_Irecv(received, 1, column, left, 2, MPI_COMM_WORLD, &requests[0]));
    CHECK_MPI(MPI_Isend(matrix, 1, column, right, 2, MPI_COMM_WORLD, &requests[1]));
    CHECK_MPI(MPI_Wait(&requests[0], &status));
    CHECK_MPI(MPI_Wait(&requests[1], MPI_STATUS_IGNORE));
    for (int i = 0; i < 16; i++)
        CHECK_INT(i % 4 == 0 ? 100 * left + i : -1, received[i]);
    CHECK_MPI(MPI_Get_count(&status, column, &count));
    CHECK_INT(1, count);
    CHECK_MPI(MPI_Get_elements(&status, column, &count));
    CHECK_INT(4, count);
    free_type(&column);
}

/*
 * MPI-1's MPI_LB and MPI_UB markers (removed in MPI-3.0): MPICH's mpi.h still defines them, Open
 * MPI's does not but its library still has them, so an MPICH program using them runs on either.
 */
static void check_bound_markers(void)
{
#if defined(MPICH_VERSION)
    const MPI_Aint I = (MPI_Aint)sizeof(int);
    MPI_Datatype types[3] = {MPI_LB, MPI_INT, MPI_UB}, t;
    int blocklengths[3] = {1, 1, 1};
    MPI_Aint displacements[3] = {-2 * I, 0, 4 * I};
    char name[MPI_MAX_OBJECT_NAME];
    int len = 0;
    CHECK_MPI(MPI_Type_create_struct(3, blocklengths, displacements, types, &t));
    CHECK_MPI(MPI_Type_commit(&t));
    check_layout(t, (int)I, -2 * I, 6 * I, 0, I);
    free_type(&t);
    CHECK_MPI(MPI_Type_get_name(MPI_UB, name, &len));
    CHECK_STR("MPI_UB", name);
#endif
}

/* MPI_Type_get_contents with arrays larger than the type needs (legal; MPICH's C++ Get_contents and
 * many programs do it): the type's entries are filled, the others left alone. Open MPI 4.1 retains
 * max_datatypes entries whatever they hold, so the unused ones hold MPI_DATATYPE_NULL here, which it
 * skips as predefined. */
static void check_contents_larger_arrays(void)
{
    MPI_Datatype vector, dup, types[10];
    int ints[10];
    MPI_Aint addresses[10];
    for (int i = 0; i < 10; i++) {
        types[i] = MPI_DATATYPE_NULL;
        ints[i] = -1;
    }
    CHECK_MPI(MPI_Type_vector(10, 1, 30, MPI_DOUBLE, &vector));
    CHECK_MPI(MPI_Type_get_contents(vector, 10, 10, 10, ints, addresses, types));
    CHECK_INT(10, ints[0]);
    CHECK_INT(1, ints[1]);
    CHECK_INT(30, ints[2]);
    CHECK_INT(-1, ints[3]);
    CHECK_HANDLE(MPI_DOUBLE, types[0]);
    for (int i = 1; i < 10; i++)
        CHECK_HANDLE(MPI_DATATYPE_NULL, types[i]);
    CHECK_MPI(MPI_Type_dup(vector, &dup));
    CHECK_MPI(MPI_Type_get_contents(dup, 10, 10, 10, ints, addresses, types));
    int size = 0;
    CHECK_MPI(MPI_Type_size(types[0], &size));
    CHECK_INT(80, size); /* the vector, a new handle to free */
    CHECK_HANDLE(MPI_DATATYPE_NULL, types[1]);
    free_type(&types[0]);
    free_type(&dup);
    free_type(&vector);
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &n));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &me));

    check_named();
    check_constructors();
    check_names();
    check_pack();
    check_send_vector();
    check_bound_markers();
    check_contents_larger_arrays();

    check_report_ok("datatypes");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
