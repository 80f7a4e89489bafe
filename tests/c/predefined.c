/*
 * Every predefined datatype of the application's mpi.h (the union of the families' descriptors but
 * MPI_LB and MPI_UB, removed in MPI-3.0: PredefinedDatatypesListTest keeps this list complete) is usable, including those the runtime
 * lacks (MPI_LOGICAL1 from Open MPI on MPICH, MPIX_C_FLOAT16 from MPICH on Open MPI, the standard
 * ABI's MPI_LOGICAL16 or MPI_REAL2): size, extent, its own name, MPI_COMBINER_NAMED, freeing it
 * refused, one element sent to the process itself and packed, and the logical reductions on the
 * Fortran LOGICAL kinds. Predefined errhandlers and ops the header defines are usable too.
 */
#include "check.h"

struct named_type {
    const char *name;
    MPI_Datatype type;
};

static const struct named_type types[] = {
#ifdef MPIX_C_FLOAT16
    {"MPIX_C_FLOAT16", MPIX_C_FLOAT16},
#endif
#ifdef MPI_2COMPLEX
    {"MPI_2COMPLEX", MPI_2COMPLEX},
#endif
#ifdef MPI_2DOUBLE_COMPLEX
    {"MPI_2DOUBLE_COMPLEX", MPI_2DOUBLE_COMPLEX},
#endif
#ifdef MPI_2DOUBLE_PRECISION
    {"MPI_2DOUBLE_PRECISION", MPI_2DOUBLE_PRECISION},
#endif
#ifdef MPI_2INT
    {"MPI_2INT", MPI_2INT},
#endif
#ifdef MPI_2INTEGER
    {"MPI_2INTEGER", MPI_2INTEGER},
#endif
#ifdef MPI_2REAL
    {"MPI_2REAL", MPI_2REAL},
#endif
#ifdef MPI_AINT
    {"MPI_AINT", MPI_AINT},
#endif
#ifdef MPI_BYTE
    {"MPI_BYTE", MPI_BYTE},
#endif
#ifdef MPI_CHAR
    {"MPI_CHAR", MPI_CHAR},
#endif
#ifdef MPI_CHARACTER
    {"MPI_CHARACTER", MPI_CHARACTER},
#endif
#ifdef MPI_COMPLEX
    {"MPI_COMPLEX", MPI_COMPLEX},
#endif
#ifdef MPI_COMPLEX16
    {"MPI_COMPLEX16", MPI_COMPLEX16},
#endif
#ifdef MPI_COMPLEX32
    {"MPI_COMPLEX32", MPI_COMPLEX32},
#endif
#ifdef MPI_COMPLEX4
    {"MPI_COMPLEX4", MPI_COMPLEX4},
#endif
#ifdef MPI_COMPLEX8
    {"MPI_COMPLEX8", MPI_COMPLEX8},
#endif
#ifdef MPI_COUNT
    {"MPI_COUNT", MPI_COUNT},
#endif
#ifdef MPI_CXX_BOOL
    {"MPI_CXX_BOOL", MPI_CXX_BOOL},
#endif
#ifdef MPI_CXX_COMPLEX
    {"MPI_CXX_COMPLEX", MPI_CXX_COMPLEX},
#endif
#ifdef MPI_CXX_DOUBLE_COMPLEX
    {"MPI_CXX_DOUBLE_COMPLEX", MPI_CXX_DOUBLE_COMPLEX},
#endif
#ifdef MPI_CXX_FLOAT_COMPLEX
    {"MPI_CXX_FLOAT_COMPLEX", MPI_CXX_FLOAT_COMPLEX},
#endif
#ifdef MPI_CXX_LONG_DOUBLE_COMPLEX
    {"MPI_CXX_LONG_DOUBLE_COMPLEX", MPI_CXX_LONG_DOUBLE_COMPLEX},
#endif
#ifdef MPI_C_BOOL
    {"MPI_C_BOOL", MPI_C_BOOL},
#endif
#ifdef MPI_C_COMPLEX
    {"MPI_C_COMPLEX", MPI_C_COMPLEX},
#endif
#ifdef MPI_C_DOUBLE_COMPLEX
    {"MPI_C_DOUBLE_COMPLEX", MPI_C_DOUBLE_COMPLEX},
#endif
#ifdef MPI_C_FLOAT_COMPLEX
    {"MPI_C_FLOAT_COMPLEX", MPI_C_FLOAT_COMPLEX},
#endif
#ifdef MPI_C_LONG_DOUBLE_COMPLEX
    {"MPI_C_LONG_DOUBLE_COMPLEX", MPI_C_LONG_DOUBLE_COMPLEX},
#endif
#ifdef MPI_DOUBLE
    {"MPI_DOUBLE", MPI_DOUBLE},
#endif
#ifdef MPI_DOUBLE_COMPLEX
    {"MPI_DOUBLE_COMPLEX", MPI_DOUBLE_COMPLEX},
#endif
#ifdef MPI_DOUBLE_INT
    {"MPI_DOUBLE_INT", MPI_DOUBLE_INT},
#endif
#ifdef MPI_DOUBLE_PRECISION
    {"MPI_DOUBLE_PRECISION", MPI_DOUBLE_PRECISION},
#endif
#ifdef MPI_FLOAT
    {"MPI_FLOAT", MPI_FLOAT},
#endif
#ifdef MPI_FLOAT_INT
    {"MPI_FLOAT_INT", MPI_FLOAT_INT},
#endif
#ifdef MPI_INT
    {"MPI_INT", MPI_INT},
#endif
#ifdef MPI_INT16_T
    {"MPI_INT16_T", MPI_INT16_T},
#endif
#ifdef MPI_INT32_T
    {"MPI_INT32_T", MPI_INT32_T},
#endif
#ifdef MPI_INT64_T
    {"MPI_INT64_T", MPI_INT64_T},
#endif
#ifdef MPI_INT8_T
    {"MPI_INT8_T", MPI_INT8_T},
#endif
#ifdef MPI_INTEGER
    {"MPI_INTEGER", MPI_INTEGER},
#endif
#ifdef MPI_INTEGER1
    {"MPI_INTEGER1", MPI_INTEGER1},
#endif
#ifdef MPI_INTEGER16
    {"MPI_INTEGER16", MPI_INTEGER16},
#endif
#ifdef MPI_INTEGER2
    {"MPI_INTEGER2", MPI_INTEGER2},
#endif
#ifdef MPI_INTEGER4
    {"MPI_INTEGER4", MPI_INTEGER4},
#endif
#ifdef MPI_INTEGER8
    {"MPI_INTEGER8", MPI_INTEGER8},
#endif
#ifdef MPI_LOGICAL
    {"MPI_LOGICAL", MPI_LOGICAL},
#endif
#ifdef MPI_LOGICAL1
    {"MPI_LOGICAL1", MPI_LOGICAL1},
#endif
#ifdef MPI_LOGICAL16
    {"MPI_LOGICAL16", MPI_LOGICAL16},
#endif
#ifdef MPI_LOGICAL2
    {"MPI_LOGICAL2", MPI_LOGICAL2},
#endif
#ifdef MPI_LOGICAL4
    {"MPI_LOGICAL4", MPI_LOGICAL4},
#endif
#ifdef MPI_LOGICAL8
    {"MPI_LOGICAL8", MPI_LOGICAL8},
#endif
#ifdef MPI_LONG
    {"MPI_LONG", MPI_LONG},
#endif
#ifdef MPI_LONG_DOUBLE
    {"MPI_LONG_DOUBLE", MPI_LONG_DOUBLE},
#endif
#ifdef MPI_LONG_DOUBLE_INT
    {"MPI_LONG_DOUBLE_INT", MPI_LONG_DOUBLE_INT},
#endif
#ifdef MPI_LONG_INT
    {"MPI_LONG_INT", MPI_LONG_INT},
#endif
#ifdef MPI_LONG_LONG
    {"MPI_LONG_LONG", MPI_LONG_LONG},
#endif
#ifdef MPI_LONG_LONG_INT
    {"MPI_LONG_LONG_INT", MPI_LONG_LONG_INT},
#endif
#ifdef MPI_OFFSET
    {"MPI_OFFSET", MPI_OFFSET},
#endif
#ifdef MPI_PACKED
    {"MPI_PACKED", MPI_PACKED},
#endif
#ifdef MPI_REAL
    {"MPI_REAL", MPI_REAL},
#endif
#ifdef MPI_REAL16
    {"MPI_REAL16", MPI_REAL16},
#endif
#ifdef MPI_REAL2
    {"MPI_REAL2", MPI_REAL2},
#endif
#ifdef MPI_REAL4
    {"MPI_REAL4", MPI_REAL4},
#endif
#ifdef MPI_REAL8
    {"MPI_REAL8", MPI_REAL8},
#endif
#ifdef MPI_SHORT
    {"MPI_SHORT", MPI_SHORT},
#endif
#ifdef MPI_SHORT_INT
    {"MPI_SHORT_INT", MPI_SHORT_INT},
#endif
#ifdef MPI_SIGNED_CHAR
    {"MPI_SIGNED_CHAR", MPI_SIGNED_CHAR},
#endif
#ifdef MPI_UINT16_T
    {"MPI_UINT16_T", MPI_UINT16_T},
#endif
#ifdef MPI_UINT32_T
    {"MPI_UINT32_T", MPI_UINT32_T},
#endif
#ifdef MPI_UINT64_T
    {"MPI_UINT64_T", MPI_UINT64_T},
#endif
#ifdef MPI_UINT8_T
    {"MPI_UINT8_T", MPI_UINT8_T},
#endif
#ifdef MPI_UNSIGNED
    {"MPI_UNSIGNED", MPI_UNSIGNED},
#endif
#ifdef MPI_UNSIGNED_CHAR
    {"MPI_UNSIGNED_CHAR", MPI_UNSIGNED_CHAR},
#endif
#ifdef MPI_UNSIGNED_LONG
    {"MPI_UNSIGNED_LONG", MPI_UNSIGNED_LONG},
#endif
#ifdef MPI_UNSIGNED_LONG_LONG
    {"MPI_UNSIGNED_LONG_LONG", MPI_UNSIGNED_LONG_LONG},
#endif
#ifdef MPI_UNSIGNED_SHORT
    {"MPI_UNSIGNED_SHORT", MPI_UNSIGNED_SHORT},
#endif
#ifdef MPI_WCHAR
    {"MPI_WCHAR", MPI_WCHAR},
#endif
};

/* Names whose object some runtime lacks: each must keep its own name (the others may be aliases of
 * one object, whose name is one of theirs; MPIX_C_FLOAT16 has an empty name in MPICH 4.0). */
static int lacked_somewhere(const char *name)
{
    static const char *const names[] = {"MPI_LOGICAL1", "MPI_LOGICAL2", "MPI_LOGICAL4", "MPI_LOGICAL8",
                                        "MPI_LOGICAL16", "MPI_INTEGER16", "MPI_REAL2",
                                        "MPI_COMPLEX4", "MPI_2COMPLEX", "MPI_2DOUBLE_COMPLEX"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0)
            return 1;
    return 0;
}

static void check_packed_equal(const char *name, const void *a, const void *b, MPI_Datatype type)
{
    char pa[64], pb[64];
    int na = 0, nb = 0;
    CHECK_MPI(MPI_Pack(a, 1, type, pa, (int)sizeof pa, &na, MPI_COMM_SELF));
    CHECK_MPI(MPI_Pack(b, 1, type, pb, (int)sizeof pb, &nb, MPI_COMM_SELF));
    if (na != nb || memcmp(pa, pb, (size_t)na) != 0) {
        fprintf(stderr, "%s: the element received differs from the one sent\n", name);
        CHECK(0);
    }
}

/* The checks of check.h, naming the datatype at fault. */
#define TYPE_CHECK(cond) do { if (!(cond)) check_report(__FILE__, __LINE__, t->name, #cond); } while (0)
#define TYPE_CHECK_INT(expected, actual) check_long(__FILE__, __LINE__, t->name, (expected), (actual))
#define TYPE_CHECK_STR(expected, actual) check_string(__FILE__, __LINE__, t->name, (expected), (actual))
#define TYPE_CHECK_MPI(call) TYPE_CHECK((call) == MPI_SUCCESS)

static void walk(const struct named_type *t)
{
    int size = -1, length = -1, ni, na, nd, combiner = -1;
    MPI_Aint lb, extent;
    char name[MPI_MAX_OBJECT_NAME];

    TYPE_CHECK_MPI(MPI_Type_size(t->type, &size));
    TYPE_CHECK(size >= 0 && size <= 64);
    TYPE_CHECK_MPI(MPI_Type_get_extent(t->type, &lb, &extent));
    TYPE_CHECK(extent >= size && extent <= 64);
    TYPE_CHECK_MPI(MPI_Type_get_name(t->type, name, &length));
    if (strncmp(t->name, "MPIX_", 5) != 0) /* MPICH 4.0 names its MPIX_C_FLOAT16 "" */
        TYPE_CHECK(length > 0);
    TYPE_CHECK_INT((int)strlen(name), length);
    if (lacked_somewhere(t->name))
        TYPE_CHECK_STR(t->name, name);
    TYPE_CHECK_MPI(MPI_Type_get_envelope(t->type, &ni, &na, &nd, &combiner));
    TYPE_CHECK_INT(MPI_COMBINER_NAMED, combiner);
    TYPE_CHECK_INT(0, ni + na + nd);

    MPI_Datatype copy = t->type;
    TYPE_CHECK(MPI_Type_free(&copy) != MPI_SUCCESS); /* a predefined datatype cannot be freed */
    TYPE_CHECK(t->type == copy);

    unsigned char out[64], in[64];
    for (int i = 0; i < 64; i++) {
        out[i] = (unsigned char)(i * 7 + 1);
        in[i] = 0;
    }
    TYPE_CHECK_MPI(MPI_Sendrecv(out, 1, t->type, 0, 5, in, 1, t->type, 0, 5, MPI_COMM_SELF, MPI_STATUS_IGNORE));
    check_packed_equal(t->name, out, in, t->type);
}

/* MPI_LAND and MPI_LOR on a Fortran LOGICAL kind: .TRUE. is 1 with gfortran. */
static void logical_reductions(const char *name, MPI_Datatype type, int rank, int size)
{
    unsigned char mine[16] = {0}, all[16], any[16];
    int bytes;
    CHECK_MPI(MPI_Type_size(type, &bytes));
    mine[0] = 1;
    CHECK_MPI(MPI_Allreduce(mine, all, 1, type, MPI_LAND, MPI_COMM_WORLD));
    mine[0] = rank == size - 1;
    CHECK_MPI(MPI_Allreduce(mine, any, 1, type, MPI_LOR, MPI_COMM_WORLD));
    if (all[0] != 1 || any[0] != 1) {
        fprintf(stderr, "%s: LAND %d, LOR %d\n", name, all[0], any[0]);
        CHECK(0);
    }
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &size));
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

    int walked = 0;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        if (types[i].type == MPI_DATATYPE_NULL)
            continue; /* defined as the null handle where the implementation lacks it (MPICH's MPI_INTEGER16) */
        walk(&types[i]);
        walked++;
    }
    CHECK(walked >= 60);

    logical_reductions("MPI_LOGICAL", MPI_LOGICAL, rank, size);
#ifdef MPI_LOGICAL1
    logical_reductions("MPI_LOGICAL1", MPI_LOGICAL1, rank, size);
#endif
#ifdef MPI_LOGICAL2
    logical_reductions("MPI_LOGICAL2", MPI_LOGICAL2, rank, size);
#endif
#ifdef MPI_LOGICAL4
    logical_reductions("MPI_LOGICAL4", MPI_LOGICAL4, rank, size);
#endif
#ifdef MPI_LOGICAL8
    logical_reductions("MPI_LOGICAL8", MPI_LOGICAL8, rank, size);
#endif

#ifdef MPI_ERRORS_ABORT
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int version_length;
    CHECK_MPI(MPI_Get_library_version(version, &version_length));
    if (strstr(version, "MPICH") == NULL) { /* MPICH 4.0.2 fails an assertion setting it, natively too */
        MPI_Comm dup;
        CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
        CHECK_MPI(MPI_Comm_set_errhandler(dup, MPI_ERRORS_ABORT));
        CHECK_MPI(MPI_Comm_free(&dup));
    }
#endif

    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        printf("predefined: ok\n");
    MPI_Finalize();
    return 0;
}
