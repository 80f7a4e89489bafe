/*
 * Info objects: create, set, get (with truncation), get_valuelen, get_nkeys, get_nthkey,
 * delete, dup, free, and the error class of deleting a missing key.
 */
#include "check.h"

static int nkeys(MPI_Info info)
{
    int count = -1;
    CHECK_MPI(MPI_Info_get_nkeys(info, &count));
    return count;
}

static void check_value_at(const char *file, int line, MPI_Info info, const char *key, const char *expected)
{
    char value[MPI_MAX_INFO_VAL + 1];
    int flag = -1, len = -1;
    CHECK_MPI(MPI_Info_get_valuelen(info, key, &len, &flag));
    check_long(file, line, "MPI_Info_get_valuelen flag", 1, flag);
    check_long(file, line, "MPI_Info_get_valuelen length", (long long)strlen(expected), len);
    flag = -1;
    CHECK_MPI(MPI_Info_get(info, key, MPI_MAX_INFO_VAL, value, &flag));
    check_long(file, line, "MPI_Info_get flag", 1, flag);
    check_string(file, line, "MPI_Info_get value", expected, value);
}
#define check_value(info, key, expected) check_value_at(__FILE__, __LINE__, info, key, expected)

static void check_missing_at(const char *file, int line, MPI_Info info, const char *key)
{
    char value[16];
    int flag = -1, len = -1;
    CHECK_MPI(MPI_Info_get_valuelen(info, key, &len, &flag));
    check_long(file, line, "MPI_Info_get_valuelen flag of a missing key", 0, flag);
    flag = -1;
    CHECK_MPI(MPI_Info_get(info, key, (int)sizeof value - 1, value, &flag));
    check_long(file, line, "MPI_Info_get flag of a missing key", 0, flag);
}
#define check_missing(info, key) check_missing_at(__FILE__, __LINE__, info, key)

static void free_info(MPI_Info *info)
{
    CHECK_MPI(MPI_Info_free(info));
    CHECK_HANDLE(MPI_INFO_NULL, *info);
}

int main(int argc, char **argv)
{
    MPI_Info info, copy;
    char key[MPI_MAX_INFO_KEY + 1];

    CHECK_MPI(MPI_Init(&argc, &argv));

    CHECK_MPI(MPI_Info_create(&info));
    CHECK(info != MPI_INFO_NULL);
    CHECK_INT(0, nkeys(info));
    CHECK_MPI(MPI_Info_set(info, "wi4mpi_alpha", "first value"));
    CHECK_MPI(MPI_Info_set(info, "wi4mpi_beta", "2"));
    CHECK_INT(2, nkeys(info));
    check_value(info, "wi4mpi_alpha", "first value");
    check_value(info, "wi4mpi_beta", "2");
    check_missing(info, "wi4mpi_gamma");

    /* nthkey enumerates both keys once each, in some order. */
    int seen_alpha = 0, seen_beta = 0;
    for (int i = 0; i < 2; i++) {
        CHECK_MPI(MPI_Info_get_nthkey(info, i, key));
        seen_alpha += strcmp(key, "wi4mpi_alpha") == 0;
        seen_beta += strcmp(key, "wi4mpi_beta") == 0;
    }
    CHECK_INT(1, seen_alpha);
    CHECK_INT(1, seen_beta);

    /* Setting an existing key replaces its value. */
    CHECK_MPI(MPI_Info_set(info, "wi4mpi_alpha", "replaced"));
    CHECK_INT(2, nkeys(info));
    check_value(info, "wi4mpi_alpha", "replaced");

    /* The duplicate is independent of the original. */
    CHECK_MPI(MPI_Info_dup(info, &copy));
    CHECK(copy != info);
    CHECK_INT(2, nkeys(copy));
    check_value(copy, "wi4mpi_alpha", "replaced");
    CHECK_MPI(MPI_Info_delete(copy, "wi4mpi_beta"));
    CHECK_INT(1, nkeys(copy));
    check_missing(copy, "wi4mpi_beta");
    CHECK_INT(2, nkeys(info));
    check_value(info, "wi4mpi_beta", "2");

    CHECK_MPI(MPI_Info_delete(info, "wi4mpi_alpha"));
    CHECK_INT(1, nkeys(info));
    check_missing(info, "wi4mpi_alpha");

    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));
    int rc = MPI_Info_delete(info, "wi4mpi_alpha");
    CHECK_ERROR_CLASS(MPI_ERR_INFO_NOKEY, rc);
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL));

    /* The environment info object exists and is readable. */
    CHECK(nkeys(MPI_INFO_ENV) >= 0);

    free_info(&copy);
    free_info(&info);

    check_report_ok("info");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
