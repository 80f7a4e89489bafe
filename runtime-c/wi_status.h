/* MPI_Status conversion between the application's and the runtime's
 * layouts (docs/internals.md §6: offsets and count codecs come from
 * wi_abi.h). MPI_STATUS_IGNORE is the caller's business: both pointers
 * must point to real statuses. */
#ifndef WI_STATUS_H
#define WI_STATUS_H

#include "wi_abi.h"
#include "wi_defs.h"

WI_HIDDEN void wi_status_a2r(const A_MPI_Status *a, R_MPI_Status *r);
WI_HIDDEN void wi_status_r2a(const R_MPI_Status *r, A_MPI_Status *a);

#endif
