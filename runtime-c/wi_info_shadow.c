/* See wi_info_shadow.h. Records in a uthash keyed by the runtime's info handle word, under one mutex
 * held across the runtime calls a record needs (info calls do not call back into the layer). Entries
 * in set order (wi_info_entries.h). */
#include "wi_info_shadow.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "wi_info_entries.h"
#include "wi_log.h"
#include "wi_r_functions.h"

#define uthash_fatal(msg) wi_fatal("out of memory in the info entry table (%s)", msg)
#include <uthash.h>

int wi_info_shadow_count WI_HIDDEN = 0;

#if !WI_IDENTITY

struct wi_info_record {
    wi_word info;
    struct wi_info_entries entries; /* the application's view */
    UT_hash_handle hh;
};

static struct wi_info_record *wi_info_records;
static pthread_mutex_t wi_info_lock = PTHREAD_MUTEX_INITIALIZER;

static struct wi_info_record *wi_info_find(R_MPI_Info info)
{
    struct wi_info_record *record = NULL;
    wi_word word = WI_WORD_OF(info);
    HASH_FIND(hh, wi_info_records, &word, sizeof word, record);
    return record;
}

static void wi_info_file(struct wi_info_record *record)
{
    HASH_ADD(hh, wi_info_records, info, sizeof record->info, record);
    __atomic_store_n(&wi_info_shadow_count, wi_info_shadow_count + 1, __ATOMIC_RELAXED);
}

static void wi_info_discard(struct wi_info_record *record)
{
    wi_info_entries_clear(&record->entries);
    free(record);
}

/* A record of what the runtime's info holds now, in its order; NULL with the runtime's code. */
static struct wi_info_record *wi_info_record_new(R_MPI_Info info, int *rc)
{
    int n = 0;
    *rc = R_PMPI_Info_get_nkeys(info, &n);
    if (*rc != R_MPI_SUCCESS)
        return NULL;
    struct wi_info_record *record = calloc(1, sizeof *record);
    if (record == NULL)
        wi_fatal("out of memory keeping an info entry the runtime cannot hold");
    record->info = WI_WORD_OF(info);
    for (int i = 0; i < n && *rc == R_MPI_SUCCESS; i++) {
        char key[R_MPI_MAX_INFO_KEY + 1] = "";
        int length = 0, flag = 0;
        *rc = R_PMPI_Info_get_nthkey(info, i, key);
        if (*rc == R_MPI_SUCCESS)
            *rc = R_PMPI_Info_get_valuelen(info, key, &length, &flag);
        if (*rc != R_MPI_SUCCESS || !flag)
            continue;
        char *value = calloc(1, (size_t)length + 1);
        if (value == NULL)
            wi_fatal("out of memory keeping an info entry the runtime cannot hold");
        if (length > 0) /* MPICH refuses a length of 0 */
            *rc = R_PMPI_Info_get(info, key, length, value, &flag);
        if (*rc == R_MPI_SUCCESS)
            wi_info_entries_put(&record->entries, key, value);
        free(value);
    }
    if (*rc != R_MPI_SUCCESS) {
        wi_info_discard(record);
        return NULL;
    }
    wi_info_file(record);
    return record;
}

/* A key the runtime's info does not hold: asked for, the runtime checks the call's other arguments
 * and reports the key unset (MPI_Info_delete: MPI_ERR_INFO_NOKEY). */
static void wi_info_absent_key(R_MPI_Info info, char key[R_MPI_MAX_INFO_KEY + 2])
{
    for (unsigned i = 0;; i++) {
        int length = 0, flag = 0;
        snprintf(key, 25, "wi4mpi_absent_%u", i); /* MPI_MAX_INFO_KEY is at least 32 */
        if (R_PMPI_Info_get_valuelen(info, key, &length, &flag) != R_MPI_SUCCESS || !flag)
            return;
    }
}

/* Deletes key from the runtime's info if it holds it. */
static int wi_info_runtime_drop(R_MPI_Info info, const char *key)
{
    int length = 0, flag = 0;
    int rc = R_PMPI_Info_get_valuelen(info, key, &length, &flag);
    if (rc == R_MPI_SUCCESS && flag)
        rc = R_PMPI_Info_delete(info, key);
    return rc;
}

/* A key or value beyond the runtime's limit (key_or_value holds longest + 2 characters), for a call
 * the application's MPI refuses and the runtime would take: the runtime refuses it too. */
static const char *wi_info_overlong(char *key_or_value, int longest)
{
    memset(key_or_value, 'x', (size_t)longest + 1);
    key_or_value[longest + 1] = '\0';
    return key_or_value;
}

/* How a call taking a key goes. */
enum wi_info_way {
    WI_INFO_RUNTIME, /* to the runtime as usual */
    WI_INFO_REFUSED, /* beyond the application's limit, within the runtime's: given an overlong key */
    WI_INFO_KEPT     /* answered here: the lock is held, record (NULL: none) and index (-1: unset) set */
};

/* A call taking a key that is answered here. The runtime is still called, with
 * wi_info_keyed_runtime_key, so that it checks the call's other arguments and raises the error the
 * application's MPI raises. */
struct wi_info_keyed {
    enum wi_info_way way;
    struct wi_info_record *record;
    int index;
    char probe[R_MPI_MAX_INFO_KEY + 2];
};

/* 0: the call goes to the runtime as usual; 1: it is answered here, until wi_info_keyed_end. */
static int wi_info_keyed_begin(struct wi_info_keyed *call, R_MPI_Info info, const char *key)
{
    call->way = WI_INFO_RUNTIME;
    call->record = NULL;
    call->index = -1;
    if (key == NULL || info == R_MPI_INFO_NULL)
        return 0;
    size_t length = strlen(key);
    if (length == 0)
        return 0;
    if (length > (size_t)WI_A_INFO_KEY_LONGEST) {
        if (length > (size_t)WI_R_INFO_KEY_LONGEST)
            return 0;
        call->way = WI_INFO_REFUSED;
        return 1;
    }
    pthread_mutex_lock(&wi_info_lock);
    call->record = wi_info_find(info);
    if (call->record == NULL && length <= (size_t)WI_R_INFO_KEY_WHOLE) {
        pthread_mutex_unlock(&wi_info_lock);
        return 0;
    }
    call->index = call->record != NULL ? wi_info_entries_index(&call->record->entries, key) : -1;
    call->way = WI_INFO_KEPT;
    return 1;
}

/* The key given to the runtime: an overlong one (refused), or one its info does not hold (kept). */
static const char *wi_info_keyed_runtime_key(struct wi_info_keyed *call, R_MPI_Info info)
{
    if (call->way == WI_INFO_REFUSED)
        return wi_info_overlong(call->probe, WI_R_INFO_KEY_LONGEST);
    wi_info_absent_key(info, call->probe);
    return call->probe;
}

/* The value kept for the key; NULL when the answer is the runtime's. */
static const char *wi_info_keyed_value(const struct wi_info_keyed *call)
{
    return call->way == WI_INFO_KEPT && call->index >= 0 ? call->record->entries.at[call->index].value : NULL;
}

static void wi_info_keyed_end(const struct wi_info_keyed *call)
{
    if (call->way == WI_INFO_KEPT)
        pthread_mutex_unlock(&wi_info_lock);
}

int wi_info_shadow_set_slow(R_MPI_Info info, const char *key, const char *value, int *rc)
{
    if (key == NULL || value == NULL || info == R_MPI_INFO_NULL)
        return 0;
    size_t key_length = strlen(key), value_length = strlen(value);
    if (key_length == 0)
        return 0;
    if (key_length > (size_t)WI_A_INFO_KEY_LONGEST) { /* the application's MPI_ERR_INFO_KEY */
        if (key_length > (size_t)WI_R_INFO_KEY_LONGEST)
            return 0;
        char overlong[R_MPI_MAX_INFO_KEY + 2];
        *rc = R_PMPI_Info_set(info, wi_info_overlong(overlong, WI_R_INFO_KEY_LONGEST), value);
        return 1;
    }
    if (value_length > (size_t)WI_A_INFO_VAL_LONGEST) { /* the application's MPI_ERR_INFO_VALUE */
        char overlong[R_MPI_MAX_INFO_VAL + 2];
        /* with a key the runtime takes, or it would report the key */
        *rc = R_PMPI_Info_set(info, key_length <= (size_t)WI_R_INFO_KEY_LONGEST ? key : "wi4mpi_value_too_long",
                              value_length <= (size_t)WI_R_INFO_VAL_LONGEST
                                  ? wi_info_overlong(overlong, WI_R_INFO_VAL_LONGEST) : value);
        return 1;
    }
    int beyond = key_length > (size_t)WI_R_INFO_KEY_WHOLE || value_length > (size_t)WI_R_INFO_VAL_LONGEST;
    pthread_mutex_lock(&wi_info_lock);
    struct wi_info_record *record = wi_info_find(info);
    int answered = 1;
    if (!beyond) {
        if (record == NULL) {
            answered = 0;
        } else {
            *rc = R_PMPI_Info_set(info, key, value);
            if (*rc == R_MPI_SUCCESS)
                wi_info_entries_put(&record->entries, key, value);
        }
    } else {
        if (record == NULL)
            record = wi_info_record_new(info, rc);
        if (record != NULL) {
            /* a value too long for the runtime replaces one it held for that key: it goes there */
            *rc = key_length <= (size_t)WI_R_INFO_KEY_WHOLE ? wi_info_runtime_drop(info, key) : R_MPI_SUCCESS;
            if (*rc == R_MPI_SUCCESS)
                wi_info_entries_put(&record->entries, key, value);
        }
    }
    pthread_mutex_unlock(&wi_info_lock);
    return answered;
}

int wi_info_shadow_get_slow(R_MPI_Info info, const char *key, int valuelen, char *value, int *flag, int *rc)
{
    struct wi_info_keyed call;
    if (!wi_info_keyed_begin(&call, info, key))
        return 0;
    *rc = R_PMPI_Info_get(info, wi_info_keyed_runtime_key(&call, info), valuelen, value, flag);
    const char *kept = wi_info_keyed_value(&call);
    if (*rc == R_MPI_SUCCESS && kept != NULL) {
        wi_info_copy_at_most(value, kept, (size_t)valuelen);
        *flag = 1;
    }
    wi_info_keyed_end(&call);
    return 1;
}

int wi_info_shadow_get_valuelen_slow(R_MPI_Info info, const char *key, int *valuelen, int *flag, int *rc)
{
    struct wi_info_keyed call;
    if (!wi_info_keyed_begin(&call, info, key))
        return 0;
    *rc = R_PMPI_Info_get_valuelen(info, wi_info_keyed_runtime_key(&call, info), valuelen, flag);
    const char *kept = wi_info_keyed_value(&call);
    if (*rc == R_MPI_SUCCESS && kept != NULL) {
        *valuelen = (int)strlen(kept);
        *flag = 1;
    }
    wi_info_keyed_end(&call);
    return 1;
}

/* Through MPI_Info_get_valuelen: Open MPI 4.1 has no MPI_Info_get_string (wi_emulated.h). */
int wi_info_shadow_get_string_slow(R_MPI_Info info, const char *key, int *buflen, char *value, int *flag, int *rc)
{
    struct wi_info_keyed call;
    int length = 0;
    if (buflen == NULL || !wi_info_keyed_begin(&call, info, key))
        return 0;
    *rc = R_PMPI_Info_get_valuelen(info, wi_info_keyed_runtime_key(&call, info), &length, flag);
    const char *kept = wi_info_keyed_value(&call);
    if (*rc == R_MPI_SUCCESS && kept != NULL) {
        wi_info_copy_string(value, buflen, kept);
        *flag = 1;
    }
    wi_info_keyed_end(&call);
    return 1;
}

int wi_info_shadow_delete_slow(R_MPI_Info info, const char *key, int *rc)
{
    struct wi_info_keyed call;
    if (!wi_info_keyed_begin(&call, info, key))
        return 0;
    if (wi_info_keyed_value(&call) == NULL) {
        /* unset here: MPI_ERR_INFO_NOKEY, through the runtime's handler */
        *rc = R_PMPI_Info_delete(info, wi_info_keyed_runtime_key(&call, info));
    } else {
        *rc = strlen(key) <= (size_t)WI_R_INFO_KEY_WHOLE ? wi_info_runtime_drop(info, key) : R_MPI_SUCCESS;
        if (*rc == R_MPI_SUCCESS)
            wi_info_entries_remove(&call.record->entries, call.index);
    }
    wi_info_keyed_end(&call);
    return 1;
}

int wi_info_shadow_get_nkeys_slow(R_MPI_Info info, int *nkeys, int *rc)
{
    if (nkeys == NULL)
        return 0;
    pthread_mutex_lock(&wi_info_lock);
    struct wi_info_record *record = wi_info_find(info);
    if (record != NULL) {
        *nkeys = record->entries.count;
        *rc = R_MPI_SUCCESS;
    }
    pthread_mutex_unlock(&wi_info_lock);
    return record != NULL;
}

/* n beyond the record's keys is beyond the runtime's too (it holds a part of them): it reports it. */
int wi_info_shadow_get_nthkey_slow(R_MPI_Info info, int n, char *key, int *rc)
{
    if (key == NULL)
        return 0;
    pthread_mutex_lock(&wi_info_lock);
    struct wi_info_record *record = wi_info_find(info);
    int answered = record != NULL && n >= 0 && n < record->entries.count;
    if (answered) {
        wi_info_copy_at_most(key, record->entries.at[n].key, (size_t)A_MPI_MAX_INFO_KEY - 1);
        *rc = R_MPI_SUCCESS;
    }
    pthread_mutex_unlock(&wi_info_lock);
    return answered;
}

void wi_info_shadow_dup(R_MPI_Info info, R_MPI_Info newinfo)
{
    pthread_mutex_lock(&wi_info_lock);
    struct wi_info_record *record = wi_info_find(info);
    if (record != NULL && wi_info_find(newinfo) == NULL) {
        struct wi_info_record *copy = calloc(1, sizeof *copy);
        if (copy == NULL)
            wi_fatal("out of memory keeping an info entry the runtime cannot hold");
        copy->info = WI_WORD_OF(newinfo);
        wi_info_entries_copy(&copy->entries, &record->entries);
        wi_info_file(copy);
    }
    pthread_mutex_unlock(&wi_info_lock);
}

void wi_info_shadow_forget(wi_word info)
{
    pthread_mutex_lock(&wi_info_lock);
    struct wi_info_record *record = NULL;
    HASH_FIND(hh, wi_info_records, &info, sizeof info, record);
    if (record != NULL) {
        HASH_DEL(wi_info_records, record);
        __atomic_store_n(&wi_info_shadow_count, wi_info_shadow_count - 1, __ATOMIC_RELAXED);
        wi_info_discard(record);
    }
    pthread_mutex_unlock(&wi_info_lock);
}

#else

void wi_info_shadow_forget(wi_word info)
{
    (void)info;
}

#endif
