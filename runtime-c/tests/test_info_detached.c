/* Infos created before MPI_Init on a runtime that refuses them then (wi_info_detached.h): an MPICH
 * application on Open MPI. Entries in set order, MPICH's answers and error classes, copies, and the
 * runtime info a detached one becomes once the runtime is initialized. */
#include <stdint.h>
#include <string.h>

#include "wi_info_detached.h"
#include "wi_info_shadow.h"
#include "wi_r_functions.h"
#include "wi_test.h"

static int initialized;
static int fake_initialized(int *flag) { *flag = initialized; return R_MPI_SUCCESS; }
static int fake_finalized(int *flag) { *flag = 0; return R_MPI_SUCCESS; }

/* The runtime's info the first detached one becomes, and what was set in it. */
static char runtime_info_object[16];
static int creates, sets;
static char set_keys[4][8], set_values[4][8];

static int fake_info_create(R_MPI_Info *info)
{
    creates++;
    *info = (R_MPI_Info)runtime_info_object;
    return R_MPI_SUCCESS;
}

static int fake_info_set(R_MPI_Info info, const char *key, const char *value)
{
    CHECK(info == (R_MPI_Info)runtime_info_object);
    if (sets < 4) {
        strncpy(set_keys[sets], key, sizeof set_keys[0] - 1);
        strncpy(set_values[sets], value, sizeof set_values[0] - 1);
    }
    sets++;
    return R_MPI_SUCCESS;
}

static char *nth(wi_word info, int n)
{
    static char key[A_MPI_MAX_INFO_KEY];
    memset(key, '#', sizeof key);
    return wi_info_detached_get_nthkey(info, n, key) == A_MPI_SUCCESS ? key : NULL;
}

static void entries_in_set_order(wi_word info)
{
    CHECK_EQ(wi_info_detached_set(info, "b", "2"), A_MPI_SUCCESS);
    CHECK_EQ(wi_info_detached_set(info, "a", "1"), A_MPI_SUCCESS);
    CHECK_EQ(wi_info_detached_set(info, "b", "three"), A_MPI_SUCCESS); /* keeps its place */
    int nkeys = -1;
    CHECK_EQ(wi_info_detached_get_nkeys(info, &nkeys), A_MPI_SUCCESS);
    CHECK_EQ(nkeys, 2);
    CHECK(strcmp(nth(info, 0), "b") == 0);
    CHECK(strcmp(nth(info, 1), "a") == 0);
    CHECK(nth(info, 2) == NULL);
    CHECK_EQ(wi_info_detached_get_nthkey(info, -1, (char[8]){0}), A_MPI_ERR_ARG);

    char value[16];
    int flag = -1;
    CHECK_EQ(wi_info_detached_get(info, "b", sizeof value - 1, value, &flag), A_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    CHECK(strcmp(value, "three") == 0);
    CHECK_EQ(wi_info_detached_get(info, "b", 2, value, &flag), A_MPI_SUCCESS); /* cut to valuelen */
    CHECK(strcmp(value, "th") == 0);
    CHECK_EQ(wi_info_detached_get(info, "none", sizeof value - 1, value, &flag), A_MPI_SUCCESS);
    CHECK_EQ(flag, 0);
    CHECK_EQ(wi_info_detached_get(info, "b", -1, value, &flag), A_MPI_ERR_ARG);

    int length = -1;
    CHECK_EQ(wi_info_detached_get_valuelen(info, "b", &length, &flag), A_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    CHECK_EQ(length, 5);

    int buflen = 3;
    CHECK_EQ(wi_info_detached_get_string(info, "b", &buflen, value, &flag), A_MPI_SUCCESS);
    CHECK(strcmp(value, "th") == 0);
    CHECK_EQ(buflen, 6);
}

static void errors(wi_word info)
{
    char too_long[A_MPI_MAX_INFO_VAL + 2];
    memset(too_long, 'v', sizeof too_long - 1);
    too_long[sizeof too_long - 1] = '\0';
    CHECK_EQ(wi_info_detached_set(info, "", "x"), A_MPI_ERR_INFO_KEY);
    CHECK_EQ(wi_info_detached_set(info, "k", ""), A_MPI_ERR_INFO_VALUE);
    CHECK_EQ(wi_info_detached_set(info, "k", too_long), A_MPI_ERR_INFO_VALUE);
    CHECK_EQ(wi_info_detached_delete(info, "none"), A_MPI_ERR_INFO_NOKEY);
    CHECK_EQ(wi_info_detached_delete(info, NULL), A_MPI_ERR_INFO_KEY);
}

/* A key of the application's longest length is kept whole; MPI_Info_get_nthkey gives back at most
 * MPI_MAX_INFO_KEY - 1 characters of it, as both families do. */
static void long_key(wi_word info)
{
    char key[WI_A_INFO_KEY_LONGEST + 1];
    memset(key, 'k', sizeof key - 1);
    key[sizeof key - 1] = '\0';
    CHECK_EQ(wi_info_detached_set(info, key, "long"), A_MPI_SUCCESS);
    int length = 0, flag = 0;
    CHECK_EQ(wi_info_detached_get_valuelen(info, key, &length, &flag), A_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    int nkeys = 0;
    wi_info_detached_get_nkeys(info, &nkeys);
    CHECK_EQ(strlen(nth(info, nkeys - 1)), A_MPI_MAX_INFO_KEY - 1);
}

static void run(void)
{
    R_PMPI_Initialized = fake_initialized;
    R_PMPI_Finalized = fake_finalized;
    R_PMPI_Info_create = fake_info_create;
    R_PMPI_Info_set = fake_info_set;

    CHECK(wi_info_detached_now()); /* before MPI_Init, Open MPI refuses infos */
    wi_word info = 0, copy = 0, other = 0;
    CHECK_EQ(wi_info_detached_create(&info), A_MPI_SUCCESS);
    CHECK(wi_info_detached_is(info));
    CHECK(wi_info_detached_any());
    entries_in_set_order(info);
    errors(info);

    CHECK_EQ(wi_info_detached_dup(info, &copy), A_MPI_SUCCESS);
    CHECK(copy != info && wi_info_detached_is(copy));
    CHECK_EQ(wi_info_detached_delete(info, "b"), A_MPI_SUCCESS); /* the copy keeps its own entries */
    int nkeys = 0;
    wi_info_detached_get_nkeys(copy, &nkeys);
    CHECK_EQ(nkeys, 2);
    CHECK(strcmp(nth(copy, 0), "b") == 0);
    wi_info_detached_get_nkeys(info, &nkeys);
    CHECK_EQ(nkeys, 1);
    CHECK(strcmp(nth(info, 0), "a") == 0);
    long_key(copy);

    CHECK_EQ(wi_info_detached_create(&other), A_MPI_SUCCESS);
    CHECK_EQ(wi_info_detached_free(other), A_MPI_SUCCESS);
    CHECK(!wi_info_detached_is(other));
    CHECK_EQ(wi_info_detached_resolve(info), info); /* not initialized yet: still detached */
    CHECK_EQ(creates, 0);

    /* Initialized: the first use makes a runtime info with the same entries, once. */
    initialized = 1;
    CHECK(!wi_info_detached_now());
    wi_word made = wi_info_detached_resolve(info);
    CHECK_EQ(made, (wi_word)(uintptr_t)runtime_info_object);
    CHECK_EQ(wi_info_detached_resolve(info), made);
    CHECK_EQ(creates, 1);
    CHECK_EQ(sets, 1);
    CHECK(strcmp(set_keys[0], "a") == 0 && strcmp(set_values[0], "1") == 0);
    CHECK(!wi_info_detached_is(info)); /* it stands for the runtime's info now */

    CHECK_EQ(wi_info_detached_free(copy), A_MPI_SUCCESS);
    CHECK_EQ(wi_info_detached_free(info), A_MPI_SUCCESS);
    CHECK(!wi_info_detached_any());
}

int main(void)
{
    wi_fixture_register_predefined();
    run();
    return wi_test_finish("info_detached (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
