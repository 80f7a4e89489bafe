/* Constants an info value completes (wi_guided.h), against a fake runtime whose info objects hold one
 * key each: a guided constant refined by the key's value, an application constant expanded into the
 * runtime's guided constant with an info of wi4mpi's, the application's info never changed. */
#include <stdint.h>
#include <string.h>

#include "wi_guided.h"
#include "wi_r_functions.h"
#include "wi_test.h"

/* Fake info objects: handle i + 1 (0 is never a live one) holding at most one key. */
#define FAKE_INFOS 4
static struct {
    int live;
    char key[32], value[96];
} infos[FAKE_INFOS];
static int creates, dups, sets, frees, fail_set;

static R_MPI_Info handle_of(int i)
{
    return (R_MPI_Info)(intptr_t)(0x5a0 + i);
}

static int index_of(R_MPI_Info info)
{
    intptr_t i = (intptr_t)info - 0x5a0;
    return i >= 0 && i < FAKE_INFOS && infos[i].live ? (int)i : -1;
}

static int fake_new(R_MPI_Info *out)
{
    for (int i = 0; i < FAKE_INFOS; i++) {
        if (!infos[i].live) {
            memset(&infos[i], 0, sizeof infos[i]);
            infos[i].live = 1;
            *out = handle_of(i);
            return R_MPI_SUCCESS;
        }
    }
    return R_MPI_ERR_ARG;
}

static int fake_create(R_MPI_Info *out)
{
    creates++;
    return fake_new(out);
}

static int fake_dup(R_MPI_Info info, R_MPI_Info *out)
{
    dups++;
    int from = index_of(info);
    if (from < 0 || fake_new(out) != R_MPI_SUCCESS)
        return R_MPI_ERR_ARG;
    int to = index_of(*out);
    memcpy(infos[to].key, infos[from].key, sizeof infos[to].key);
    memcpy(infos[to].value, infos[from].value, sizeof infos[to].value);
    return R_MPI_SUCCESS;
}

static int fake_set(R_MPI_Info info, const char *key, const char *value)
{
    sets++;
    int i = index_of(info);
    if (i < 0 || fail_set)
        return R_MPI_ERR_ARG;
    snprintf(infos[i].key, sizeof infos[i].key, "%s", key);
    snprintf(infos[i].value, sizeof infos[i].value, "%s", value);
    return R_MPI_SUCCESS;
}

static int fake_free(R_MPI_Info *info)
{
    frees++;
    int i = index_of(*info);
    if (i < 0)
        return R_MPI_ERR_ARG;
    infos[i].live = 0;
    *info = R_MPI_INFO_NULL;
    return R_MPI_SUCCESS;
}

static int fake_valuelen(R_MPI_Info info, const char *key, int *valuelen, int *flag)
{
    int i = index_of(info);
    if (i < 0)
        return R_MPI_ERR_ARG;
    *flag = strcmp(infos[i].key, key) == 0;
    if (*flag)
        *valuelen = (int)strlen(infos[i].value);
    return R_MPI_SUCCESS;
}

/* As MPI_Info_get: at most valuelen characters and a null. */
static int fake_get(R_MPI_Info info, const char *key, int valuelen, char *value, int *flag)
{
    int i = index_of(info);
    if (i < 0)
        return R_MPI_ERR_ARG;
    *flag = strcmp(infos[i].key, key) == 0;
    if (*flag) {
        strncpy(value, infos[i].value, (size_t)valuelen);
        value[valuelen] = '\0';
    }
    return R_MPI_SUCCESS;
}

static const struct wi_guided_refined refined[] = {{"mpi_shared_memory", 40}, {"core", 42}, {"package", 46}};
static const struct wi_guided_expanded expanded[] = {{7, "core"}, {9, "numanode"}};
/* The application's guided constant is 2; the runtime's is 3; MPI_UNDEFINED is -1 here. */
static const struct wi_guided refining = {
    .key = "hw", .refines = 1, .application_constant = 2, .refined = refined, .refined_count = 3};
static const struct wi_guided expanding = {
    .key = "hw", .expands = 1, .runtime_constant = 3, .expanded = expanded, .expanded_count = 2};

/* Sets the key of a fake info as the application would (not counted as wi4mpi's call). */
static void put(R_MPI_Info info, const char *key, const char *value)
{
    CHECK_EQ(fake_set(info, key, value), R_MPI_SUCCESS);
    sets--;
}

static R_MPI_Info info_with(const char *key, const char *value)
{
    R_MPI_Info info = R_MPI_INFO_NULL;
    CHECK_EQ(fake_new(&info), R_MPI_SUCCESS);
    put(info, key, value);
    return info;
}

/* Whether a live fake info holds key = value. */
static int holds(R_MPI_Info info, const char *key, const char *value)
{
    int i = index_of(info);
    return i >= 0 && strcmp(infos[i].key, key) == 0 && strcmp(infos[i].value, value) == 0;
}

static void check_refined(void)
{
    R_MPI_Info made = R_MPI_INFO_NULL, info = info_with("hw", "core");
    R_MPI_Info passed = info;
    CHECK_EQ(wi_guided_a2r(&refining, 2, -1, &passed, &made), 42);
    CHECK(passed == info && made == R_MPI_INFO_NULL);
    put(info, "hw", "package");
    CHECK_EQ(wi_guided_a2r(&refining, 2, -1, &passed, &made), 46);
    /* Only the whole value names a resource. */
    put(info, "hw", "cor");
    CHECK_EQ(wi_guided_a2r(&refining, 2, -1, &passed, &made), -1);
    put(info, "hw", "cores");
    CHECK_EQ(wi_guided_a2r(&refining, 2, -1, &passed, &made), -1);
    /* A value longer than any resource name is not read (the AddressSanitizer variant would see an
     * overflow of refine's buffer otherwise). */
    put(info, "hw", "core_core_core_core_core_core_core_core_core_core_core_core_core_core_core_core");
    CHECK_EQ(wi_guided_a2r(&refining, 2, -1, &passed, &made), -1);
    /* Another key, no info: the mapper's translation (MPI_UNDEFINED). */
    put(info, "other", "core");
    CHECK_EQ(wi_guided_a2r(&refining, 2, -1, &passed, &made), -1);
    R_MPI_Info none = R_MPI_INFO_NULL;
    CHECK_EQ(wi_guided_a2r(&refining, 2, -1, &none, &made), -1);
    /* Any other constant keeps its translation, whatever the info says. */
    put(info, "hw", "core");
    CHECK_EQ(wi_guided_a2r(&refining, 5, 55, &passed, &made), 55);
    CHECK(made == R_MPI_INFO_NULL);
    CHECK_EQ(creates + dups + sets + frees, 0);
    fake_free(&info);
    frees = 0;
}

static void check_expanded(void)
{
    /* No info: a new one with the key. */
    R_MPI_Info made = R_MPI_INFO_NULL, passed = R_MPI_INFO_NULL;
    CHECK_EQ(wi_guided_a2r(&expanding, 7, -1, &passed, &made), 3);
    CHECK(made != R_MPI_INFO_NULL && passed == made);
    CHECK_EQ(creates, 1);
    CHECK(holds(made, "hw", "core"));
    wi_guided_release(&made);
    CHECK(made == R_MPI_INFO_NULL);
    CHECK_EQ(frees, 1);

    /* The application's info: a copy gets the key, the original keeps what it held. */
    R_MPI_Info user = info_with("hw", "l3cache");
    passed = user;
    CHECK_EQ(wi_guided_a2r(&expanding, 9, -1, &passed, &made), 3);
    CHECK_EQ(dups, 1);
    CHECK(made != user && passed == made);
    CHECK(holds(made, "hw", "numanode"));
    CHECK(holds(user, "hw", "l3cache"));
    wi_guided_release(&made);
    CHECK_EQ(frees, 2);

    /* A runtime that refuses the key: its own translation, nothing left allocated. */
    fail_set = 1;
    passed = user;
    CHECK_EQ(wi_guided_a2r(&expanding, 7, -1, &passed, &made), -1);
    CHECK(passed == user && made == R_MPI_INFO_NULL);
    CHECK_EQ(frees, 3);
    fail_set = 0;

    /* A constant the runtime has, or none listed: untouched, and nothing to release. */
    CHECK_EQ(wi_guided_a2r(&expanding, 4, 44, &passed, &made), 44);
    CHECK(passed == user && made == R_MPI_INFO_NULL);
    wi_guided_release(&made);
    CHECK_EQ(frees, 3);
    fake_free(&user);
    int live = 0;
    for (int i = 0; i < FAKE_INFOS; i++)
        live += infos[i].live;
    CHECK_EQ(live, 0);
}

int main(void)
{
    R_PMPI_Info_create = fake_create;
    R_PMPI_Info_dup = fake_dup;
    R_PMPI_Info_set = fake_set;
    R_PMPI_Info_free = fake_free;
    R_PMPI_Info_get_valuelen = fake_valuelen;
    R_PMPI_Info_get = fake_get;
    check_refined();
    check_expanded();
    return wi_test_finish("guided constants (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
