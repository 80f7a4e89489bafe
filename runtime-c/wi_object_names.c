/* See wi_object_names.h. A uthash keyed by (kind, runtime handle word) under one mutex: names are
 * set rarely. */
#include "wi_object_names.h"

#include <pthread.h>
#include <stdlib.h>

#include "wi_log.h"

#define uthash_fatal(msg) wi_fatal("out of memory in the object name table (%s)", msg)
#include <uthash.h>

int wi_object_names_count WI_HIDDEN = 0;

struct wi_object_key {
    wi_word kind, handle;
};

struct wi_object_name {
    struct wi_object_key key;
    char *name;
    UT_hash_handle hh;
};

static struct wi_object_name *wi_object_names;
static pthread_mutex_t wi_object_names_lock = PTHREAD_MUTEX_INITIALIZER;

static struct wi_object_name *wi_object_name_find(enum wi_kind kind, wi_word handle)
{
    struct wi_object_key key = {(wi_word)kind, handle};
    struct wi_object_name *entry = NULL;
    HASH_FIND(hh, wi_object_names, &key, sizeof key, entry);
    return entry;
}

static void wi_object_name_drop(struct wi_object_name *entry)
{
    HASH_DEL(wi_object_names, entry);
    __atomic_store_n(&wi_object_names_count, wi_object_names_count - 1, __ATOMIC_RELAXED);
    free(entry->name);
    free(entry);
}

#if !WI_IDENTITY

void wi_object_name_set_slow(enum wi_kind kind, wi_word handle, const char *name)
{
    size_t length = strnlen(name, WI_A_OBJECT_NAME_LONGEST); /* the application's MPI would cut it there */
    pthread_mutex_lock(&wi_object_names_lock);
    struct wi_object_name *entry = wi_object_name_find(kind, handle);
    if (length <= WI_R_OBJECT_NAME_LONGEST) {
        if (entry != NULL)
            wi_object_name_drop(entry);
    } else {
        char *copy = strndup(name, length);
        if (copy == NULL)
            wi_fatal("out of memory keeping an object name the runtime cannot hold");
        if (entry == NULL) {
            entry = calloc(1, sizeof *entry);
            if (entry == NULL)
                wi_fatal("out of memory keeping an object name the runtime cannot hold");
            entry->key.kind = (wi_word)kind;
            entry->key.handle = handle;
            HASH_ADD(hh, wi_object_names, key, sizeof entry->key, entry);
            __atomic_store_n(&wi_object_names_count, wi_object_names_count + 1, __ATOMIC_RELAXED);
        }
        free(entry->name);
        entry->name = copy;
    }
    pthread_mutex_unlock(&wi_object_names_lock);
}

int wi_object_name_get_slow(enum wi_kind kind, wi_word handle, char *name, int *resultlen)
{
    if (name == NULL || resultlen == NULL)
        return 0;
    pthread_mutex_lock(&wi_object_names_lock);
    struct wi_object_name *entry = wi_object_name_find(kind, handle);
    if (entry != NULL) {
        size_t length = strlen(entry->name);
        memcpy(name, entry->name, length + 1);
        *resultlen = (int)length;
    }
    pthread_mutex_unlock(&wi_object_names_lock);
    return entry != NULL;
}

#endif

void wi_object_name_forget(enum wi_kind kind, wi_word handle)
{
    pthread_mutex_lock(&wi_object_names_lock);
    struct wi_object_name *entry = wi_object_name_find(kind, handle);
    if (entry != NULL)
        wi_object_name_drop(entry);
    pthread_mutex_unlock(&wi_object_names_lock);
}
