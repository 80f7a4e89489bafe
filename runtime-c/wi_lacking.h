/* Functions the application's MPI declares and the runtime's does not (MPICH's MPI-4 functions on
 * an MPI-3.1 Open MPI, say). Such a call fails through the MPI error path, as any failing call:
 * the error handler of the call's communicator, window or file is invoked (MPI_COMM_SELF's when
 * the call has none, as MPI-4 does for errors not tied to an object) with an error code of class
 * MPI_ERR_UNSUPPORTED_OPERATION whose MPI_Error_string names the function and the runtime. */
#ifndef WI_LACKING_H
#define WI_LACKING_H

#include "wi_abi.h"
#include "wi_defs.h"

/* Each returns the runtime error code raised, for the A_ function to translate. */
WI_HIDDEN int wi_lacking_comm(const char *function, R_MPI_Comm comm);
WI_HIDDEN int wi_lacking_win(const char *function, R_MPI_Win win);
WI_HIDDEN int wi_lacking_file(const char *function, R_MPI_File file);

/* MPI_T functions report errors only by their return value: the application's
 * MPI_T_ERR_NOT_SUPPORTED where its ABI has it (MPI-4), else MPI_T_ERR_INVALID. */
WI_HIDDEN int wi_lacking_tool(const char *function);

/* After MPI_Error_string: a code created here gets its sentence (at most size - 1 characters), whatever
 * the runtime said. MPICH 4.0.2 ignores MPI_Add_error_string for codes added to a predefined class
 * and returns that class's text with an unrelated "error stack" line (natively too). Other codes
 * are left alone. */
WI_HIDDEN void wi_lacking_error_string(int r_code, char *string, int size, int *resultlen);

/* Functions that return no error code (MPI_Aint_add, say) cannot report: the process stops,
 * naming the function. */
WI_HIDDEN WI_NORETURN void wi_lacking_fatal(const char *function);

#endif
