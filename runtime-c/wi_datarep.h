/* User data representations (MPI_Register_datarep, MPI_Register_datarep_c): the application's
 * conversion and extent functions called by the runtime with the application's datatype handles
 * and error codes. */
#ifndef WI_DATAREP_H
#define WI_DATAREP_H

#include "wi_defs.h"

/* Bundles the three user functions with the user's extra_state (and whether a Fortran wrapper
 * registered them); the bundle is what the runtime gets as extra_state. A representation lives as
 * long as the process, and so does its bundle. */
WI_HIDDEN void *wi_datarep_wrap(void *read_fn, void *write_fn, void *extent_fn, void *extra_state);

/* A bundle whose registration failed (a name already registered, ...). */
WI_HIDDEN void wi_datarep_discard(void *bundle);

/* The runtime-callable function for each callback (the user function itself is in the bundle);
 * a null conversion function (MPI_CONVERSION_FN_NULL) stays null. Identity pairs get the user's
 * functions back. The _c forms take an MPI_Count count (MPI_Register_datarep_c); the _c_int ones
 * are those large-count functions registered with a runtime's MPI_Register_datarep (an int count). */
WI_HIDDEN void *wi_callback_datarep_read_a2r(void *user_fn);
WI_HIDDEN void *wi_callback_datarep_write_a2r(void *user_fn);
WI_HIDDEN void *wi_callback_datarep_read_c_a2r(void *user_fn);
WI_HIDDEN void *wi_callback_datarep_write_c_a2r(void *user_fn);
WI_HIDDEN void *wi_callback_datarep_read_c_int_a2r(void *user_fn);
WI_HIDDEN void *wi_callback_datarep_write_c_int_a2r(void *user_fn);
WI_HIDDEN void *wi_callback_datarep_extent_a2r(void *user_fn);

/* Nothing to record once registered: the bundle travels as extra_state. */
static inline void wi_datarep_nothing_to_record(void *user_fn, unsigned long created)
{
    (void)user_fn, (void)created;
}
#define wi_callback_datarep_read_created wi_datarep_nothing_to_record
#define wi_callback_datarep_write_created wi_datarep_nothing_to_record
#define wi_callback_datarep_read_c_created wi_datarep_nothing_to_record
#define wi_callback_datarep_write_c_created wi_datarep_nothing_to_record
#define wi_callback_datarep_read_c_int_created wi_datarep_nothing_to_record
#define wi_callback_datarep_write_c_int_created wi_datarep_nothing_to_record
#define wi_callback_datarep_extent_created wi_datarep_nothing_to_record

#endif
