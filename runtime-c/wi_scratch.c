/* Scratch arena; see wi_scratch.h.
 *
 * A thread's arena is a doubly linked list of chunks. Positions are
 * logical: a chunk starts at the position where its predecessor ends
 * (base = prev->base + prev->size), so a mark is one number and releasing
 * to it walks back to the chunk holding it. Chunks past the current one
 * are unused and kept for the next growth. The per-thread state is one
 * pointer in initial-exec TLS (the library already needs static TLS for
 * wi_in_w); a pthread key destructor frees the chunks at thread exit. */
#include "wi_scratch.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "wi_log.h"

enum { WI_SCRATCH_FIRST_CHUNK = 64 * 1024, WI_SCRATCH_MAX_GROWTH = 64 * 1024 * 1024 };

struct wi_scratch_chunk {
    struct wi_scratch_chunk *prev;
    struct wi_scratch_chunk *next;
    size_t base; /* logical position of data[0] */
    size_t size; /* usable bytes in data */
    size_t used;
    _Alignas(WI_SCRATCH_ALIGN) unsigned char data[];
};

static __thread struct wi_scratch_chunk *wi_scratch_current
    __attribute__((tls_model("initial-exec")));

static pthread_key_t wi_scratch_exit_key;
static pthread_once_t wi_scratch_key_once = PTHREAD_ONCE_INIT;

static void wi_scratch_free_from(struct wi_scratch_chunk *chunk)
{
    while (chunk != NULL) {
        struct wi_scratch_chunk *next = chunk->next;
        free(chunk);
        chunk = next;
    }
}

static void wi_scratch_thread_exit(void *unused)
{
    (void)unused;
    struct wi_scratch_chunk *first = wi_scratch_current;
    if (first == NULL)
        return;
    while (first->prev != NULL)
        first = first->prev;
    wi_scratch_current = NULL;
    wi_scratch_free_from(first);
}

static void wi_scratch_create_key(void)
{
    if (pthread_key_create(&wi_scratch_exit_key, wi_scratch_thread_exit) != 0)
        wi_fatal("cannot create the thread-exit key of the scratch arena");
}

static struct wi_scratch_chunk *wi_scratch_new_chunk(size_t size, size_t base,
                                                     struct wi_scratch_chunk *prev)
{
    struct wi_scratch_chunk *chunk = malloc(sizeof *chunk + size);
    if (chunk == NULL)
        wi_fatal("out of memory: cannot allocate %zu bytes of scratch space", size);
    chunk->prev = prev;
    chunk->next = NULL;
    chunk->base = base;
    chunk->size = size;
    chunk->used = 0;
    return chunk;
}

wi_scratch_mark_t wi_scratch_mark(void)
{
    struct wi_scratch_chunk *chunk = wi_scratch_current;
    return chunk != NULL ? chunk->base + chunk->used : 0;
}

/* Moves to a chunk that can hold need bytes: the next kept chunk if it is
 * big enough, else a new one replacing the kept ones. */
static void *wi_scratch_alloc_slow(size_t need)
{
    struct wi_scratch_chunk *current = wi_scratch_current;
    struct wi_scratch_chunk *chunk;
    if (current == NULL) {
        pthread_once(&wi_scratch_key_once, wi_scratch_create_key);
        /* Any non-NULL value makes the destructor run at thread exit. */
        pthread_setspecific(wi_scratch_exit_key, &wi_scratch_exit_key);
        chunk = wi_scratch_new_chunk(need > WI_SCRATCH_FIRST_CHUNK ? need : WI_SCRATCH_FIRST_CHUNK, 0,
                                     NULL);
    } else if (current->next != NULL && current->next->size >= need) {
        chunk = current->next;
    } else {
        wi_scratch_free_from(current->next);
        size_t size = current->size < WI_SCRATCH_MAX_GROWTH ? 2 * current->size : current->size;
        if (size < need)
            size = need;
        chunk = wi_scratch_new_chunk(size, current->base + current->size, current);
        current->next = chunk;
    }
    chunk->used = need;
    wi_scratch_current = chunk;
    return chunk->data;
}

void *wi_scratch_alloc(size_t bytes)
{
    if (WI_UNLIKELY(bytes > SIZE_MAX / 2))
        wi_fatal("scratch request of %zu bytes is too large", bytes);
    size_t need = (bytes + WI_SCRATCH_ALIGN - 1) & ~(size_t)(WI_SCRATCH_ALIGN - 1);
    if (need == 0)
        need = WI_SCRATCH_ALIGN; /* distinct, valid pointers for empty arrays */
    struct wi_scratch_chunk *chunk = wi_scratch_current;
    if (WI_LIKELY(chunk != NULL && chunk->size - chunk->used >= need)) {
        void *p = chunk->data + chunk->used;
        chunk->used += need;
        return p;
    }
    return wi_scratch_alloc_slow(need);
}

void wi_scratch_release(wi_scratch_mark_t mark)
{
    struct wi_scratch_chunk *chunk = wi_scratch_current;
    if (chunk == NULL) {
        if (mark != 0)
            wi_fatal("internal error: scratch released to a mark of another thread");
        return;
    }
    while (chunk->base > mark && chunk->prev != NULL)
        chunk = chunk->prev;
    if (WI_UNLIKELY(mark < chunk->base || mark - chunk->base > chunk->used))
        wi_fatal("internal error: scratch released to a mark above the current position");
    chunk->used = mark - chunk->base;
    wi_scratch_current = chunk;
}
