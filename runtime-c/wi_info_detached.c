/* Info objects held by wi4mpi outside the runtime's init-finalize interval: see wi_info_detached.h. */
#include "wi_info_detached.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wi_convert.h"
#include "wi_info_entries.h"
#include "wi_info_shadow.h"
#include "wi_lifecycle.h"
#include "wi_log.h"
#include "wi_r_functions.h"

int wi_info_detached_count;

#if !WI_IDENTITY

/* A detached info; its address is the runtime word the application's handle stands for. */
struct wi_info_detached {
    struct wi_info_detached *next;
    struct wi_info_entries entries;
    wi_word made; /* the runtime info it became, 0 until then */
};

static struct wi_info_detached *wi_detached_head;
static pthread_mutex_t wi_detached_lock = PTHREAD_MUTEX_INITIALIZER;

/* Only a runtime whose infos are pointers (Open MPI) refuses them outside the interval, and only an
 * application family that accepts them then (MPICH, the standard ABI) calls them: constants of the pair. */
static int wi_pair_detaches(void)
{
    return sizeof(R_MPI_Info) == sizeof(void *) && __builtin_strcmp(WI_TO_NAME, "openmpi") == 0
        && __builtin_strcmp(WI_FROM_NAME, "openmpi") != 0;
}

int wi_info_detached_now(void)
{
    return wi_pair_detaches() && !wi_lifecycle_active() && wi_lifecycle_served(WI_LIFECYCLE_INFO);
}

/* The record behind w, under the lock. */
static struct wi_info_detached *wi_find(wi_word w)
{
    for (struct wi_info_detached *d = wi_detached_head; d != NULL; d = d->next)
        if ((wi_word)(uintptr_t)d == w)
            return d;
    return NULL;
}

int wi_info_detached_is(wi_word w)
{
    if (!wi_info_detached_any())
        return 0;
    pthread_mutex_lock(&wi_detached_lock);
    struct wi_info_detached *d = wi_find(w);
    int is = d != NULL && d->made == 0;
    pthread_mutex_unlock(&wi_detached_lock);
    return is;
}

wi_word wi_info_detached_resolve(wi_word w)
{
    if (!wi_pair_detaches())
        return w;
    pthread_mutex_lock(&wi_detached_lock);
    struct wi_info_detached *d = wi_find(w);
    if (d != NULL && d->made == 0 && !wi_info_detached_now()) {
        /* The runtime is initialized: a runtime info with the same entries, long ones kept by the
         * layer as for any info (wi_info_shadow.h). */
        R_MPI_Info real;
        if (R_PMPI_Info_create(&real) != R_MPI_SUCCESS)
            wi_fatal("the runtime could not create the info an info made before MPI_Init stands for");
        for (int i = 0; i < d->entries.count; i++) {
            const struct wi_info_entry *e = &d->entries.at[i];
            int rc = R_MPI_SUCCESS;
            if (!wi_info_shadow_set(real, e->key, e->value, &rc))
                rc = R_PMPI_Info_set(real, e->key, e->value);
            (void)rc; /* every entry was checked against the application's limits when it was set */
        }
        memcpy(&d->made, &real, sizeof real);
    }
    wi_word out = d != NULL && d->made != 0 ? d->made : w;
    pthread_mutex_unlock(&wi_detached_lock);
    return out;
}

/* ---- the calls ---- */

static int wi_key_ok(const char *key)
{
    return key != NULL && key[0] != '\0' && strlen(key) <= (size_t)WI_A_INFO_KEY_LONGEST;
}

/* The value set for key in d, NULL when unset. */
static const char *wi_value(struct wi_info_detached *d, const char *key)
{
    int i = wi_info_entries_index(&d->entries, key);
    return i < 0 ? NULL : d->entries.at[i].value;
}

static wi_word wi_new(void)
{
    struct wi_info_detached *d = calloc(1, sizeof *d);
    if (d == NULL)
        wi_fatal("out of memory creating an info");
    d->next = wi_detached_head;
    wi_detached_head = d;
    __atomic_add_fetch(&wi_info_detached_count, 1, __ATOMIC_RELAXED);
    return (wi_word)(uintptr_t)d;
}

int wi_info_detached_create(wi_word *made)
{
    pthread_mutex_lock(&wi_detached_lock);
    *made = wi_new();
    pthread_mutex_unlock(&wi_detached_lock);
    return A_MPI_SUCCESS;
}

int wi_info_detached_dup(wi_word info, wi_word *made)
{
    pthread_mutex_lock(&wi_detached_lock);
    struct wi_info_detached *d = wi_find(info);
    wi_word copy = wi_new();
    struct wi_info_detached *c = wi_find(copy);
    if (d != NULL)
        wi_info_entries_copy(&c->entries, &d->entries);
    *made = copy;
    pthread_mutex_unlock(&wi_detached_lock);
    return A_MPI_SUCCESS;
}

int wi_info_detached_free(wi_word info)
{
    pthread_mutex_lock(&wi_detached_lock);
    for (struct wi_info_detached **p = &wi_detached_head; *p != NULL; p = &(*p)->next) {
        struct wi_info_detached *d = *p;
        if ((wi_word)(uintptr_t)d != info)
            continue;
        *p = d->next;
        wi_info_entries_clear(&d->entries);
        free(d);
        __atomic_sub_fetch(&wi_info_detached_count, 1, __ATOMIC_RELAXED);
        break;
    }
    pthread_mutex_unlock(&wi_detached_lock);
    return A_MPI_SUCCESS;
}

int wi_info_detached_set(wi_word info, const char *key, const char *value)
{
    if (!wi_key_ok(key))
        return A_MPI_ERR_INFO_KEY;
    if (value == NULL || value[0] == '\0' || strlen(value) > (size_t)WI_A_INFO_VAL_LONGEST)
        return A_MPI_ERR_INFO_VALUE;
    pthread_mutex_lock(&wi_detached_lock);
    wi_info_entries_put(&wi_find(info)->entries, key, value);
    pthread_mutex_unlock(&wi_detached_lock);
    return A_MPI_SUCCESS;
}

/* Looks key up and copies what the caller wants under the lock. */
static int wi_lookup(wi_word info, const char *key, int (*take)(const char *value, void *arg), void *arg)
{
    if (!wi_key_ok(key))
        return A_MPI_ERR_INFO_KEY;
    pthread_mutex_lock(&wi_detached_lock);
    int rc = take(wi_value(wi_find(info), key), arg);
    pthread_mutex_unlock(&wi_detached_lock);
    return rc;
}

struct wi_get_args {
    int valuelen;
    char *value;
    int *flag;
};

static int wi_take_get(const char *value, void *arg)
{
    struct wi_get_args *a = arg;
    *a->flag = value != NULL;
    if (value != NULL && a->valuelen >= 0)
        wi_info_copy_at_most(a->value, value, (size_t)a->valuelen);
    return A_MPI_SUCCESS;
}

int wi_info_detached_get(wi_word info, const char *key, int valuelen, char *value, int *flag)
{
    if (valuelen < 0)
        return A_MPI_ERR_ARG;
    struct wi_get_args a = {valuelen, value, flag};
    return wi_lookup(info, key, wi_take_get, &a);
}

struct wi_valuelen_args {
    int *valuelen;
    int *flag;
};

static int wi_take_valuelen(const char *value, void *arg)
{
    struct wi_valuelen_args *a = arg;
    *a->flag = value != NULL;
    if (value != NULL)
        *a->valuelen = (int)strlen(value);
    return A_MPI_SUCCESS;
}

int wi_info_detached_get_valuelen(wi_word info, const char *key, int *valuelen, int *flag)
{
    struct wi_valuelen_args a = {valuelen, flag};
    return wi_lookup(info, key, wi_take_valuelen, &a);
}

struct wi_string_args {
    int *buflen;
    char *value;
    int *flag;
};

/* MPI-4.0's MPI_Info_get_string: *buflen in, the value's length plus one out. */
static int wi_take_string(const char *value, void *arg)
{
    struct wi_string_args *a = arg;
    *a->flag = value != NULL;
    if (value != NULL)
        wi_info_copy_string(a->value, a->buflen, value);
    return A_MPI_SUCCESS;
}

int wi_info_detached_get_string(wi_word info, const char *key, int *buflen, char *value, int *flag)
{
    struct wi_string_args a = {buflen, value, flag};
    return wi_lookup(info, key, wi_take_string, &a);
}

int wi_info_detached_get_nkeys(wi_word info, int *nkeys)
{
    pthread_mutex_lock(&wi_detached_lock);
    struct wi_info_detached *d = wi_find(info);
    *nkeys = d == NULL ? 0 : d->entries.count;
    pthread_mutex_unlock(&wi_detached_lock);
    return A_MPI_SUCCESS;
}

int wi_info_detached_get_nthkey(wi_word info, int n, char *key)
{
    int rc = A_MPI_ERR_ARG;
    pthread_mutex_lock(&wi_detached_lock);
    struct wi_info_detached *d = wi_find(info);
    if (d != NULL && n >= 0 && n < d->entries.count) {
        /* at most MPI_MAX_INFO_KEY - 1 characters, as both families give back */
        wi_info_copy_at_most(key, d->entries.at[n].key, (size_t)A_MPI_MAX_INFO_KEY - 1);
        rc = A_MPI_SUCCESS;
    }
    pthread_mutex_unlock(&wi_detached_lock);
    return rc;
}

int wi_info_detached_delete(wi_word info, const char *key)
{
    if (!wi_key_ok(key))
        return A_MPI_ERR_INFO_KEY;
    int rc = A_MPI_ERR_INFO_NOKEY;
    pthread_mutex_lock(&wi_detached_lock);
    struct wi_info_detached *d = wi_find(info);
    int i = wi_info_entries_index(&d->entries, key);
    if (i >= 0) {
        wi_info_entries_remove(&d->entries, i);
        rc = A_MPI_SUCCESS;
    }
    pthread_mutex_unlock(&wi_detached_lock);
    return rc;
}

#else /* identity pairs: the runtime is the application's MPI */

int wi_info_detached_now(void) { return 0; }
int wi_info_detached_is(wi_word w) { (void)w; return 0; }
wi_word wi_info_detached_resolve(wi_word w) { return w; }
int wi_info_detached_create(wi_word *made) { (void)made; return A_MPI_ERR_UNKNOWN; }
int wi_info_detached_dup(wi_word info, wi_word *made) { (void)info, (void)made; return A_MPI_ERR_UNKNOWN; }
int wi_info_detached_free(wi_word info) { (void)info; return A_MPI_ERR_UNKNOWN; }
int wi_info_detached_set(wi_word info, const char *key, const char *value) { (void)info, (void)key, (void)value; return A_MPI_ERR_UNKNOWN; }
int wi_info_detached_get(wi_word info, const char *key, int valuelen, char *value, int *flag) { (void)info, (void)key, (void)valuelen, (void)value, (void)flag; return A_MPI_ERR_UNKNOWN; }
int wi_info_detached_get_valuelen(wi_word info, const char *key, int *valuelen, int *flag) { (void)info, (void)key, (void)valuelen, (void)flag; return A_MPI_ERR_UNKNOWN; }
int wi_info_detached_get_string(wi_word info, const char *key, int *buflen, char *value, int *flag) { (void)info, (void)key, (void)buflen, (void)value, (void)flag; return A_MPI_ERR_UNKNOWN; }
int wi_info_detached_get_nkeys(wi_word info, int *nkeys) { (void)info, (void)nkeys; return A_MPI_ERR_UNKNOWN; }
int wi_info_detached_get_nthkey(wi_word info, int n, char *key) { (void)info, (void)n, (void)key; return A_MPI_ERR_UNKNOWN; }
int wi_info_detached_delete(wi_word info, const char *key) { (void)info, (void)key; return A_MPI_ERR_UNKNOWN; }

#endif
