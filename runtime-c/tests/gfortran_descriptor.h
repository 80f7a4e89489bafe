/* Test support: gfortran's array descriptor layout (GCC 8 and later), as the mpi_f08 bindings
 * receive it, and int arrays described by it, all starting at gfortran_data[1]. */
#ifndef GFORTRAN_DESCRIPTOR_H
#define GFORTRAN_DESCRIPTOR_H

#include <stddef.h>

struct dim { ptrdiff_t stride, lower_bound, upper_bound; };
struct desc {
    void *base_addr;
    size_t offset;
    size_t elem_len;
    int version;
    signed char rank, type;
    short attribute;
    ptrdiff_t span;
    struct dim dim[2];
};

static int gfortran_data[32];

/* An int array: rank 1 or 2, strides in elements, extents n0 and n1. */
static inline struct desc array(int rank, ptrdiff_t s0, ptrdiff_t n0, ptrdiff_t s1, ptrdiff_t n1)
{
    struct desc d = {.base_addr = &gfortran_data[1], .elem_len = 4, .rank = (signed char)rank, .span = 4,
                     .dim = {{s0, 1, n0}, {s1, 1, n1}}};
    return d;
}

#endif
