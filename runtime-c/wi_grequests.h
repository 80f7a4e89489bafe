/* Generalized requests (MPI_Grequest_start): the application's query, free and cancel functions
 * called by the runtime with the application's status layout and error codes. */
#ifndef WI_GREQUESTS_H
#define WI_GREQUESTS_H

#include "wi_defs.h"

/* Bundles the three user functions with the user's extra_state; the bundle is what the runtime gets
 * as extra_state, and is freed after the user's free function ran. */
WI_HIDDEN void *wi_grequest_wrap(void *query_fn, void *free_fn, void *cancel_fn, void *extra_state);

/* A bundle whose MPI_Grequest_start failed: no request will ever call its free function. */
WI_HIDDEN void wi_grequest_discard(void *bundle);

/* The runtime-callable functions for each of the three callbacks (the user function itself is found
 * in the bundle); identity pairs get the user's functions back. */
WI_HIDDEN void *wi_callback_grequest_query_a2r(void *user_fn);
WI_HIDDEN void *wi_callback_grequest_free_a2r(void *user_fn);
WI_HIDDEN void *wi_callback_grequest_cancel_a2r(void *user_fn);

/* Nothing to record once the request exists: the bundle travels as extra_state. */
static inline void wi_grequest_nothing_to_record(void *user_fn, unsigned long r_request)
{
    (void)user_fn, (void)r_request;
}
#define wi_callback_grequest_query_created wi_grequest_nothing_to_record
#define wi_callback_grequest_free_created wi_grequest_nothing_to_record
#define wi_callback_grequest_cancel_created wi_grequest_nothing_to_record

#endif
