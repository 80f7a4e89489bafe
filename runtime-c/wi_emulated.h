/* MPI functions a runtime lacks that wi4mpi computes from the runtime's other functions
 * (functions.json "emulation"): the A_ function of a cross pair whose runtime lacks one returns the
 * call below, with the application's handles and error codes. */
#ifndef WI_EMULATED_H
#define WI_EMULATED_H

#include "wi_abi.h"
#include "wi_defs.h"

/* MPI-4.0's MPI_Info_get_string from MPI_Info_get_valuelen and MPI_Info_get: value receives at most
 * *buflen - 1 characters and a terminating null (nothing when *buflen is 0); *buflen becomes the
 * value's length plus one when the key is set; value and *buflen are left alone otherwise. */
WI_HIDDEN int wi_info_get_string(A_MPI_Info info, const char *key, int *buflen, char *value, int *flag);

#endif
