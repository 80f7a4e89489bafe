/* See wi_info_shadow.h. Records in a uthash keyed by the runtime's info handle word, under one mutex
 * held across the runtime calls a record needs (info calls do not call back into the layer). Entries
 * are an array in set order: infos hold few keys. */
#include "wi_info_shadow.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "wi_log.h"
#include "wi_r_functions.h"

#define uthash_fatal(msg) wi_fatal("out of memory in the info entry table (%s)", msg)
#include <uthash.h>

int wi_info_shadow_count WI_HIDDEN = 0;

#if !WI_IDENTITY

struct wi_info_entry {
    char *key, *value;
};

struct wi_info_record {
    wi_word info;
    int count, capacity;
    struct wi_info_entry *entries; /* the application's view, in set order */
    UT_hash_handle hh;
};

static struct wi_info_record *wi_info_records;
static pthread_mutex_t wi_info_lock = PTHREAD_MUTEX_INITIALIZER;

static char *wi_info_strdup(const char *s)
{
    char *copy = strdup(s);
    if (copy == NULL)
        wi_fatal("out of memory keeping an info entry the runtime cannot hold");
    return copy;
}

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
    for (int i = 0; i < record->count; i++) {
        free(record->entries[i].key);
        free(record->entries[i].value);
    }
    free(record->entries);
    free(record);
}

static int wi_info_index(const struct wi_info_record *record, const char *key)
{
    for (int i = 0; i < record->count; i++)
        if (strcmp(record->entries[i].key, key) == 0)
            return i;
    return -1;
}

/* A new key goes last; a key already set keeps its place, as in both families' info objects. */
static void wi_info_put(struct wi_info_record *record, const char *key, const char *value)
{
    int i = wi_info_index(record, key);
    if (i >= 0) {
        char *copy = wi_info_strdup(value);
        free(record->entries[i].value);
        record->entries[i].value = copy;
        return;
    }
    if (record->count == record->capacity) {
        int capacity = record->capacity ? 2 * record->capacity : 8;
        struct wi_info_entry *entries = realloc(record->entries, (size_t)capacity * sizeof *entries);
        if (entries == NULL)
            wi_fatal("out of memory keeping an info entry the runtime cannot hold");
        record->entries = entries;
        record->capacity = capacity;
    }
    record->entries[record->count].key = wi_info_strdup(key);
    record->entries[record->count].value = wi_info_strdup(value);
    record->count++;
}

static void wi_info_remove(struct wi_info_record *record, int i)
{
    free(record->entries[i].key);
    free(record->entries[i].value);
    memmove(&record->entries[i], &record->entries[i + 1], (size_t)(record->count - i - 1) * sizeof *record->entries);
    record->count--;
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
            wi_info_put(record, key, value);
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
    WI_INFO_KEPT     /* answered here: the lock is held, *record (NULL: none) and *index (-1: unset) set */
};

static enum wi_info_way wi_info_lookup(R_MPI_Info info, const char *key, struct wi_info_record **record, int *index)
{
    if (key == NULL || info == R_MPI_INFO_NULL)
        return WI_INFO_RUNTIME;
    size_t length = strlen(key);
    if (length == 0)
        return WI_INFO_RUNTIME;
    if (length > (size_t)WI_A_INFO_KEY_LONGEST)
        return length <= (size_t)WI_R_INFO_KEY_LONGEST ? WI_INFO_REFUSED : WI_INFO_RUNTIME;
    pthread_mutex_lock(&wi_info_lock);
    *record = wi_info_find(info);
    if (*record == NULL && length <= (size_t)WI_R_INFO_KEY_WHOLE) {
        pthread_mutex_unlock(&wi_info_lock);
        return WI_INFO_RUNTIME;
    }
    *index = *record != NULL ? wi_info_index(*record, key) : -1;
    return WI_INFO_KEPT;
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
                wi_info_put(record, key, value);
        }
    } else {
        if (record == NULL)
            record = wi_info_record_new(info, rc);
        if (record != NULL) {
            /* a value too long for the runtime replaces one it held for that key: it goes there */
            *rc = key_length <= (size_t)WI_R_INFO_KEY_WHOLE ? wi_info_runtime_drop(info, key) : R_MPI_SUCCESS;
            if (*rc == R_MPI_SUCCESS)
                wi_info_put(record, key, value);
        }
    }
    pthread_mutex_unlock(&wi_info_lock);
    return answered;
}

int wi_info_shadow_get_slow(R_MPI_Info info, const char *key, int valuelen, char *value, int *flag, int *rc)
{
    struct wi_info_record *record = NULL;
    int i = -1;
    char probe[R_MPI_MAX_INFO_KEY + 2];
    switch (wi_info_lookup(info, key, &record, &i)) {
    case WI_INFO_RUNTIME:
        return 0;
    case WI_INFO_REFUSED:
        *rc = R_PMPI_Info_get(info, wi_info_overlong(probe, WI_R_INFO_KEY_LONGEST), valuelen, value, flag);
        return 1;
    case WI_INFO_KEPT:
        break;
    }
    wi_info_absent_key(info, probe);
    *rc = R_PMPI_Info_get(info, probe, valuelen, value, flag);
    if (*rc == R_MPI_SUCCESS && i >= 0) {
        const char *whole = record->entries[i].value;
        size_t n = strlen(whole);
        if (n > (size_t)valuelen)
            n = (size_t)valuelen;
        memcpy(value, whole, n);
        value[n] = '\0';
        *flag = 1;
    }
    pthread_mutex_unlock(&wi_info_lock);
    return 1;
}

int wi_info_shadow_get_valuelen_slow(R_MPI_Info info, const char *key, int *valuelen, int *flag, int *rc)
{
    struct wi_info_record *record = NULL;
    int i = -1;
    char probe[R_MPI_MAX_INFO_KEY + 2];
    switch (wi_info_lookup(info, key, &record, &i)) {
    case WI_INFO_RUNTIME:
        return 0;
    case WI_INFO_REFUSED:
        *rc = R_PMPI_Info_get_valuelen(info, wi_info_overlong(probe, WI_R_INFO_KEY_LONGEST), valuelen, flag);
        return 1;
    case WI_INFO_KEPT:
        break;
    }
    wi_info_absent_key(info, probe);
    *rc = R_PMPI_Info_get_valuelen(info, probe, valuelen, flag);
    if (*rc == R_MPI_SUCCESS && i >= 0) {
        *valuelen = (int)strlen(record->entries[i].value);
        *flag = 1;
    }
    pthread_mutex_unlock(&wi_info_lock);
    return 1;
}

/* Through MPI_Info_get_valuelen: Open MPI 4.1 has no MPI_Info_get_string (wi_emulated.h). */
int wi_info_shadow_get_string_slow(R_MPI_Info info, const char *key, int *buflen, char *value, int *flag, int *rc)
{
    struct wi_info_record *record = NULL;
    int i = -1, length = 0;
    char probe[R_MPI_MAX_INFO_KEY + 2];
    if (buflen == NULL)
        return 0;
    switch (wi_info_lookup(info, key, &record, &i)) {
    case WI_INFO_RUNTIME:
        return 0;
    case WI_INFO_REFUSED:
        *rc = R_PMPI_Info_get_valuelen(info, wi_info_overlong(probe, WI_R_INFO_KEY_LONGEST), &length, flag);
        return 1;
    case WI_INFO_KEPT:
        break;
    }
    wi_info_absent_key(info, probe);
    *rc = R_PMPI_Info_get_valuelen(info, probe, &length, flag);
    if (*rc == R_MPI_SUCCESS && i >= 0) {
        const char *whole = record->entries[i].value;
        size_t n = strlen(whole);
        if (*buflen > 0) {
            size_t m = n < (size_t)*buflen - 1 ? n : (size_t)*buflen - 1;
            memcpy(value, whole, m);
            value[m] = '\0';
        }
        *buflen = (int)n + 1;
        *flag = 1;
    }
    pthread_mutex_unlock(&wi_info_lock);
    return 1;
}

int wi_info_shadow_delete_slow(R_MPI_Info info, const char *key, int *rc)
{
    struct wi_info_record *record = NULL;
    int i = -1;
    char probe[R_MPI_MAX_INFO_KEY + 2];
    switch (wi_info_lookup(info, key, &record, &i)) {
    case WI_INFO_RUNTIME:
        return 0;
    case WI_INFO_REFUSED:
        *rc = R_PMPI_Info_delete(info, wi_info_overlong(probe, WI_R_INFO_KEY_LONGEST));
        return 1;
    case WI_INFO_KEPT:
        break;
    }
    if (i < 0) {
        wi_info_absent_key(info, probe);
        *rc = R_PMPI_Info_delete(info, probe); /* MPI_ERR_INFO_NOKEY, through the runtime's handler */
    } else {
        *rc = strlen(key) <= (size_t)WI_R_INFO_KEY_WHOLE ? wi_info_runtime_drop(info, key) : R_MPI_SUCCESS;
        if (*rc == R_MPI_SUCCESS)
            wi_info_remove(record, i);
    }
    pthread_mutex_unlock(&wi_info_lock);
    return 1;
}

int wi_info_shadow_get_nkeys_slow(R_MPI_Info info, int *nkeys, int *rc)
{
    if (nkeys == NULL)
        return 0;
    pthread_mutex_lock(&wi_info_lock);
    struct wi_info_record *record = wi_info_find(info);
    if (record != NULL) {
        *nkeys = record->count;
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
    int answered = record != NULL && n >= 0 && n < record->count;
    if (answered) {
        const char *whole = record->entries[n].key;
        size_t length = strlen(whole);
        if (length > (size_t)A_MPI_MAX_INFO_KEY - 1)
            length = (size_t)A_MPI_MAX_INFO_KEY - 1;
        memcpy(key, whole, length);
        key[length] = '\0';
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
        for (int i = 0; i < record->count; i++)
            wi_info_put(copy, record->entries[i].key, record->entries[i].value);
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
