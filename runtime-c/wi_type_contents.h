/* Constants inside the integers MPI_Type_get_contents returns. */
#ifndef WI_TYPE_CONTENTS_H
#define WI_TYPE_CONTENTS_H

#include "wi_abi.h"
#include "wi_defs.h"

/* Translates the order and distribution constants among the integers of a subarray or darray
 * type (MPI-3.1 §4.1.13 gives their positions); other combiners have none. */
WI_HIDDEN void wi_type_contents_r2a(R_MPI_Datatype datatype, int count, int *integers);

/* The same for a type MPI_Type_get_envelope_c reports large counts for (built by
 * MPI_Type_create_subarray_c or _darray_c): the sizes moved to the large counts, so the order and
 * distribution constants sit elsewhere among the integers (MPI-4.0 §5.1.13). r_combiner is the
 * runtime's combiner the envelope gave. */
WI_HIDDEN void wi_type_contents_large_r2a(int r_combiner, R_MPI_Count count, int *integers);

#endif
