/* Thread-local stack arena for the temporaries of a translated call
 * (R handle arrays, R status arrays, ...): no malloc per call once a
 * thread's chunks exist.
 *
 *     wi_scratch_mark_t mark = wi_scratch_mark();
 *     R_MPI_Request *r = wi_scratch_alloc(n * sizeof *r);
 *     ...
 *     wi_scratch_release(mark);
 *
 * Marks nest: a user callback that makes translated MPI calls while the
 * outer call still uses its temporaries takes its own mark above them.
 * Releasing frees nothing; the chunks are kept for reuse and freed when
 * the thread exits. */
#ifndef WI_SCRATCH_H
#define WI_SCRATCH_H

#include <stddef.h>

#include "wi_defs.h"

/* A position in the calling thread's arena. */
typedef size_t wi_scratch_mark_t;

/* Every pointer returned is aligned to this (>= 8, enough for any MPI type). */
#define WI_SCRATCH_ALIGN 16

WI_HIDDEN wi_scratch_mark_t wi_scratch_mark(void);

/* bytes of uninitialised memory, valid until a release to a mark taken
 * before this call. Earlier allocations never move. Never returns NULL. */
WI_HIDDEN void *wi_scratch_alloc(size_t bytes) __attribute__((malloc, returns_nonnull));

/* Returns the arena to mark; everything allocated after it is dead. */
WI_HIDDEN void wi_scratch_release(wi_scratch_mark_t mark);

#endif
