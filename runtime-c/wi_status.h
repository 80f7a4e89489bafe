/* MPI_Status conversion between the application's and the runtime's
 * layouts (docs/internals.md §6: offsets and count codecs come from
 * wi_abi.h). MPI_STATUS_IGNORE is the caller's business: both pointers
 * must point to real statuses. */
#ifndef WI_STATUS_H
#define WI_STATUS_H

#include "wi_abi.h"
#include "wi_defs.h"

/* MPI leaves MPI_ERROR untouched in single-completion calls (and in multiple-completion calls that
 * do not return MPI_ERR_IN_STATUS). A runtime status receives this marker before the call, so that
 * wi_status_r2a can leave the application's MPI_ERROR alone when the runtime did not write it. */
#define WI_STATUS_ERROR_UNSET ((int)0x57493430)

static inline void wi_status_prepare(R_MPI_Status *r)
{
    int unset = WI_STATUS_ERROR_UNSET;
    __builtin_memcpy((unsigned char *)r + R_STATUS_ERROR, &unset, sizeof unset);
}

WI_HIDDEN void wi_status_a2r(const A_MPI_Status *a, R_MPI_Status *r);
WI_HIDDEN void wi_status_r2a(const R_MPI_Status *r, A_MPI_Status *a);

#endif
