/* Functions the runtime lacks, computed from its other functions (wi_emulated.h), against fake
 * runtime functions: MPI_Info_get_string from MPI_Info_get_valuelen and MPI_Info_get (MPI_Isendrecv and
 * MPI_Isendrecv_replace: test_composite). */
#include <stdint.h>
#include <string.h>

#include "wi_emulated.h"
#include "wi_r_functions.h"
#include "wi_test.h"

/* One info object of the fake runtime, holding "file" = "runfile.txt". */
static R_MPI_Info the_info;
static int get_calls;

static int fake_valuelen(R_MPI_Info info, const char *key, int *valuelen, int *flag)
{
    if (info != the_info)
        return R_MPI_ERR_ARG;
    *flag = strcmp(key, "file") == 0;
    if (*flag)
        *valuelen = (int)strlen("runfile.txt");
    return R_MPI_SUCCESS;
}

/* As MPI_Info_get: at most valuelen characters and a null. */
static int fake_get(R_MPI_Info info, const char *key, int valuelen, char *value, int *flag)
{
    get_calls++;
    if (info != the_info)
        return R_MPI_ERR_ARG;
    *flag = strcmp(key, "file") == 0;
    if (*flag) {
        strncpy(value, "runfile.txt", (size_t)valuelen);
        value[valuelen] = '\0';
    }
    return R_MPI_SUCCESS;
}

int main(void)
{
    R_PMPI_Info_get_valuelen = fake_valuelen;
    R_PMPI_Info_get = fake_get;
    the_info = (R_MPI_Info)(intptr_t)0x5a5a0;
    R_MPI_Info info = the_info;

    /* The whole value, and the length with its null. */
    char value[64];
    int buflen = (int)sizeof value, flag = -1;
    CHECK_EQ(wi_emulated_info_get_string(info, "file", &buflen, value, &flag), R_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    CHECK_EQ(buflen, 12);
    CHECK(strcmp(value, "runfile.txt") == 0);

    /* Truncated to buflen - 1 characters, null-terminated; buflen still the whole length. */
    buflen = 2;
    memset(value, 'C', sizeof value);
    CHECK_EQ(wi_emulated_info_get_string(info, "file", &buflen, value, &flag), R_MPI_SUCCESS);
    CHECK(value[0] == 'r' && value[1] == '\0' && value[2] == 'C');
    CHECK_EQ(buflen, 12);

    /* buflen 0: the length only, value untouched and not even read from the runtime. */
    buflen = 0;
    value[0] = 'C';
    get_calls = 0;
    CHECK_EQ(wi_emulated_info_get_string(info, "file", &buflen, value, &flag), R_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    CHECK_EQ(buflen, 12);
    CHECK(value[0] == 'C');
    CHECK_EQ(get_calls, 0);

    /* A key that is not set: flag 0, value and buflen left alone. */
    buflen = 10;
    CHECK_EQ(wi_emulated_info_get_string(info, "host", &buflen, value, &flag), R_MPI_SUCCESS);
    CHECK_EQ(flag, 0);
    CHECK_EQ(buflen, 10);
    CHECK(value[0] == 'C');

    /* The runtime's error code is returned (the A_ function translates it). */
    R_MPI_Info other = (R_MPI_Info)(intptr_t)0x7b7b0;
    CHECK_EQ(wi_emulated_info_get_string(other, "file", &buflen, value, &flag), R_MPI_ERR_ARG);
    return wi_test_finish("emulated functions (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
