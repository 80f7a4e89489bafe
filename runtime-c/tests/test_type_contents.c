/* The order and distribution constants among the integers of MPI_Type_get_contents. Built for
 * each fixture pair; the fake envelope reports the combiner the test sets. */
#include "wi_convert.h"
#include "wi_r_functions.h"
#include "wi_test.h"
#include "wi_type_contents.h"

static int fake_combiner;

static int fake_get_envelope(R_MPI_Datatype type, int *ni, int *na, int *nd, int *combiner)
{
    (void)type;
    *ni = *na = *nd = 0;
    *combiner = fake_combiner;
    return R_MPI_SUCCESS;
}

int main(void)
{
    R_PMPI_Type_get_envelope = fake_get_envelope;
    R_MPI_Datatype type = (R_MPI_Datatype)0;

    /* subarray: ndims=2, sizes, subsizes, starts, order */
    int r_order_c = WI_IDENTITY ? 0 : wi_order_r2a(0) == 0 ? 56 : 0; /* the runtime's ORDER_C */
    int subarray[8] = {2, 4, 5, 2, 3, 1, 1, r_order_c};
    fake_combiner = R_MPI_COMBINER_SUBARRAY;
    wi_type_contents_r2a(type, 8, subarray);
    CHECK_EQ(subarray[7], wi_order_r2a(r_order_c));
    CHECK_EQ(subarray[0], 2);
    CHECK_EQ(subarray[6], 1); /* starts are plain integers */

    /* darray: size, rank, ndims=1, gsizes, distribs, dargs, psizes, order */
    int r_block = 121, r_darg = -49767;
    if (R_MPI_COMBINER_DARRAY == 13) { /* Open MPI runtime */
        r_block = 0;
        r_darg = -1;
    }
    int darray[8] = {4, 1, 1, 16, r_block, r_darg, 4, r_order_c};
    fake_combiner = R_MPI_COMBINER_DARRAY;
    wi_type_contents_r2a(type, 8, darray);
    CHECK_EQ(darray[4], wi_distribution_r2a(r_block));
    CHECK_EQ(darray[5], wi_darg_r2a(r_darg));
    CHECK_EQ(darray[7], wi_order_r2a(r_order_c));
    CHECK_EQ(darray[3], 16);
    CHECK_EQ(darray[6], 4);
#if !WI_IDENTITY
    CHECK(darray[4] != r_block); /* the families disagree on every one of these constants */
    CHECK(darray[7] != r_order_c);
#endif

    /* Other combiners are left alone, and a short array is never overrun. */
    int vector[3] = {2, 3, 4};
    fake_combiner = R_MPI_COMBINER_SUBARRAY + 100;
    wi_type_contents_r2a(type, 3, vector);
    CHECK_EQ(vector[2], 4);
    int truncated[2] = {5, 9};
    fake_combiner = R_MPI_COMBINER_SUBARRAY;
    wi_type_contents_r2a(type, 2, truncated);
    CHECK_EQ(truncated[1], 9);
    /* Large counts (MPI_Type_create_subarray_c / _darray_c): the sizes are elsewhere. */
    int subarray_c[2] = {3, r_order_c};
    wi_type_contents_large_r2a(R_MPI_COMBINER_SUBARRAY, 2, subarray_c);
    CHECK_EQ(subarray_c[0], 3);
    CHECK_EQ(subarray_c[1], wi_order_r2a(r_order_c));
    /* size, rank, ndims=2, distribs[2], dargs[2], psizes[2], order */
    int darray_c[10] = {4, 1, 2, r_block, r_block, r_darg, 2, 2, 2, r_order_c};
    wi_type_contents_large_r2a(R_MPI_COMBINER_DARRAY, 10, darray_c);
    CHECK_EQ(darray_c[3], wi_distribution_r2a(r_block));
    CHECK_EQ(darray_c[4], wi_distribution_r2a(r_block));
    CHECK_EQ(darray_c[5], wi_darg_r2a(r_darg));
    CHECK_EQ(darray_c[6], 2); /* a darg that is a block size stays */
    CHECK_EQ(darray_c[7], 2);
    CHECK_EQ(darray_c[9], wi_order_r2a(r_order_c));
#if !WI_IDENTITY
    CHECK(darray_c[3] != r_block);
    CHECK(darray_c[9] != r_order_c);
#endif
    int short_c[1] = {7};
    wi_type_contents_large_r2a(R_MPI_COMBINER_SUBARRAY, 1, short_c);
    CHECK_EQ(short_c[0], 7);
    return wi_test_finish("type contents (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
