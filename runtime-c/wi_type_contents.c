/* See wi_type_contents.h. */
#include "wi_type_contents.h"

#include "wi_convert.h"
#include "wi_r_functions.h"

static void wi_map_range(int *integers, long long count, long long first, long long n, int (*r2a)(int))
{
    for (long long i = first; i < first + n && i < count; i++)
        integers[i] = r2a(integers[i]);
}

void wi_type_contents_r2a(R_MPI_Datatype datatype, int count, int *integers)
{
    int num_integers, num_addresses, num_datatypes, combiner;
    if (R_PMPI_Type_get_envelope(datatype, &num_integers, &num_addresses, &num_datatypes, &combiner) !=
        R_MPI_SUCCESS)
        return;
    if (combiner == R_MPI_COMBINER_SUBARRAY && count > 0) {
        /* ndims, sizes[ndims], subsizes[ndims], starts[ndims], order */
        int ndims = integers[0];
        wi_map_range(integers, count, 1 + 3 * ndims, 1, wi_order_r2a);
    } else if (combiner == R_MPI_COMBINER_DARRAY && count > 2) {
        /* size, rank, ndims, gsizes[ndims], distribs[ndims], dargs[ndims], psizes[ndims], order */
        int ndims = integers[2];
        wi_map_range(integers, count, 3 + ndims, ndims, wi_distribution_r2a);
        wi_map_range(integers, count, 3 + 2 * ndims, ndims, wi_darg_r2a);
        wi_map_range(integers, count, 3 + 4 * ndims, 1, wi_order_r2a);
    }
}

void wi_type_contents_large_r2a(int r_combiner, R_MPI_Count count, int *integers)
{
    if (r_combiner == R_MPI_COMBINER_SUBARRAY && count > 1) {
        /* ndims, order (sizes, subsizes and starts are large counts) */
        wi_map_range(integers, count, 1, 1, wi_order_r2a);
    } else if (r_combiner == R_MPI_COMBINER_DARRAY && count > 2) {
        /* size, rank, ndims, distribs[ndims], dargs[ndims], psizes[ndims], order (gsizes are large counts) */
        long long ndims = integers[2];
        wi_map_range(integers, count, 3, ndims, wi_distribution_r2a);
        wi_map_range(integers, count, 3 + ndims, ndims, wi_darg_r2a);
        wi_map_range(integers, count, 3 + 3 * ndims, 1, wi_order_r2a);
    }
}
