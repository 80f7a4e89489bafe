/* The MPI-5.0 standard ABI's own functions (wi_local.h, wi_abi_fortran.h) for an application of the
 * standard ABI on MPICH (fixtures/standard_mpich): the ABI version, and the Fortran conventions the
 * Fortran layer is built for, reported from the runtime's datatypes. Run twice: with the default
 * .TRUE. (1, gfortran) and with WI4MPI_FORTRAN_TRUE=-1 (Intel's). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wi_abi_fortran.h"
#include "wi_convert.h"
#include "wi_local.h"
#include "wi_r_functions.h"
#include "wi_test.h"

static void version(void)
{
    int major = -1, minor = -1;
    CHECK_EQ(wi_local_abi_get_version(&major, &minor), A_MPI_SUCCESS);
    CHECK_EQ(major, 1);
    CHECK_EQ(minor, 0);
}

static void booleans(void)
{
    const char *env = getenv("WI4MPI_FORTRAN_TRUE");
    int minus_one = env != NULL && atoi(env) == -1;
    for (int size = 1; size <= 16; size *= 2) {
        unsigned char t[16], f[16];
        memset(t, 0x77, sizeof t);
        memset(f, 0x77, sizeof f);
        int is_set = 0;
        CHECK_EQ(wi_abi_get_fortran_booleans(size, t, f, &is_set), A_MPI_SUCCESS);
        CHECK_EQ(is_set, 1);
        for (int i = 0; i < size; i++) {
            /* .TRUE. little-endian: 1 is 01 00 ..., -1 is ff ff ... over the whole size */
            CHECK_EQ(t[i], minus_one ? 0xff : i == 0 ? 1 : 0);
            CHECK_EQ(f[i], 0);
        }
        if (size < 16)
            CHECK_EQ(t[size], 0x77); /* nothing written beyond the size */
        CHECK_EQ(wi_abi_set_fortran_booleans(size, t, f), A_MPI_ERR_ABI); /* already known */
    }
    unsigned char t[16], f[16];
    int is_set = 0;
    CHECK_EQ(wi_abi_get_fortran_booleans(3, t, f, &is_set), A_MPI_ERR_ARG);
    CHECK_EQ(is_set, 0);
    CHECK_EQ(wi_abi_get_fortran_booleans(32, t, f, &is_set), A_MPI_ERR_ARG);
    CHECK_EQ(wi_abi_set_fortran_booleans(3, t, f), A_MPI_ERR_ARG);
    CHECK_EQ(wi_abi_set_fortran_info(A_MPI_INFO_NULL), A_MPI_ERR_ABI);
}

/* A runtime with MPICH's Fortran datatypes; REAL16 reports MPI_UNDEFINED, as a runtime built
 * without it does. The info set by wi_abi_get_fortran_info is recorded. */
#define INFO_ENTRIES 32
static struct {
    int created, freed, set_failing_from;
    char keys[INFO_ENTRIES][40], values[INFO_ENTRIES][8];
    int count;
    int sized_null; /* Type_size was asked about MPI_DATATYPE_NULL */
} runtime;
static const R_MPI_Info made_info = (R_MPI_Info)0x1c000042;

static int fake_info_create(R_MPI_Info *info)
{
    runtime.created++;
    *info = made_info;
    return R_MPI_SUCCESS;
}

static int fake_info_set(R_MPI_Info info, const char *key, const char *value)
{
    CHECK(info == made_info);
    if (runtime.set_failing_from != 0 && runtime.count + 1 >= runtime.set_failing_from)
        return R_MPI_ERR_OTHER;
    if (runtime.count < INFO_ENTRIES) {
        strncpy(runtime.keys[runtime.count], key, sizeof runtime.keys[0] - 1);
        strncpy(runtime.values[runtime.count], value, sizeof runtime.values[0] - 1);
        runtime.count++;
    }
    return R_MPI_SUCCESS;
}

static int fake_info_free(R_MPI_Info *info)
{
    CHECK(*info == made_info);
    runtime.freed++;
    *info = R_MPI_INFO_NULL;
    return R_MPI_SUCCESS;
}

static int fake_type_size(R_MPI_Datatype type, int *size)
{
    static const struct { R_MPI_Datatype type; int size; } sizes[] = {
        {R_MPI_LOGICAL, 4}, {R_MPI_INTEGER, 4}, {R_MPI_REAL, 4}, {R_MPI_DOUBLE_PRECISION, 8},
        {R_MPI_DOUBLE_COMPLEX, 16}, {R_MPI_INTEGER1, 1}, {R_MPI_INTEGER2, 2}, {R_MPI_INTEGER4, 4},
        {R_MPI_INTEGER8, 8}, {R_MPI_REAL4, 4}, {R_MPI_REAL8, 8}, {R_MPI_REAL16, R_MPI_UNDEFINED},
        {R_MPI_COMPLEX8, 8}, {R_MPI_COMPLEX16, 16}, {R_MPI_COMPLEX32, 32}};
    if (type == R_MPI_DATATYPE_NULL)
        runtime.sized_null = 1;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (sizes[i].type == type) {
            *size = sizes[i].size;
            return R_MPI_SUCCESS;
        }
    return R_MPI_ERR_ARG;
}

static int fake_error_class(int code, int *error_class)
{
    *error_class = code & 0x7f; /* MPICH keeps the class in the low bits */
    return R_MPI_SUCCESS;
}

static const char *value_of(const char *key)
{
    for (int i = 0; i < runtime.count; i++)
        if (strcmp(runtime.keys[i], key) == 0)
            return runtime.values[i];
    return NULL;
}

static void fortran_info(void)
{
    R_PMPI_Info_create = fake_info_create;
    R_PMPI_Info_set = fake_info_set;
    R_PMPI_Info_free = fake_info_free;
    R_PMPI_Type_size = fake_type_size;
    R_PMPI_Error_class = fake_error_class;

    A_MPI_Info info = A_MPI_INFO_NULL;
    CHECK_EQ(wi_abi_get_fortran_info(&info), A_MPI_SUCCESS);
    CHECK(info != A_MPI_INFO_NULL);
    CHECK_EQ(wi_info_a2r(info), made_info); /* the application's handle stands for the runtime's info */
    CHECK_EQ(runtime.created, 1);
    CHECK_EQ(runtime.count, 4 + 19); /* four sizes, then every optional type of the standard */
    static const struct { const char *key, *value; } expected[] = {
        {"mpi_logical_size", "4"}, {"mpi_integer_size", "4"}, {"mpi_real_size", "4"},
        {"mpi_double_precision_size", "8"},
        /* MPICH defines no MPI_LOGICALn: false */
        {"mpi_logical1_supported", "false"}, {"mpi_logical16_supported", "false"},
        {"mpi_integer1_supported", "true"}, {"mpi_integer8_supported", "true"},
        {"mpi_integer16_supported", "false"}, /* MPI_DATATYPE_NULL in this MPICH */
        {"mpi_real2_supported", "false"},     /* neither MPICH nor gfortran has it */
        {"mpi_real4_supported", "true"}, {"mpi_real8_supported", "true"},
        {"mpi_real16_supported", "false"}, /* the runtime's size is MPI_UNDEFINED */
        {"mpi_complex4_supported", "false"}, {"mpi_complex8_supported", "true"},
        {"mpi_complex32_supported", "true"}, {"mpi_double_complex_supported", "true"}};
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        const char *value = value_of(expected[i].key);
        CHECK(value != NULL && strcmp(value, expected[i].value) == 0);
        if (value == NULL || strcmp(value, expected[i].value) != 0)
            fprintf(stderr, "  %s: %s, expected %s\n", expected[i].key, value ? value : "(unset)",
                    expected[i].value);
    }
    CHECK(strcmp(runtime.keys[0], "mpi_logical_size") == 0); /* sizes first */
    CHECK(!runtime.sized_null); /* a type the runtime lacks is not asked about */
    CHECK_EQ(runtime.freed, 0);

    /* A runtime failure: the info is freed and the runtime's error comes back as the application's. */
    memset(&runtime, 0, sizeof runtime);
    runtime.set_failing_from = 3;
    info = A_MPI_INFO_NULL;
    CHECK_EQ(wi_abi_get_fortran_info(&info), A_MPI_ERR_OTHER);
    CHECK(info == A_MPI_INFO_NULL);
    CHECK_EQ(runtime.freed, 1);
}

int main(void)
{
    wi_fixture_register_predefined();
    version();
    booleans();
    fortran_info();
    return wi_test_finish("abi (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
