/* The per-thread "inside the translation layer" flag.
 *
 * The x86-64 code chooser reads it with an initial-exec TLS access
 * (movq wi_in_w@gottpoff(%rip), %r11; cmpl $0, %fs:(%r11)): 1 means the
 * call comes from the runtime MPI library itself (or from our own code) and
 * must go straight to the runtime function, 0 means it comes from the
 * application and must be translated. */
#ifndef WI_TLS_H
#define WI_TLS_H

#include "wi_defs.h"

extern __thread int wi_in_w WI_HIDDEN __attribute__((tls_model("initial-exec")));

/* Set the flag for the duration of a direct call into the runtime library;
 * returns the previous value for wi_in_w_restore. */
static inline int wi_in_w_enter(void)
{
    int saved = wi_in_w;
    wi_in_w = 1;
    return saved;
}

/* Clear the flag while application code (a user callback) runs, so the MPI
 * calls it makes are translated; returns the previous value. */
static inline int wi_in_w_leave(void)
{
    int saved = wi_in_w;
    wi_in_w = 0;
    return saved;
}

static inline void wi_in_w_restore(int saved)
{
    wi_in_w = saved;
}

#endif
