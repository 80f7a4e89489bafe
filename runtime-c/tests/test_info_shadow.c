/* Info entries beyond one side's limits (wi_info_shadow.h), against fake runtime info objects that
 * take keys and values as the runtime's family does. mpich -> openmpi: long keys and values are kept
 * by the layer, every getter sees them, the runtime's info holds the rest; openmpi -> mpich: keys and
 * values beyond the application's limits are refused with the runtime's error, nothing is kept. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wi_info_shadow.h"
#include "wi_r_functions.h"
#include "wi_test.h"

/* Fake info objects: handle i + 1 holding up to 8 ordered entries. */
#define FAKE_INFOS 4
#define FAKE_ENTRIES 8
static struct {
    int live, count;
    char key[FAKE_ENTRIES][R_MPI_MAX_INFO_KEY + 1], value[FAKE_ENTRIES][R_MPI_MAX_INFO_VAL + 1];
} infos[FAKE_INFOS];
static int raised; /* the last error the fake raised, as its error handler would see it */

static R_MPI_Info handle_of(int i)
{
    return (R_MPI_Info)(intptr_t)(0x7a0 + i);
}

static int index_of(R_MPI_Info info)
{
    intptr_t i = (intptr_t)info - 0x7a0;
    return i >= 0 && i < FAKE_INFOS && infos[i].live ? (int)i : -1;
}

/* The entries the runtime's info holds (-1: not a live info). */
static int runtime_count(R_MPI_Info info)
{
    int i = index_of(info);
    return i >= 0 ? infos[i].count : -1;
}

static int raise_error(int code)
{
    raised = code;
    return code;
}

/* The runtime's checks: a live info, a key of 1 to its longest characters. */
static int checked(R_MPI_Info info, const char *key, int *i)
{
    *i = index_of(info);
    if (*i < 0)
        return raise_error(R_MPI_ERR_ARG);
    if (key == NULL || key[0] == '\0' || strlen(key) > (size_t)WI_R_INFO_KEY_LONGEST)
        return raise_error(R_MPI_ERR_INFO_KEY);
    return R_MPI_SUCCESS;
}

static int find(int i, const char *key)
{
    for (int e = 0; e < infos[i].count; e++)
        if (strcmp(infos[i].key[e], key) == 0)
            return e;
    return -1;
}

static int fake_create(R_MPI_Info *out)
{
    for (int i = 0; i < FAKE_INFOS; i++) {
        if (!infos[i].live) {
            memset(&infos[i], 0, sizeof infos[i]);
            infos[i].live = 1;
            *out = handle_of(i);
            return R_MPI_SUCCESS;
        }
    }
    return raise_error(R_MPI_ERR_ARG);
}

static int fake_set(R_MPI_Info info, const char *key, const char *value)
{
    int i, rc = checked(info, key, &i);
    if (rc != R_MPI_SUCCESS)
        return rc;
    if (strlen(value) > (size_t)WI_R_INFO_VAL_LONGEST)
        return raise_error(R_MPI_ERR_INFO_VALUE);
    int e = find(i, key);
    if (e < 0) {
        if (infos[i].count == FAKE_ENTRIES)
            return raise_error(R_MPI_ERR_ARG);
        e = infos[i].count++;
        strcpy(infos[i].key[e], key);
    }
    strcpy(infos[i].value[e], value);
    return R_MPI_SUCCESS;
}

static int fake_get(R_MPI_Info info, const char *key, int valuelen, char *value, int *flag)
{
    int i, rc = checked(info, key, &i);
    if (rc != R_MPI_SUCCESS)
        return rc;
    if (valuelen < 0)
        return raise_error(R_MPI_ERR_ARG);
    int e = find(i, key);
    *flag = e >= 0;
    if (e >= 0) {
        strncpy(value, infos[i].value[e], (size_t)valuelen);
        value[valuelen] = '\0';
    }
    return R_MPI_SUCCESS;
}

static int fake_valuelen(R_MPI_Info info, const char *key, int *valuelen, int *flag)
{
    int i, rc = checked(info, key, &i);
    if (rc != R_MPI_SUCCESS)
        return rc;
    int e = find(i, key);
    *flag = e >= 0;
    if (e >= 0)
        *valuelen = (int)strlen(infos[i].value[e]);
    return R_MPI_SUCCESS;
}

static int fake_nkeys(R_MPI_Info info, int *nkeys)
{
    int i = index_of(info);
    if (i < 0)
        return raise_error(R_MPI_ERR_ARG);
    *nkeys = infos[i].count;
    return R_MPI_SUCCESS;
}

static int fake_nthkey(R_MPI_Info info, int n, char *key)
{
    int i = index_of(info);
    if (i < 0 || n < 0 || n >= infos[i].count)
        return raise_error(R_MPI_ERR_ARG);
    strcpy(key, infos[i].key[n]);
    return R_MPI_SUCCESS;
}

static int fake_delete(R_MPI_Info info, const char *key)
{
    int i, rc = checked(info, key, &i);
    if (rc != R_MPI_SUCCESS)
        return rc;
    int e = find(i, key);
    if (e < 0)
        return raise_error(R_MPI_ERR_INFO_NOKEY);
    for (; e + 1 < infos[i].count; e++) {
        strcpy(infos[i].key[e], infos[i].key[e + 1]);
        strcpy(infos[i].value[e], infos[i].value[e + 1]);
    }
    infos[i].count--;
    return R_MPI_SUCCESS;
}

static int fake_dup(R_MPI_Info info, R_MPI_Info *out)
{
    int from = index_of(info);
    if (from < 0 || fake_create(out) != R_MPI_SUCCESS)
        return raise_error(R_MPI_ERR_ARG);
    int to = index_of(*out);
    if (to >= 0)
        memcpy(&infos[to], &infos[from], sizeof infos[from]);
    return R_MPI_SUCCESS;
}

/* The runtime frees it; the handle update forgets the record (wi_convert.h). */
static void free_info(R_MPI_Info info)
{
    int i = index_of(info);
    if (i >= 0)
        infos[i].live = 0;
    wi_info_shadow_forget((wi_word)(uintptr_t)info);
}

/* What the application sees: a getter answered by the layer, or by the runtime. */
static int app_get(R_MPI_Info info, const char *key, char *value, int valuelen, int *flag)
{
    int rc = -1;
    if (!wi_info_shadow_get(info, key, valuelen, value, flag, &rc))
        rc = fake_get(info, key, valuelen, value, flag);
    return rc;
}

static int app_set(R_MPI_Info info, const char *key, const char *value)
{
    int rc = -1;
    if (!wi_info_shadow_set(info, key, value, &rc))
        rc = fake_set(info, key, value);
    return rc;
}

static int app_nkeys(R_MPI_Info info)
{
    int rc = -1, n = -1;
    if (!wi_info_shadow_get_nkeys(info, &n, &rc))
        rc = fake_nkeys(info, &n);
    CHECK_EQ(rc, R_MPI_SUCCESS);
    return n;
}

static const char *app_nthkey(R_MPI_Info info, int n, char key[A_MPI_MAX_INFO_KEY])
{
    int rc = -1;
    char r_key[R_MPI_MAX_INFO_KEY + 1];
    if (!wi_info_shadow_get_nthkey(info, n, key, &rc)) {
        rc = fake_nthkey(info, n, r_key);
        strcpy(key, r_key);
    }
    return rc == R_MPI_SUCCESS ? key : NULL;
}

static int app_delete(R_MPI_Info info, const char *key)
{
    int rc = -1;
    if (!wi_info_shadow_delete(info, key, &rc))
        rc = fake_delete(info, key);
    return rc;
}

static void check_value(R_MPI_Info info, const char *key, const char *expected)
{
    char *value = malloc(A_MPI_MAX_INFO_VAL + 1);
    int flag = -1, length = -1, rc = -1;
    CHECK_EQ(app_get(info, key, value, A_MPI_MAX_INFO_VAL, &flag), R_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    CHECK(flag == 1 && strcmp(value, expected) == 0);
    if (!wi_info_shadow_get_valuelen(info, key, &length, &flag, &rc))
        rc = fake_valuelen(info, key, &length, &flag);
    CHECK_EQ(rc, R_MPI_SUCCESS);
    CHECK_EQ(length, strlen(expected));
    free(value);
}

/* mpich -> openmpi: the runtime holds keys of 35 characters and values of 255. */
static void check_kept(void)
{
    char *long_key = wi_test_text(WI_A_INFO_KEY_LONGEST - 1, 'k'), *long_value = wi_test_text(WI_A_INFO_VAL_LONGEST - 1, 'v');
    char key[A_MPI_MAX_INFO_KEY];
    R_MPI_Info info = R_MPI_INFO_NULL, copy = R_MPI_INFO_NULL;
    CHECK_EQ(fake_create(&info), R_MPI_SUCCESS);
    CHECK_EQ(app_set(info, "first", "1"), R_MPI_SUCCESS);
    CHECK(!wi_info_shadow_any()); /* nothing long yet: the runtime answers */
    CHECK_EQ(app_set(info, long_key, "kept"), R_MPI_SUCCESS);
    CHECK(wi_info_shadow_any());
    CHECK_EQ(app_set(info, "short_key", long_value), R_MPI_SUCCESS);
    CHECK_EQ(app_set(info, "last", "z"), R_MPI_SUCCESS);

    /* the runtime's info holds what it can */
    CHECK_EQ(runtime_count(info), 2);
    CHECK(index_of(info) >= 0 && strcmp(infos[index_of(info)].key[1], "last") == 0);

    CHECK_EQ(app_nkeys(info), 4);
    CHECK(app_nthkey(info, 0, key) && strcmp(key, "first") == 0);
    CHECK(app_nthkey(info, 1, key) && strcmp(key, long_key) == 0);
    CHECK(app_nthkey(info, 2, key) && strcmp(key, "short_key") == 0);
    CHECK(app_nthkey(info, 3, key) && strcmp(key, "last") == 0);
    raised = 0;
    CHECK(app_nthkey(info, 4, key) == NULL); /* beyond the keys: the runtime reports it */
    CHECK_EQ(raised, R_MPI_ERR_ARG);
    check_value(info, long_key, "kept");
    check_value(info, "short_key", long_value);
    check_value(info, "first", "1");

    /* MPI_Info_get_string: the length with its null, then the value cut to the buffer */
    int buflen = 0, flag = -1, rc = -1;
    char small[4];
    CHECK(wi_info_shadow_get_string(info, "short_key", &buflen, small, &flag, &rc));
    CHECK_EQ(rc, R_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    CHECK_EQ(buflen, strlen(long_value) + 1);
    buflen = (int)sizeof small;
    CHECK(wi_info_shadow_get_string(info, "short_key", &buflen, small, &flag, &rc));
    CHECK(strcmp(small, "vwx") == 0);

    /* an unset long key: not found, no error */
    char *absent = wi_test_text(WI_A_INFO_KEY_LONGEST - 1, 'q');
    CHECK_EQ(app_get(info, absent, small, 3, &flag), R_MPI_SUCCESS);
    CHECK_EQ(flag, 0);
    raised = 0;
    CHECK_EQ(app_delete(info, absent), R_MPI_ERR_INFO_NOKEY);
    CHECK_EQ(raised, R_MPI_ERR_INFO_NOKEY);

    /* a short value for a key that had a long one: the runtime gets it */
    CHECK_EQ(app_set(info, "short_key", "now short"), R_MPI_SUCCESS);
    CHECK_EQ(runtime_count(info), 3);
    check_value(info, "short_key", "now short");
    /* a long value again: the runtime's goes */
    CHECK_EQ(app_set(info, "short_key", long_value), R_MPI_SUCCESS);
    CHECK_EQ(runtime_count(info), 2);
    CHECK(app_nthkey(info, 2, key) && strcmp(key, "short_key") == 0); /* still in its place */

    /* the copy has the record; deleting from it leaves the original alone */
    CHECK_EQ(fake_dup(info, &copy), R_MPI_SUCCESS);
    wi_info_shadow_dup(info, copy);
    CHECK_EQ(app_nkeys(copy), 4);
    CHECK_EQ(app_delete(copy, long_key), R_MPI_SUCCESS);
    CHECK_EQ(app_delete(copy, "first"), R_MPI_SUCCESS);
    CHECK_EQ(runtime_count(copy), 1);
    CHECK_EQ(app_nkeys(copy), 2);
    CHECK(app_nthkey(copy, 0, key) && strcmp(key, "short_key") == 0);
    CHECK_EQ(app_nkeys(info), 4);
    check_value(info, long_key, "kept");

    /* beyond the application's limits: the runtime refuses as the application's MPI would */
    char *too_long_key = wi_test_text(WI_A_INFO_KEY_LONGEST + 1, 'k');
    char *too_long_value = wi_test_text(WI_A_INFO_VAL_LONGEST + 1, 'v');
    CHECK_EQ(app_set(info, too_long_key, "x"), R_MPI_ERR_INFO_KEY);
    CHECK_EQ(app_set(info, long_key, too_long_value), R_MPI_ERR_INFO_VALUE);
    CHECK_EQ(app_set(info, "short_key", too_long_value), R_MPI_ERR_INFO_VALUE);
    CHECK_EQ(app_get(info, too_long_key, small, 3, &flag), R_MPI_ERR_INFO_KEY);
    CHECK_EQ(app_set(info, "", "x"), R_MPI_ERR_INFO_KEY);
    check_value(info, long_key, "kept");

    /* freed, the records go; a new info at the same place has nothing of them */
    free_info(copy);
    CHECK(wi_info_shadow_any());
    free_info(info);
    CHECK(!wi_info_shadow_any());
    CHECK_EQ(fake_create(&info), R_MPI_SUCCESS);
    CHECK_EQ(app_nkeys(info), 0);
    CHECK_EQ(app_get(info, long_key, small, 3, &flag), R_MPI_SUCCESS);
    CHECK_EQ(flag, 0);
    free_info(info);

    free(long_key);
    free(long_value);
    free(absent);
    free(too_long_key);
    free(too_long_value);
}

/* openmpi -> mpich: the runtime takes keys of 255 characters and values of 1024, the application's
 * MPI 35 and 255. */
static void check_refused(void)
{
    char *key = wi_test_text(WI_A_INFO_KEY_LONGEST + 1, 'k'), *value = wi_test_text(WI_A_INFO_VAL_LONGEST + 1, 'v');
    char small[4];
    int flag = -1;
    R_MPI_Info info = R_MPI_INFO_NULL;
    CHECK_EQ(fake_create(&info), R_MPI_SUCCESS);
    CHECK_EQ(app_set(info, key, "x"), R_MPI_ERR_INFO_KEY);
    CHECK_EQ(app_set(info, "key", value), R_MPI_ERR_INFO_VALUE);
    CHECK_EQ(app_get(info, key, small, 3, &flag), R_MPI_ERR_INFO_KEY);
    CHECK_EQ(app_delete(info, key), R_MPI_ERR_INFO_KEY);
    CHECK_EQ(runtime_count(info), 0);
    /* within both limits: the runtime alone */
    key[WI_A_INFO_KEY_LONGEST] = '\0';
    value[WI_A_INFO_VAL_LONGEST] = '\0';
    CHECK_EQ(app_set(info, key, value), R_MPI_SUCCESS);
    CHECK_EQ(runtime_count(info), 1);
    check_value(info, key, value);
    CHECK(!wi_info_shadow_any());
    free_info(info);
    free(key);
    free(value);
}

int main(void)
{
    R_PMPI_Info_set = fake_set;
    R_PMPI_Info_get = fake_get;
    R_PMPI_Info_get_valuelen = fake_valuelen;
    R_PMPI_Info_get_nkeys = fake_nkeys;
    R_PMPI_Info_get_nthkey = fake_nthkey;
    R_PMPI_Info_delete = fake_delete;
    R_PMPI_Info_dup = fake_dup;
    CHECK(WI_INFO_SHADOW_NEEDED);
    if (WI_A_INFO_KEY_LONGEST > WI_R_INFO_KEY_WHOLE)
        check_kept();
    else
        check_refused();
    return wi_test_finish("test_info_shadow");
}
