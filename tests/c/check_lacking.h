/*
 * For the programs of MPI-4.0 functions (mpi4.c, large_count.c): which runtime the application
 * talks to, and the error a call gets where that runtime lacks what it needs.
 */
#ifndef WI4MPI_TESTS_CHECK_LACKING_H
#define WI4MPI_TESTS_CHECK_LACKING_H

#include "check.h"

/* The runtime is the library the application talks to: through translation, the target's. */
static inline int check_runtime_is_open_mpi(void)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    CHECK_MPI(MPI_Get_library_version(version, &len));
    return strstr(version, "Open MPI") != NULL;
}

/* A call the runtime cannot take: a code of class MPI_ERR_UNSUPPORTED_OPERATION whose error string
 * names what (the function, or the function and the argument out of range) and the runtime. */
#define CHECK_LACKING(rc, what) \
    do { \
        char check_text_[MPI_MAX_ERROR_STRING]; \
        int check_len_ = -1; \
        int check_lacking_rc_ = (rc); \
        CHECK_ERROR_CLASS(MPI_ERR_UNSUPPORTED_OPERATION, check_lacking_rc_); \
        CHECK_MPI(MPI_Error_string(check_lacking_rc_, check_text_, &check_len_)); \
        CHECK_INT(check_len_, strlen(check_text_)); \
        CHECK(strstr(check_text_, (what)) != NULL); \
        CHECK(strstr(check_text_, "Open MPI") != NULL); \
    } while (0)

#endif
