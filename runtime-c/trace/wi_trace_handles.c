/* See wi_trace_handle in wi_trace_encode.h. One table per kind maps a handle value to its DUMPI
 * number; numbers are given in order of first sight and entries never removed, as libdumpi does.
 * Each thread keeps a small direct-mapped cache in front of the tables: a mapping never changes
 * once made, so a cached entry is always right and the common case takes no lock. */
#include <pthread.h>
#include <stdlib.h>

#include "wi_trace_buffer.h"
#include "wi_trace_encode.h"

#define uthash_fatal(msg) abort()
#include <uthash.h>

struct handle_entry {
    uint64_t value;
    int32_t number;
    UT_hash_handle hh;
};

static const int32_t first_user[WI_TRACE_KIND_COUNT] = {
    [WI_TRACE_COMM] = 4,    [WI_TRACE_DATATYPE] = 28, [WI_TRACE_OP] = 15,
    [WI_TRACE_GROUP] = 3,   [WI_TRACE_REQUEST] = 2,   [WI_TRACE_INFO] = 1,
    [WI_TRACE_WIN] = 1,     [WI_TRACE_FILE] = 1,      [WI_TRACE_ERRHANDLER] = 2,
    [WI_TRACE_KEYVAL] = 10,
};

static struct handle_entry *tables[WI_TRACE_KIND_COUNT];
static int32_t next_number[WI_TRACE_KIND_COUNT];
static pthread_mutex_t locks[WI_TRACE_KIND_COUNT] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER,
};

static unsigned cache_slot(uint64_t value) {
    /* Handles are pointers (aligned) or small integers: fold the bits that vary. */
    uint64_t h = value ^ (value >> 4) ^ (value >> 12) ^ (value >> 24);
    return (unsigned)(h % WI_TRACE_HANDLE_CACHE);
}

static int32_t number_of(wi_trace_kind kind, uint64_t value, int *first_seen) {
    pthread_mutex_lock(&locks[kind]);
    struct handle_entry *e;
    HASH_FIND(hh, tables[kind], &value, sizeof value, e);
    int fresh = e == NULL;
    if (fresh) {
        e = malloc(sizeof *e);
        if (!e)
            abort();
        e->value = value;
        e->number = first_user[kind] + next_number[kind]++;
        HASH_ADD(hh, tables[kind], value, sizeof e->value, e);
    }
    int32_t number = e->number;
    pthread_mutex_unlock(&locks[kind]);
    if (first_seen)
        *first_seen = fresh;
    return number;
}

int32_t wi_trace_handle(wi_trace_kind kind, uint64_t value, int *first_seen) {
    wi_trace_thread *t = wi_trace_thread_self();
    if (!t)
        return number_of(kind, value, first_seen);
    struct wi_trace_cached_handle *c = &t->cache[kind][cache_slot(value)];
    if (c->number != 0 && c->value == value) {
        if (first_seen)
            *first_seen = 0;
        return c->number;
    }
    c->value = value;
    c->number = number_of(kind, value, first_seen);
    return c->number;
}
