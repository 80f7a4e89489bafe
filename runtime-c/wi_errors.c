/* Error code translation; see wi_errors.h.
 *
 * User-defined error classes and codes (MPI_Add_error_class/_code/_string)
 * are not tracked yet. They belong here, as a table consulted before the
 * predefined class mapping in both directions, filled by the hooks of
 * MPI_Add_error_class and MPI_Add_error_code; until then such a code maps
 * to whatever class the runtime reports for it. */
#include "wi_errors.h"

#include "wi_convert.h"
#include "wi_r_functions.h"
#include "wi_tls.h"

#if !WI_IDENTITY

int wi_error_r2a_failure(int r_code)
{
    int r_class;
    /* A direct call into the runtime library: anything it calls through
     * the exported MPI symbols must not be translated again. */
    int saved = wi_in_w_enter();
    int rc = R_PMPI_Error_class(r_code, &r_class);
    wi_in_w_restore(saved);
    if (rc != R_MPI_SUCCESS)
        return A_MPI_ERR_UNKNOWN; /* R_MPI_ERR_UNKNOWN's counterpart */
    return wi_error_class_r2a(r_class);
}

int wi_error_a2r_failure(int a_code)
{
    return wi_error_class_a2r(a_code);
}

#endif /* identity pairs keep the runtime's codes and their details: all inline */
