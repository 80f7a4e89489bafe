/* Error code translation. The application only ever sees error classes
 * of its own ABI: runtime instance codes (MPICH encodes details in them)
 * are reduced to their class first. */
#ifndef WI_ERRORS_H
#define WI_ERRORS_H

#include "wi_defs.h"

/* Runtime code -> application code: success without any call, otherwise
 * the class from R_PMPI_Error_class (R_MPI_ERR_UNKNOWN if that fails)
 * mapped by wi_error_class_r2a. Identity pairs return the code unchanged. */
WI_HIDDEN int wi_error_r2a(int r_code);

/* Application code -> runtime code (application codes are classes). */
WI_HIDDEN int wi_error_a2r(int a_code);

#endif
