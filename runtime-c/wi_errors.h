/* Error code translation. The application only ever sees error classes
 * of its own ABI: runtime instance codes (MPICH encodes details in them)
 * are reduced to their class first. */
#ifndef WI_ERRORS_H
#define WI_ERRORS_H

#include "wi_abi.h"
#include "wi_defs.h"

/* A runtime error class or code just created by MPI_Add_error_class / MPI_Add_error_code: the
 * application code it becomes (the next one above the application's MPI_ERR_LASTCODE). */
WI_HIDDEN int wi_error_user_created(int r_code);

/* The application's value of the MPI_LASTUSEDCODE attribute. */
WI_HIDDEN int wi_error_last_used(void);

/* An application error class that no runtime class matches (MPI-5.0's MPI_ERR_ABI, MPI-4's
 * session classes on Open MPI 4.1): a predefined class other than MPI_ERR_UNKNOWN whose mapping
 * gives the runtime's MPI_ERR_UNKNOWN. MPI_Error_class answers such a class itself. */
WI_HIDDEN int wi_error_class_lacking(int a_code);

/* A C++ error handler of the application (MPICH's C++ bindings) ran for the runtime's code r_code.
 * MPICH makes a call whose error a C++ handler handled return MPI_SUCCESS (a C++ handler reports by
 * throwing), and its C++ bindings call the handler again on any other code; Open MPI returns the
 * code. The call's own translation of r_code, next in this thread, then gives MPI_SUCCESS; the
 * MPI_*_call_errhandler functions, which succeed in both, forget it (wi_error_cxx_handled_forget). */
WI_HIDDEN void wi_error_cxx_handled(int r_code);
WI_HIDDEN void wi_error_cxx_handled_forget(void);

/* Out-of-line parts of the two functions below, for codes other than MPI_SUCCESS. */
WI_HIDDEN int wi_error_r2a_failure(int r_code);
WI_HIDDEN int wi_error_a2r_failure(int a_code);

/* Runtime code -> application code: success without any call (inline: every
 * translated function returns through it), otherwise the class from
 * R_PMPI_Error_class (R_MPI_ERR_UNKNOWN if that fails) mapped by
 * wi_error_class_r2a. Identity pairs return the code unchanged. */
WI_INLINE int wi_error_r2a(int r_code)
{
#if WI_IDENTITY
    return r_code;
#else
    return __builtin_expect(r_code == R_MPI_SUCCESS, 1) ? A_MPI_SUCCESS : wi_error_r2a_failure(r_code);
#endif
}

/* Application code -> runtime code (application codes are classes). */
WI_INLINE int wi_error_a2r(int a_code)
{
#if WI_IDENTITY
    return a_code;
#else
    return __builtin_expect(a_code == A_MPI_SUCCESS, 1) ? R_MPI_SUCCESS : wi_error_a2r_failure(a_code);
#endif
}

#endif
