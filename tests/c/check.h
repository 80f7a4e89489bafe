/*
 * Assertions for the self-checking MPI test programs.
 *
 * Every failed check prints "file:line: rank R: what (expected X, got Y)" on stderr and
 * aborts the whole job with MPI_Abort, so a wrong value anywhere makes mpirun exit non-zero.
 * Only standard MPI is used: the programs must build unchanged with every implementation.
 */
#ifndef WI4MPI_TESTS_CHECK_H
#define WI4MPI_TESTS_CHECK_H

#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * MPICH defines MPI_STATUSES_IGNORE as (MPI_Status *)1 and declares array parameters, so
 * GCC 11+ reports every call passing it as writing to a 0-byte region: a false positive.
 */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif

/* Exit code of a failed check; distinct from the code abort.c asks for. */
#define CHECK_FAILURE_EXIT 17

static inline int check_world_rank(void)
{
    int initialized = 0, finalized = 0, rank = -1;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (initialized && !finalized)
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

static inline void check_abort(void)
{
    int initialized = 0, finalized = 0;
    fflush(stdout);
    fflush(stderr);
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (initialized && !finalized)
        MPI_Abort(MPI_COMM_WORLD, CHECK_FAILURE_EXIT);
    exit(CHECK_FAILURE_EXIT);
}

static inline void check_report(const char *file, int line, const char *what, const char *detail)
{
    fprintf(stderr, "%s:%d: rank %d: CHECK FAILED: %s%s%s\n", file, line, check_world_rank(), what,
            detail[0] ? " " : "", detail);
    check_abort();
}

static inline void check_long(const char *file, int line, const char *what, long long expected,
                              long long actual)
{
    char detail[128];
    if (expected == actual)
        return;
    snprintf(detail, sizeof detail, "(expected %lld, got %lld)", expected, actual);
    check_report(file, line, what, detail);
}

static inline void check_double(const char *file, int line, const char *what, double expected,
                                double actual, double tolerance)
{
    char detail[128];
    if (fabs(expected - actual) <= tolerance)
        return;
    snprintf(detail, sizeof detail, "(expected %.17g, got %.17g)", expected, actual);
    check_report(file, line, what, detail);
}

static inline void check_string(const char *file, int line, const char *what, const char *expected,
                                const char *actual)
{
    char detail[512];
    if (strcmp(expected, actual) == 0)
        return;
    snprintf(detail, sizeof detail, "(expected \"%.200s\", got \"%.200s\")", expected, actual);
    check_report(file, line, what, detail);
}

/* Handles are pointers in some implementations and ints in others: compare and print their bytes. */
static inline void check_bytes(const char *file, int line, const char *what, const void *expected,
                               const void *actual, size_t size)
{
    char detail[128];
    unsigned long long e = 0, a = 0;
    if (memcmp(expected, actual, size) == 0)
        return;
    memcpy(&e, expected, size < sizeof e ? size : sizeof e);
    memcpy(&a, actual, size < sizeof a ? size : sizeof a);
    snprintf(detail, sizeof detail, "(expected handle 0x%llx, got 0x%llx)", e, a);
    check_report(file, line, what, detail);
}

static inline void check_mpi(const char *file, int line, const char *call, int rc)
{
    char detail[MPI_MAX_ERROR_STRING + 64];
    char text[MPI_MAX_ERROR_STRING] = "";
    int len = 0;
    if (rc == MPI_SUCCESS)
        return;
    MPI_Error_string(rc, text, &len);
    snprintf(detail, sizeof detail, "returned %d (%s)", rc, text);
    check_report(file, line, call, detail);
}

/* CHECK(cond): a condition that must hold. */
#define CHECK(cond) \
    do { if (!(cond)) check_report(__FILE__, __LINE__, #cond, ""); } while (0)

/* CHECK_INT(expected, actual): integer equality, both values printed on failure. */
#define CHECK_INT(expected, actual) \
    check_long(__FILE__, __LINE__, #actual " == " #expected, (long long)(expected), (long long)(actual))

#define CHECK_DOUBLE(expected, actual, tolerance) \
    check_double(__FILE__, __LINE__, #actual " == " #expected, (expected), (actual), (tolerance))

#define CHECK_STR(expected, actual) \
    check_string(__FILE__, __LINE__, #actual " == " #expected, (expected), (actual))

/* CHECK_HANDLE(expected, actual): two MPI handles (or pointers) of the same type are equal. */
#define CHECK_HANDLE(expected, actual) \
    do { \
        __typeof__(actual) check_actual_ = (actual); \
        __typeof__(actual) check_expected_ = (expected); \
        check_bytes(__FILE__, __LINE__, #actual " == " #expected, &check_expected_, &check_actual_, \
                    sizeof check_actual_); \
    } while (0)

/* CHECK_MPI(call): the MPI call returns MPI_SUCCESS. */
#define CHECK_MPI(call) check_mpi(__FILE__, __LINE__, #call, (call))

/* CHECK_ERROR_CLASS(expected_class, rc): rc is an error code of the given class. */
#define CHECK_ERROR_CLASS(expected_class, rc) \
    do { \
        int check_class_ = -1; \
        int check_rc_ = (rc); \
        CHECK(check_rc_ != MPI_SUCCESS); \
        CHECK_MPI(MPI_Error_class(check_rc_, &check_class_)); \
        check_long(__FILE__, __LINE__, "error class of " #rc " == " #expected_class, \
                   (long long)(expected_class), (long long)check_class_); \
    } while (0)

/* Prints the one success line from rank 0 of MPI_COMM_WORLD. */
static inline void check_report_ok(const char *program)
{
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        printf("%s: ok\n", program);
}

#endif
