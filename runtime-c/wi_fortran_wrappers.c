/* See wi_fortran_wrappers.h. */
#include "wi_fortran_wrappers.h"

#include <limits.h>
#include <stddef.h>

#include "wi_fortran.h"
#include "wi_log.h"

#if !WI_IDENTITY

/* The section's datatype is built through the PMPI_ entries: the application did not make these calls. */
WI_HIDDEN int AP_MPI_Type_contiguous(int count, A_MPI_Datatype oldtype, A_MPI_Datatype *newtype);
WI_HIDDEN int AP_MPI_Type_create_hvector(int count, int blocklength, A_MPI_Aint stride, A_MPI_Datatype oldtype,
                                        A_MPI_Datatype *newtype);
WI_HIDDEN int AP_MPI_Type_commit(A_MPI_Datatype *datatype);
WI_HIDDEN int AP_MPI_Type_free(A_MPI_Datatype *datatype);

void *wi_f08_section(const void *descriptor, A_MPI_Count *count, A_MPI_Fint *datatype, A_MPI_Datatype *made,
                     const char *function)
{
    void *base;
    size_t elem_len;
    int rank;
    ptrdiff_t extents[WI_FORTRAN_MAX_RANK], strides[WI_FORTRAN_MAX_RANK];
    if (wi_fortran_descriptor_layout(descriptor, &base, &elem_len, &rank, extents, strides))
        return base;
    long long elements = 1;
    for (int i = 0; i < rank; i++)
        elements *= extents[i] > 0 ? extents[i] : 0;
    if (elements == 0 || *count % elements != 0)
        wi_fatal("%s (Fortran 2008): the count %lld does not divide among the %lld elements of a non-contiguous "
                 "array section", function, (long long)*count, elements);
    if (*count / elements > INT_MAX)
        wi_fatal("%s (Fortran 2008): %lld items per element of a non-contiguous array section exceed an int",
                 function, (long long)(*count / elements));
    A_MPI_Datatype item = wi_datatype_f2a(*datatype), type = item, next;
    int per_element = (int)(*count / elements);
    if (per_element != 1) {
        if (AP_MPI_Type_contiguous(per_element, item, &next) != A_MPI_SUCCESS)
            wi_fatal("%s (Fortran 2008): cannot describe a non-contiguous array section", function);
        type = next;
    }
    for (int i = 0; i < rank; i++) {
        if (AP_MPI_Type_create_hvector((int)extents[i], 1, (A_MPI_Aint)strides[i], type, &next) != A_MPI_SUCCESS)
            wi_fatal("%s (Fortran 2008): cannot describe a non-contiguous array section", function);
        if (type != item)
            AP_MPI_Type_free(&type);
        type = next;
    }
    AP_MPI_Type_commit(&type);
    *made = type;
    *count = 1;
    *datatype = wi_datatype_a2f(type);
    return base;
}

#endif
