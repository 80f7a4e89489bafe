/* Constants inside the integers MPI_Type_get_contents returns. */
#ifndef WI_TYPE_CONTENTS_H
#define WI_TYPE_CONTENTS_H

#include "wi_abi.h"
#include "wi_defs.h"

/* Translates the order and distribution constants among the integers of a subarray or darray
 * type (MPI-3.1 §4.1.13 gives their positions); other combiners have none. */
WI_HIDDEN void wi_type_contents_r2a(R_MPI_Datatype datatype, int count, int *integers);

#endif
