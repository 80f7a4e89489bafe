/* See wi_emulated.h. */
#include "wi_emulated.h"

#include <stdlib.h>
#include <string.h>

#include "wi_convert.h"
#include "wi_errors.h"
#include "wi_log.h"
#include "wi_r_functions.h"
#include "wi_tls.h"

#if !WI_IDENTITY /* identity pairs never call these: their runtime has every function of its family */

int wi_info_get_string(A_MPI_Info info, const char *key, int *buflen, char *value, int *flag)
{
    R_MPI_Info r_info = wi_info_a2r(info);
    int length = 0, found = 0;
    wi_in_w = 1;
    /* an invalid info or key reaches MPI_COMM_SELF's handler from the runtime's own call */
    int rc = R_PMPI_Info_get_valuelen(r_info, key, &length, &found);
    if (rc == R_MPI_SUCCESS && found && *buflen > 0) {
        char *whole = malloc((size_t)length + 1);
        if (whole == NULL)
            wi_fatal("out of memory reading info key '%s' for MPI_Info_get_string", key);
        /* MPI_Info_get writes at most length characters and a null */
        rc = R_PMPI_Info_get(r_info, key, length, whole, &found);
        if (rc == R_MPI_SUCCESS && found) {
            size_t n = (size_t)length < (size_t)*buflen - 1 ? (size_t)length : (size_t)*buflen - 1;
            memcpy(value, whole, n);
            value[n] = '\0';
        }
        free(whole);
    }
    if (rc == R_MPI_SUCCESS) {
        *flag = found;
        if (found)
            *buflen = length + 1;
    }
    wi_in_w = 0;
    return wi_error_r2a(rc);
}

#endif
