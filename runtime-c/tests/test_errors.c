/* Error code translation through a fake R_PMPI_Error_class: success needs
 * no call, instance codes are reduced to their class, a failing
 * Error_class gives MPI_ERR_UNKNOWN, and the runtime is called with
 * wi_in_w set. */
#include "wi_convert.h"
#include "wi_errors.h"
#include "wi_r_functions.h"
#include "wi_test.h"
#include "wi_tls.h"

static int error_class_calls;
static int in_w_during_call;

static int fake_error_class(int code, int *error_class)
{
    error_class_calls++;
    in_w_during_call = wi_in_w;
    if (code < 0)
        return R_MPI_ERR_ARG;
    *error_class = code & 0x7f;
    return R_MPI_SUCCESS;
}

int main(void)
{
    R_PMPI_Error_class = fake_error_class;

    CHECK_EQ(wi_error_r2a(R_MPI_SUCCESS), A_MPI_SUCCESS);
    CHECK_EQ(error_class_calls, 0);

    wi_in_w = 0;
    CHECK_EQ(wi_error_r2a(R_MPI_ERR_REQUEST), A_MPI_ERR_REQUEST);
    CHECK_EQ(error_class_calls, 1);
    CHECK_EQ(in_w_during_call, 1);
    CHECK_EQ(wi_in_w, 0);

    CHECK_EQ(wi_error_r2a(R_MPI_ERR_ROOT | 0x1e00), A_MPI_ERR_ROOT);
    CHECK_EQ(wi_error_r2a(R_MPI_ERR_FILE | 0x7f80), A_MPI_ERR_FILE);
    CHECK_EQ(wi_error_r2a(R_MPI_ERR_IO), A_MPI_ERR_IO);

    wi_in_w = 1; /* nested in a translated call: left as it was */
    CHECK_EQ(wi_error_r2a(-5), A_MPI_ERR_UNKNOWN); /* Error_class fails */
    CHECK_EQ(wi_in_w, 1);
    wi_in_w = 0;

    CHECK_EQ(wi_error_a2r(A_MPI_SUCCESS), R_MPI_SUCCESS);
    CHECK_EQ(wi_error_a2r(A_MPI_ERR_REQUEST), R_MPI_ERR_REQUEST);
    CHECK_EQ(wi_error_a2r(A_MPI_ERR_IO), R_MPI_ERR_IO);
    CHECK_EQ(wi_error_a2r(A_MPI_ERR_ROOT), R_MPI_ERR_ROOT);
    return wi_test_finish("errors (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
