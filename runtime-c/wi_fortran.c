/* Fortran calling conventions: hidden string lengths, logical values,
 * string copies (docs/fortran.md). */
#include "wi_fortran.h"
#include "wi_log.h"
#include "wi_scratch.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Which Fortran runtime the process loaded; 0 when none of these. */
static const char *loaded_fortran_runtime(void)
{
    static const char *const names[] = {"libgfortran.so.3", "libgfortran.so.4", "libifcore.so.5",
                                        "libgfortran.so.5", "libgfortran.so.6"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        void *h = dlopen(names[i], RTLD_NOW | RTLD_NOLOAD);
        if (h) {
            dlclose(h);
            return names[i];
        }
    }
    return NULL;
}

/* 0: not computed yet; 1 + enum value afterwards. Computing twice gives the
 * same answer, so racing threads are harmless. */
static int len_kind_state;

enum wi_fortran_len_kind wi_fortran_len_kind(void)
{
    int state = __atomic_load_n(&len_kind_state, __ATOMIC_RELAXED);
    if (state)
        return (enum wi_fortran_len_kind)(state - 1);
    enum wi_fortran_len_kind kind = WI_FORTRAN_LEN_SIZE_T;
    const char *env = getenv("WI4MPI_FORTRAN_STRLEN");
    if (env && strcmp(env, "int") == 0) {
        kind = WI_FORTRAN_LEN_INT;
    } else if (!env || strcmp(env, "size_t") != 0) {
        const char *rt = loaded_fortran_runtime();
        if (rt && (strcmp(rt, "libgfortran.so.3") == 0 || strcmp(rt, "libgfortran.so.4") == 0 ||
                   strcmp(rt, "libifcore.so.5") == 0))
            kind = WI_FORTRAN_LEN_INT;
    }
    __atomic_store_n(&len_kind_state, (int)kind + 1, __ATOMIC_RELAXED);
    return kind;
}

static int true_value;

int wi_fortran_true(void)
{
    int v = __atomic_load_n(&true_value, __ATOMIC_RELAXED);
    if (v)
        return v;
    const char *env = getenv("WI4MPI_FORTRAN_TRUE");
    if (env && *env && atoi(env) != 0) {
        v = atoi(env);
    } else {
        const char *rt = loaded_fortran_runtime();
        v = rt && strcmp(rt, "libifcore.so.5") == 0 ? -1 : 1;
    }
    __atomic_store_n(&true_value, v, __ATOMIC_RELAXED);
    return v;
}

size_t wi_fortran_len(wi_fortran_len_t raw)
{
    if (wi_fortran_len_kind() == WI_FORTRAN_LEN_INT) {
        int n = (int)(uint32_t)raw; /* the upper half of the slot is undefined */
        return n > 0 ? (size_t)n : 0;
    }
    return raw;
}

void wi_fortran_string_in(char *dst, const char *src, size_t len)
{
    while (len > 0 && src[len - 1] == ' ')
        len--;
    while (len > 0 && *src == ' ') { /* leading blanks too, as the vendors' own bindings */
        src++;
        len--;
    }
    memcpy(dst, src, len);
    dst[len] = '\0';
}

void wi_fortran_string_out(char *dst, size_t len, const char *src)
{
    size_t n = strlen(src);
    if (n > len)
        n = len;
    memcpy(dst, src, n);
    memset(dst + n, ' ', len - n);
}

/* gfortran's array descriptor (GCC 8 and later, libgfortran.so.5): strides
 * count elements of span bytes; an assumed-size last dimension has no
 * upper bound, which the contiguity test below never needs. */
struct wi_gfc_dimension {
    ptrdiff_t stride, lower_bound, upper_bound;
};

struct wi_gfc_descriptor {
    void *base_addr;
    size_t offset;
    struct {
        size_t elem_len;
        int version;
        signed char rank, type;
        signed short attribute;
    } dtype;
    ptrdiff_t span;
    struct wi_gfc_dimension dim[];
};

int wi_fortran_descriptor_layout(const void *descriptor, void **base, size_t *elem_len, int *rank,
                                 ptrdiff_t extents[WI_FORTRAN_MAX_RANK], ptrdiff_t byte_strides[WI_FORTRAN_MAX_RANK])
{
    const struct wi_gfc_descriptor *d = descriptor;
    *base = d->base_addr;
    *elem_len = d->dtype.elem_len;
    *rank = d->dtype.rank < 0 ? 0 : d->dtype.rank > WI_FORTRAN_MAX_RANK ? WI_FORTRAN_MAX_RANK : d->dtype.rank;
    for (int i = 0; i < *rank; i++) {
        extents[i] = d->dim[i].upper_bound - d->dim[i].lower_bound + 1;
        byte_strides[i] = d->dim[i].stride * d->span;
    }
    ptrdiff_t expected = 1; /* the stride a contiguous array has in this dimension */
    for (int i = 0; i < *rank; i++) {
        if (extents[i] <= 0 && i + 1 < *rank)
            return 1; /* empty */
        if (extents[i] != 1 && d->dim[i].stride != expected)
            return 0;
        expected *= extents[i];
    }
    return *rank == 0 || (size_t)d->span == d->dtype.elem_len;
}

void *wi_fortran_descriptor_address(const void *descriptor, const char *function)
{
    void *base;
    size_t elem_len;
    int rank;
    ptrdiff_t extents[WI_FORTRAN_MAX_RANK], strides[WI_FORTRAN_MAX_RANK];
    if (!wi_fortran_descriptor_layout(descriptor, &base, &elem_len, &rank, extents, strides))
        wi_fatal("%s (Fortran 2008): the buffer is a non-contiguous array section, which wi4mpi does not "
                 "translate here (its count and datatype are shared with another buffer, or absent); pass a "
                 "contiguous array", function);
    return base;
}

static int wi_fortran_blank(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (s[i] != ' ')
            return 0;
    return 1;
}

/* The strings at element offsets first, first + stride, ... up to a blank one (limit: count, or no
 * limit when count < 0), as a NULL-terminated array. */
static char **wi_fortran_string_list(const char *f, size_t len, size_t first, size_t stride, int count)
{
    size_t n = 0;
    if (len > 0)
        while ((count < 0 || n < (size_t)count) && (count >= 0 || !wi_fortran_blank(f + (first + n * stride) * len, len)))
            n++;
    char **out = wi_scratch_alloc((n + 1) * sizeof *out);
    for (size_t i = 0; i < n; i++) {
        out[i] = wi_scratch_alloc(len + 1);
        wi_fortran_string_in(out[i], f + (first + i * stride) * len, len);
    }
    out[n] = NULL;
    return out;
}

char **wi_fortran_argv_in(const char *f, size_t len)
{
    return wi_fortran_string_list(f, len, 0, 1, -1);
}

char **wi_fortran_strings_in(const char *f, size_t len, int count)
{
    return wi_fortran_string_list(f, len, 0, 1, count > 0 ? count : 0);
}

char ***wi_fortran_argvs_in(const char *f, size_t len, int count)
{
    int n = count > 0 ? count : 0;
    char ***out = wi_scratch_alloc(((size_t)n + 1) * sizeof *out);
    for (int i = 0; i < n; i++)
        out[i] = wi_fortran_string_list(f, len, (size_t)i, (size_t)n, -1);
    out[n] = NULL;
    return out;
}
