/* The small C the translated functions (the generated wi_functions.c) share whatever the pair: array
 * counts that may be negative or undefined, a count reported by the call bounded by what was
 * allocated, the sum of a per-process array (functions.json "@sum"), and a runtime string copied into
 * an application buffer. Inline: they are on the path of every call that converts an array. */
#ifndef WI_TRANSLATE_H
#define WI_TRANSLATE_H

#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "wi_defs.h"

/* A negative or undefined count (e.g. MPI_UNDEFINED outcount) converts nothing. */
static inline int wi_len(int n)
{
    return n > 0 ? n : 0;
}

/* A count reported by the call (*outcount, an in/out length), at most the capacity allocated. */
static inline int wi_len_within(int n, int capacity)
{
    return n < 0 ? 0 : n < capacity ? n : capacity;
}

/* The sum of n ints (the processes of MPI_Comm_spawn_multiple's commands); no array counts none. */
static inline int wi_sum(const int *v, int n)
{
    long long sum = 0;
    for (int i = 0; v != NULL && i < n; i++)
        sum += v[i];
    return sum > INT_MAX ? INT_MAX : (int)sum;
}

/* Copies a runtime string into an application buffer of the application's MPI_MAX_* size. */
static inline int wi_copy_string(char *dst, int capacity, const char *src)
{
    size_t n = strlen(src);
    if (n > (size_t)(capacity - 1))
        n = (size_t)(capacity - 1);
    memcpy(dst, src, n);
    dst[n] = '\0';
    return (int)n;
}

#endif
