/* Callbacks the runtime library makes into application code. The runtime
 * gets a trampoline that converts the runtime's arguments to application
 * handles and clears wi_in_w while the user function runs (so MPI calls it
 * makes are translated), then restores it.
 *
 * Identity pairs need no conversion: these functions return the user
 * function itself there. */
#ifndef WI_CALLBACKS_H
#define WI_CALLBACKS_H

#include "wi_defs.h"
#include "wi_handles.h"

/* Set by a Fortran wrapper while it registers a callback (MPI_Op_create,
 * MPI_*_create_errhandler): the user function is then a Fortran procedure,
 * whose handle arguments are the application's Fortran INTEGER handles. */
extern __thread int wi_callback_fortran WI_HIDDEN;

/* Its values: a callback of the Fortran bindings (attribute values INTEGER(KIND=MPI_ADDRESS_KIND)),
 * or of MPI-1's MPI_KEYVAL_CREATE, whose attribute values are INTEGERs. */
#define WI_CALLBACK_FORTRAN 1
#define WI_CALLBACK_FORTRAN_INTEGER 2
/* Not a value of wi_callback_fortran: the language recorded for a callback that MPICH's C++ bindings
 * marked as theirs (wi_cxx_mpich.c); its user function has a C++ signature and is called through
 * the bindings' dispatcher. */
#define WI_CALLBACK_CXX 3
/* The object kinds MPICH's C++ error handler dispatcher takes. */
#define WI_CXX_KIND_COMM 0
#define WI_CXX_KIND_FILE 1
#define WI_CXX_KIND_WIN 2

/* Number of distinct user reduction functions a process can register.
 * Slots are never recycled: the runtime may still hold the op. */
#define WI_OP_POOL_SIZE 256

/* user_fn: void (*)(void *in, void *inout, int *len, A_MPI_Datatype *).
 * Returns the runtime-callable void (*)(void *, void *, int *,
 * R_MPI_Datatype *) for MPI_Op_create; the same user function always
 * gets the same trampoline. Fatal when the pool is exhausted. NULL is
 * passed through so the runtime reports the error itself. */
WI_HIDDEN void *wi_callback_op_a2r(void *user_fn);

/* Called once the op exists: records which slot the runtime op r_op uses. */
WI_HIDDEN void wi_callback_op_created(void *user_fn, wi_word r_op);

/* The op r_op (created above) runs its user function as a C++ one, through
 * op_call(in, inout, len, datatype, user_fn) (MPICH's MPII_Op_set_cxx). -1 if r_op is unknown. */
WI_HIDDEN int wi_callback_op_set_cxx(wi_word r_op, void (*op_call)(void));

/* user_fn: void (*)(void *in, void *inout, MPI_Count *len, A_MPI_Datatype *) of MPI_Op_create_c:
 * the same contract, with a pool of its own (nothing to record: C++ has no large-count op). */
WI_HIDDEN void *wi_callback_op_c_a2r(void *user_fn);
static inline void wi_callback_op_c_created(void *user_fn, wi_word r_op)
{
    (void)user_fn, (void)r_op;
}

/* The same user function of MPI_Op_create_c for a runtime with MPI_Op_create only: a trampoline of
 * the int-length type void (*)(void *, void *, int *, R_MPI_Datatype *) calling it with the length
 * as an MPI_Count (same pool slots as above). */
WI_HIDDEN void *wi_callback_op_c_int_a2r(void *user_fn);
static inline void wi_callback_op_c_int_created(void *user_fn, wi_word r_op)
{
    (void)user_fn, (void)r_op;
}

/* user_fn: void (*)(A_MPI_Comm *, int *, ...). Returns the function to
 * give to the runtime's MPI_Comm_create_errhandler. */
WI_HIDDEN void *wi_callback_comm_errhandler_a2r(void *user_fn);

/* Records that the runtime errhandler r_errhandler (WI_WORD_OF of the
 * R_MPI_Errhandler the runtime returned) calls user_fn. A later record for
 * the same runtime errhandler (the runtime reused a freed one) replaces it. */
WI_HIDDEN void wi_callback_comm_errhandler_created(void *user_fn, wi_word r_errhandler);

/* The error handler recorded for r_errhandler is a C++ one, called through
 * err_call(kind, &handle, &code, user_fn), kind a WI_CXX_KIND_* (MPICH's MPII_Errhandler_set_cxx). -1 if no handler is recorded for r_errhandler. */
WI_HIDDEN int wi_callback_errhandler_set_cxx(wi_word r_errhandler, void (*err_call)(void));

/* Window and file errhandlers (MPI_Win_create_errhandler, MPI_File_create_errhandler): the same
 * contract as communicator errhandlers, with the user function receiving the application's window
 * or file handle. */
WI_HIDDEN void *wi_callback_win_errhandler_a2r(void *user_fn);
WI_HIDDEN void wi_callback_win_errhandler_created(void *user_fn, wi_word r_errhandler);
WI_HIDDEN void *wi_callback_file_errhandler_a2r(void *user_fn);
WI_HIDDEN void wi_callback_file_errhandler_created(void *user_fn, wi_word r_errhandler);

#if WI_HAS_SESSIONS
/* Session errhandlers (MPI_Session_create_errhandler), where both sides have sessions: the same
 * contract, the user function receiving the application's session handle. */
WI_HIDDEN void *wi_callback_session_errhandler_a2r(void *user_fn);
WI_HIDDEN void wi_callback_session_errhandler_created(void *user_fn, wi_word r_errhandler);
#endif

#endif
