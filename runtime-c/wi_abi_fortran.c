/* MPI-5.0's Fortran ABI registration in interface mode; see wi_abi_fortran.h. */
#include "wi_abi_fortran.h"

#if defined(A_MPI_ABI_VERSION)

#include <stdio.h>
#include <string.h>

#include "wi_convert.h"
#include "wi_errors.h"
#include "wi_fortran.h"
#include "wi_r_functions.h"

/* The size of a runtime datatype, 0 where the runtime has none or does not support it (an optional
 * type Open MPI was built without has size 0; MPICH defines it as MPI_DATATYPE_NULL). */
static int wi_runtime_type_size(R_MPI_Datatype type)
{
    int size = 0;
    if (type == R_MPI_DATATYPE_NULL || R_PMPI_Type_size(type, &size) != R_MPI_SUCCESS || size == R_MPI_UNDEFINED)
        return 0;
    return size;
}

struct wi_optional_type {
    const char *key;
    int compiler; /* gfortran has the kind */
    R_MPI_Datatype runtime;
};

int wi_abi_get_fortran_info(A_MPI_Info *info)
{
    struct wi_optional_type optional[] = {
#define WI_TYPE(key, gfortran, r) {key, gfortran, r}
#ifdef R_MPI_LOGICAL1
        WI_TYPE("mpi_logical1_supported", 1, R_MPI_LOGICAL1),
#endif
#ifdef R_MPI_LOGICAL2
        WI_TYPE("mpi_logical2_supported", 1, R_MPI_LOGICAL2),
#endif
#ifdef R_MPI_LOGICAL4
        WI_TYPE("mpi_logical4_supported", 1, R_MPI_LOGICAL4),
#endif
#ifdef R_MPI_LOGICAL8
        WI_TYPE("mpi_logical8_supported", 1, R_MPI_LOGICAL8),
#endif
#ifdef R_MPI_LOGICAL16
        WI_TYPE("mpi_logical16_supported", 1, R_MPI_LOGICAL16),
#endif
#ifdef R_MPI_INTEGER1
        WI_TYPE("mpi_integer1_supported", 1, R_MPI_INTEGER1),
#endif
#ifdef R_MPI_INTEGER2
        WI_TYPE("mpi_integer2_supported", 1, R_MPI_INTEGER2),
#endif
#ifdef R_MPI_INTEGER4
        WI_TYPE("mpi_integer4_supported", 1, R_MPI_INTEGER4),
#endif
#ifdef R_MPI_INTEGER8
        WI_TYPE("mpi_integer8_supported", 1, R_MPI_INTEGER8),
#endif
#ifdef R_MPI_INTEGER16
        WI_TYPE("mpi_integer16_supported", 1, R_MPI_INTEGER16),
#endif
#ifdef R_MPI_REAL2
        WI_TYPE("mpi_real2_supported", 0, R_MPI_REAL2), /* gfortran has no REAL(2) */
#endif
#ifdef R_MPI_REAL4
        WI_TYPE("mpi_real4_supported", 1, R_MPI_REAL4),
#endif
#ifdef R_MPI_REAL8
        WI_TYPE("mpi_real8_supported", 1, R_MPI_REAL8),
#endif
#ifdef R_MPI_REAL16
        WI_TYPE("mpi_real16_supported", 1, R_MPI_REAL16),
#endif
#ifdef R_MPI_COMPLEX4
        WI_TYPE("mpi_complex4_supported", 0, R_MPI_COMPLEX4),
#endif
#ifdef R_MPI_COMPLEX8
        WI_TYPE("mpi_complex8_supported", 1, R_MPI_COMPLEX8),
#endif
#ifdef R_MPI_COMPLEX16
        WI_TYPE("mpi_complex16_supported", 1, R_MPI_COMPLEX16),
#endif
#ifdef R_MPI_COMPLEX32
        WI_TYPE("mpi_complex32_supported", 1, R_MPI_COMPLEX32),
#endif
        WI_TYPE("mpi_double_complex_supported", 1, R_MPI_DOUBLE_COMPLEX),
#undef WI_TYPE
    };
    /* Keys of types this runtime's mpi.h does not define: false. */
    static const char *const all[] = {
        "mpi_logical1_supported", "mpi_logical2_supported", "mpi_logical4_supported", "mpi_logical8_supported",
        "mpi_logical16_supported", "mpi_integer1_supported", "mpi_integer2_supported", "mpi_integer4_supported",
        "mpi_integer8_supported", "mpi_integer16_supported", "mpi_real2_supported", "mpi_real4_supported",
        "mpi_real8_supported", "mpi_real16_supported", "mpi_complex4_supported", "mpi_complex8_supported",
        "mpi_complex16_supported", "mpi_complex32_supported", "mpi_double_complex_supported"};
    static const char *const size_keys[] = {"mpi_logical_size", "mpi_integer_size", "mpi_real_size",
                                            "mpi_double_precision_size"};
    R_MPI_Datatype sized[] = {R_MPI_LOGICAL, R_MPI_INTEGER, R_MPI_REAL, R_MPI_DOUBLE_PRECISION};

    R_MPI_Info r = R_MPI_INFO_NULL;
    int rc = R_PMPI_Info_create(&r);
    for (size_t i = 0; rc == R_MPI_SUCCESS && i < sizeof size_keys / sizeof size_keys[0]; i++) {
        char value[16];
        snprintf(value, sizeof value, "%d", wi_runtime_type_size(sized[i]));
        rc = R_PMPI_Info_set(r, size_keys[i], value);
    }
    for (size_t i = 0; rc == R_MPI_SUCCESS && i < sizeof all / sizeof all[0]; i++) {
        int supported = 0;
        for (size_t j = 0; j < sizeof optional / sizeof optional[0]; j++)
            if (strcmp(optional[j].key, all[i]) == 0)
                supported = optional[j].compiler && wi_runtime_type_size(optional[j].runtime) > 0;
        rc = R_PMPI_Info_set(r, all[i], supported ? "true" : "false");
    }
    if (rc != R_MPI_SUCCESS) {
        if (r != R_MPI_INFO_NULL)
            R_PMPI_Info_free(&r);
        return wi_error_r2a(rc);
    }
    *info = wi_info_r2a(r);
    return A_MPI_SUCCESS;
}

static int wi_logical_size_ok(int logical_size)
{
    return logical_size == 1 || logical_size == 2 || logical_size == 4 || logical_size == 8 || logical_size == 16;
}

int wi_abi_get_fortran_booleans(int logical_size, void *logical_true, void *logical_false, int *is_set)
{
    if (!wi_logical_size_ok(logical_size))
        return A_MPI_ERR_ARG;
    /* .TRUE. sign-extended to the size (gfortran's 1, Intel's -1), little-endian; .FALSE. zero. */
    long long t = wi_fortran_true();
    unsigned char bytes[16];
    for (int i = 0; i < 16; i++)
        bytes[i] = i < 8 ? (unsigned char)((unsigned long long)t >> (8 * i)) : (t < 0 ? 0xff : 0);
    memcpy(logical_true, bytes, (size_t)logical_size);
    memset(logical_false, 0, (size_t)logical_size);
    *is_set = 1;
    return A_MPI_SUCCESS;
}

int wi_abi_set_fortran_booleans(int logical_size, void *logical_true, void *logical_false)
{
    (void)logical_true, (void)logical_false;
    return wi_logical_size_ok(logical_size) ? A_MPI_ERR_ABI : A_MPI_ERR_ARG;
}

int wi_abi_set_fortran_info(A_MPI_Info info)
{
    (void)info;
    return A_MPI_ERR_ABI;
}

#endif
