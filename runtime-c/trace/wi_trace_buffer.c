/* See wi_trace_buffer.h. */
#include "wi_trace_buffer.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "wi_trace_state.h"

#define WI_TRACE_MIN_BUFFER ((size_t)1 << 20)

static __thread wi_trace_thread *self;
static wi_trace_thread *all_threads;
static uint16_t next_thread_id; /* under creation_lock */
static pthread_mutex_t creation_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t buffer_size; /* 0: not read yet */
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

/* At thread exit: its records go to the file and its buffer is freed (its counts stay for the
 * footer). Before the file is open, the buffer is kept for the close. */
static void thread_exit(void *state) {
    wi_trace_thread *t = state;
    wi_trace_buffer_flush(t);
    if (t->used == 0) {
        unsigned char *buf = t->buf;
        t->capacity = 0;
        __atomic_store_n(&t->buf, NULL, __ATOMIC_RELEASE);
        free(buf);
    }
}

static void create_exit_key(void) { pthread_key_create(&exit_key, thread_exit); }

size_t wi_trace_buffer_size(void) {
    size_t size = __atomic_load_n(&buffer_size, __ATOMIC_RELAXED);
    if (size == 0) {
        size = WI_TRACE_MIN_BUFFER;
        __atomic_store_n(&buffer_size, size, __ATOMIC_RELAXED);
    }
    return size;
}

void wi_trace_buffer_set_size(size_t bytes) {
    __atomic_store_n(&buffer_size, bytes < 256 ? 256 : bytes, __ATOMIC_RELAXED);
}

wi_trace_thread *wi_trace_thread_self(void) {
    if (self)
        return self;
    wi_trace_thread *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->capacity = wi_trace_buffer_size();
    t->buf = malloc(t->capacity);
    if (!t->buf) {
        free(t);
        return NULL;
    }
    pthread_mutex_lock(&creation_lock);
    t->id = next_thread_id++;
    t->next = all_threads;
    __atomic_store_n(&all_threads, t, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&creation_lock);
    self = t;
    pthread_once(&exit_key_once, create_exit_key);
    pthread_setspecific(exit_key, t);
    return t;
}

wi_trace_thread *wi_trace_threads(void) {
    return __atomic_load_n(&all_threads, __ATOMIC_ACQUIRE);
}

void wi_trace_buffer_flush(wi_trace_thread *t) {
    size_t ready = __atomic_load_n(&t->committed, __ATOMIC_ACQUIRE);
    if (ready == 0 || wi_trace_file_append(t->buf, ready) == 0)
        return;
    /* Written (or lost on a failed write, reported once by the file): drop those bytes, keep the
     * record being encoded. */
    size_t partial = t->used - ready;
    memmove(t->buf, t->buf + ready, partial);
    t->record_start -= ready;
    t->used = partial;
    __atomic_store_n(&t->committed, 0, __ATOMIC_RELEASE);
}

int wi_trace_buffer_reserve(wi_trace_thread *t, size_t n) {
    if (t->used + n <= t->capacity)
        return 0;
    wi_trace_buffer_flush(t);
    if (t->used + n <= t->capacity)
        return 0;
    /* Not open yet, or one record larger than the buffer: grow. */
    size_t capacity = t->capacity ? t->capacity * 2 : wi_trace_buffer_size();
    while (capacity < t->used + n)
        capacity *= 2;
    unsigned char *grown = realloc(t->buf, capacity);
    if (!grown)
        return -1;
    t->buf = grown;
    t->capacity = capacity;
    return 0;
}
