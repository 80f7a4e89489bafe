/* See wi_grequests.h. The runtime passes extra_state to every callback, so the bundle carries the
 * user's functions: one trampoline per callback kind, no code created at run time. */
#include "wi_grequests.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wi_callbacks.h"
#include "wi_convert.h"
#include "wi_errors.h"
#include "wi_fortran.h"
#include "wi_log.h"
#include "wi_status.h"
#include "wi_tls.h"

#if !WI_IDENTITY

typedef int (*wi_a_query_fn)(void *extra_state, A_MPI_Status *status);
typedef int (*wi_a_free_fn)(void *extra_state);
typedef int (*wi_a_cancel_fn)(void *extra_state, int complete);

/* The same callbacks written in Fortran (registered by a Fortran wrapper): every argument by
 * reference, the extra state an INTEGER(KIND=MPI_ADDRESS_KIND), the status MPI_STATUS_SIZE integers
 * (the application's C status), complete a LOGICAL, the result in ierror. The extra state is the
 * application's own variable (its address is what the Fortran wrapper registered), as in both
 * vendors' bindings: a callback that changes it changes the caller's variable. */
typedef void (*wi_f_query_fn)(int64_t *extra_state, A_MPI_Fint *status, A_MPI_Fint *ierror);
typedef void (*wi_f_free_fn)(int64_t *extra_state, A_MPI_Fint *ierror);
typedef void (*wi_f_cancel_fn)(int64_t *extra_state, A_MPI_Fint *complete, A_MPI_Fint *ierror);

struct wi_grequest {
    wi_a_query_fn query;
    wi_a_free_fn free;
    wi_a_cancel_fn cancel;
    void *extra_state;
    int fortran;
};

void *wi_grequest_wrap(void *query_fn, void *free_fn, void *cancel_fn, void *extra_state)
{
    struct wi_grequest *g = malloc(sizeof *g);
    if (g == NULL)
        wi_fatal("out of memory starting a generalized request");
    g->query = (wi_a_query_fn)query_fn;
    g->free = (wi_a_free_fn)free_fn;
    g->cancel = (wi_a_cancel_fn)cancel_fn;
    g->extra_state = extra_state;
    g->fortran = wi_callback_fortran != 0;
    return g;
}

/* The user fills an application status, which becomes the runtime's. */
static int wi_grequest_query_trampoline(void *state, R_MPI_Status *r_status)
{
    struct wi_grequest *g = state;
    A_MPI_Status a_status;
    memset(&a_status, 0, sizeof a_status);
    int rc;
    int saved = wi_in_w_leave();
    if (g->fortran) {
        A_MPI_Fint ierror = 0;
        ((wi_f_query_fn)(void *)g->query)((int64_t *)g->extra_state, (A_MPI_Fint *)(void *)&a_status, &ierror);
        rc = ierror;
    } else {
        rc = g->query(g->extra_state, &a_status);
    }
    wi_in_w_restore(saved);
    wi_status_a2r_with_error(&a_status, r_status);
    return wi_error_a2r(rc);
}

static int wi_grequest_free_trampoline(void *state)
{
    struct wi_grequest *g = state;
    int rc;
    int saved = wi_in_w_leave();
    if (g->fortran) {
        A_MPI_Fint ierror = 0;
        ((wi_f_free_fn)(void *)g->free)((int64_t *)g->extra_state, &ierror);
        rc = ierror;
    } else {
        rc = g->free(g->extra_state);
    }
    wi_in_w_restore(saved);
    free(g); /* the runtime calls free last, once */
    return wi_error_a2r(rc);
}

static int wi_grequest_cancel_trampoline(void *state, int complete)
{
    struct wi_grequest *g = state;
    int rc;
    int saved = wi_in_w_leave();
    if (g->fortran) {
        A_MPI_Fint f_complete = complete ? wi_fortran_true() : 0, ierror = 0;
        ((wi_f_cancel_fn)(void *)g->cancel)((int64_t *)g->extra_state, &f_complete, &ierror);
        rc = ierror;
    } else {
        rc = g->cancel(g->extra_state, complete);
    }
    wi_in_w_restore(saved);
    return wi_error_a2r(rc);
}

void *wi_callback_grequest_query_a2r(void *user_fn)
{
    (void)user_fn;
    return (void *)wi_grequest_query_trampoline;
}

void *wi_callback_grequest_free_a2r(void *user_fn)
{
    (void)user_fn;
    return (void *)wi_grequest_free_trampoline;
}

void *wi_callback_grequest_cancel_a2r(void *user_fn)
{
    (void)user_fn;
    return (void *)wi_grequest_cancel_trampoline;
}

void wi_grequest_discard(void *bundle)
{
    free(bundle);
}

#else /* WI_IDENTITY: the runtime calls the user's functions with the user's extra_state */

void *wi_grequest_wrap(void *query_fn, void *free_fn, void *cancel_fn, void *extra_state)
{
    (void)query_fn, (void)free_fn, (void)cancel_fn;
    return extra_state;
}

void wi_grequest_discard(void *bundle)
{
    (void)bundle; /* the user's own extra_state */
}

void *wi_callback_grequest_query_a2r(void *user_fn)
{
    return user_fn;
}

void *wi_callback_grequest_free_a2r(void *user_fn)
{
    return user_fn;
}

void *wi_callback_grequest_cancel_a2r(void *user_fn)
{
    return user_fn;
}

#endif
