/* MPI_Status conversion between the application's and the runtime's
 * layouts (docs/internals.md §6: offsets and count codecs come from
 * wi_abi.h). MPI_STATUS_IGNORE is the caller's business: both pointers
 * must point to real statuses. */
#ifndef WI_STATUS_H
#define WI_STATUS_H

#include <stdint.h>
#include <string.h>

#include "wi_abi.h"
#include "wi_convert.h"
#include "wi_defs.h"
#include "wi_errors.h"

/* MPI leaves MPI_ERROR untouched in single-completion calls (and in multiple-completion calls that
 * do not return MPI_ERR_IN_STATUS). A runtime status receives this marker before the call, so that
 * wi_status_r2a can leave the application's MPI_ERROR alone when the runtime did not write it. */
#define WI_STATUS_ERROR_UNSET ((int)0x57493430)

WI_INLINE void wi_status_prepare(R_MPI_Status *r)
{
    int unset = WI_STATUS_ERROR_UNSET;
    __builtin_memcpy((unsigned char *)r + R_STATUS_ERROR, &unset, sizeof unset);
}

/* Conversions, inline because every receive and completion converts a status.
 *
 * Both families keep the received size in bytes, in one of two codecs:
 * - UCOUNT (Open MPI): size_t byte count, separate int cancelled flag;
 * - LO_HI (MPICH): int count_lo = low 32 bits of the byte count,
 *   int count_hi_and_cancelled = (count >> 32) << 1 | cancelled;
 * - INTERNAL (MPI-5.0 standard ABI): see wi_internal_decode below.
 * A status is decoded into (count, cancelled) and encoded on the other
 * side; the public fields go through the rank, tag and error mappers. */
#if !WI_IDENTITY

static inline int wi_status_get_int(const void *status, size_t offset)
{
    int v;
    memcpy(&v, (const unsigned char *)status + offset, sizeof v);
    return v;
}

static inline void wi_status_set_int(void *status, size_t offset, int v)
{
    memcpy((unsigned char *)status + offset, &v, sizeof v);
}

/* The codecs, parameterised by the side's field offsets. */

static inline void wi_ucount_decode(const void *s, size_t ucount_at, size_t cancelled_at,
                                    uint64_t *count, int *cancelled)
{
    size_t ucount;
    memcpy(&ucount, (const unsigned char *)s + ucount_at, sizeof ucount);
    *count = ucount;
    *cancelled = wi_status_get_int(s, cancelled_at) != 0;
}

static inline void wi_ucount_encode(void *s, size_t ucount_at, size_t cancelled_at, uint64_t count,
                                    int cancelled)
{
    size_t ucount = (size_t)count;
    memcpy((unsigned char *)s + ucount_at, &ucount, sizeof ucount);
    wi_status_set_int(s, cancelled_at, cancelled);
}

static inline void wi_lo_hi_decode(const void *s, size_t lo_at, size_t hi_at, uint64_t *count,
                                   int *cancelled)
{
    uint32_t lo = (uint32_t)wi_status_get_int(s, lo_at);
    uint32_t hi_and_cancelled = (uint32_t)wi_status_get_int(s, hi_at);
    *count = (uint64_t)(hi_and_cancelled >> 1) << 32 | lo;
    *cancelled = (int)(hi_and_cancelled & 1u);
}

static inline void wi_lo_hi_encode(void *s, size_t lo_at, size_t hi_at, uint64_t count, int cancelled)
{
    wi_status_set_int(s, lo_at, (int)(uint32_t)count);
    wi_status_set_int(s, hi_at, (int)((uint32_t)(count >> 32) << 1 | (uint32_t)(cancelled != 0)));
}

/* INTERNAL (the MPI-5.0 standard ABI, whose MPI_internal[5] layout is ours): a 64-bit byte count
 * at count_at (MPI_internal[0..1]), the cancelled flag at cancelled_at (MPI_internal[2]); the rest
 * of MPI_internal is written as zero so that a status holds no stale bytes. */
static inline void wi_internal_decode(const void *s, size_t count_at, size_t cancelled_at,
                                      uint64_t *count, int *cancelled)
{
    memcpy(count, (const unsigned char *)s + count_at, sizeof *count);
    *cancelled = wi_status_get_int(s, cancelled_at) != 0;
}

static inline void wi_internal_encode(void *s, size_t internal_at, size_t count_at,
                                      size_t cancelled_at, size_t status_size, uint64_t count,
                                      int cancelled)
{
    memset((unsigned char *)s + internal_at, 0, status_size - internal_at);
    memcpy((unsigned char *)s + count_at, &count, sizeof count);
    wi_status_set_int(s, cancelled_at, cancelled != 0);
}

#if defined(A_STATUS_CODEC_UCOUNT)
#define WI_A_STATUS_DECODE(s, c, x) wi_ucount_decode(s, A_STATUS_UCOUNT, A_STATUS_CANCELLED, c, x)
#define WI_A_STATUS_ENCODE(s, c, x) wi_ucount_encode(s, A_STATUS_UCOUNT, A_STATUS_CANCELLED, c, x)
#elif defined(A_STATUS_CODEC_LO_HI)
#define WI_A_STATUS_DECODE(s, c, x)                                                                \
    wi_lo_hi_decode(s, A_STATUS_COUNT_LO, A_STATUS_COUNT_HI_AND_CANCELLED, c, x)
#define WI_A_STATUS_ENCODE(s, c, x)                                                                \
    wi_lo_hi_encode(s, A_STATUS_COUNT_LO, A_STATUS_COUNT_HI_AND_CANCELLED, c, x)
#elif defined(A_STATUS_CODEC_INTERNAL)
#define WI_A_STATUS_DECODE(s, c, x)                                                                \
    wi_internal_decode(s, A_STATUS_COUNT, A_STATUS_CANCELLED, c, x)
#define WI_A_STATUS_ENCODE(s, c, x)                                                                \
    wi_internal_encode(s, A_STATUS_INTERNAL, A_STATUS_COUNT, A_STATUS_CANCELLED,          \
                       sizeof(A_MPI_Status), c, x)
#else
#error "wi_abi.h defines no A_STATUS_CODEC_*"
#endif

#if defined(R_STATUS_CODEC_UCOUNT)
#define WI_R_STATUS_DECODE(s, c, x) wi_ucount_decode(s, R_STATUS_UCOUNT, R_STATUS_CANCELLED, c, x)
#define WI_R_STATUS_ENCODE(s, c, x) wi_ucount_encode(s, R_STATUS_UCOUNT, R_STATUS_CANCELLED, c, x)
#elif defined(R_STATUS_CODEC_LO_HI)
#define WI_R_STATUS_DECODE(s, c, x)                                                                \
    wi_lo_hi_decode(s, R_STATUS_COUNT_LO, R_STATUS_COUNT_HI_AND_CANCELLED, c, x)
#define WI_R_STATUS_ENCODE(s, c, x)                                                                \
    wi_lo_hi_encode(s, R_STATUS_COUNT_LO, R_STATUS_COUNT_HI_AND_CANCELLED, c, x)
#elif defined(R_STATUS_CODEC_INTERNAL)
#define WI_R_STATUS_DECODE(s, c, x)                                                                \
    wi_internal_decode(s, R_STATUS_COUNT, R_STATUS_CANCELLED, c, x)
#define WI_R_STATUS_ENCODE(s, c, x)                                                                \
    wi_internal_encode(s, R_STATUS_INTERNAL, R_STATUS_COUNT, R_STATUS_CANCELLED,          \
                       sizeof(R_MPI_Status), c, x)
#else
#error "wi_abi.h defines no R_STATUS_CODEC_*"
#endif

/* Application status -> runtime status, for the calls that take a status in (Get_count,
 * Get_elements(_x), Test_cancelled, Status_set_*). MPI_SOURCE and MPI_TAG take the branch-free mappers
 * (a status from MPI-IO carries them undefined). MPI_ERROR is not translated: none of these calls
 * reads or writes it, and after a single-completion call it holds whatever the application left there,
 * typically uninitialised stack memory, which the error mapper would branch on. The runtime status gets
 * the WI_STATUS_ERROR_UNSET marker instead, so wi_status_r2a leaves the application's MPI_ERROR as it was. */
WI_INLINE void wi_status_a2r(const A_MPI_Status *a, R_MPI_Status *r)
{
    uint64_t count;
    int cancelled;
    WI_A_STATUS_DECODE(a, &count, &cancelled);
    memset(r, 0, sizeof *r);
    wi_status_set_int(r, R_STATUS_SOURCE, wi_rank_a2r_value(wi_status_get_int(a, A_STATUS_SOURCE)));
    wi_status_set_int(r, R_STATUS_TAG, wi_tag_a2r_value(wi_status_get_int(a, A_STATUS_TAG)));
    wi_status_prepare(r);
    WI_R_STATUS_ENCODE(r, count, cancelled);
}

/* The same with MPI_ERROR translated, for a status the application filled completely: a generalized
 * request's query function reports the request's error there. */
WI_INLINE void wi_status_a2r_with_error(const A_MPI_Status *a, R_MPI_Status *r)
{
    wi_status_a2r(a, r);
    wi_status_set_int(r, R_STATUS_ERROR, wi_error_a2r(wi_status_get_int(a, A_STATUS_ERROR)));
}

WI_INLINE void wi_status_r2a(const R_MPI_Status *r, A_MPI_Status *a)
{
    uint64_t count;
    int cancelled;
    WI_R_STATUS_DECODE(r, &count, &cancelled);
    /* Every field of both layouts is written below, except MPI_ERROR when the runtime left it alone.
     * MPI_SOURCE and MPI_TAG go through the branch-free mappers: a runtime leaves them undefined in
     * MPI-IO statuses, and leaves the whole status alone when a test or probe returns flag = false. */
    wi_status_set_int(a, A_STATUS_SOURCE, wi_rank_r2a_value(wi_status_get_int(r, R_STATUS_SOURCE)));
    wi_status_set_int(a, A_STATUS_TAG, wi_tag_r2a_value(wi_status_get_int(r, R_STATUS_TAG)));
    int error = wi_status_get_int(r, R_STATUS_ERROR);
    if (error != WI_STATUS_ERROR_UNSET)
        wi_status_set_int(a, A_STATUS_ERROR, wi_error_r2a(error));
    WI_A_STATUS_ENCODE(a, count, cancelled);
}

#else /* WI_IDENTITY: same layout on both sides */

_Static_assert(sizeof(A_MPI_Status) == sizeof(R_MPI_Status), "identity pair with different statuses");

WI_INLINE void wi_status_a2r(const A_MPI_Status *a, R_MPI_Status *r)
{
    memcpy(r, a, sizeof *r);
}

WI_INLINE void wi_status_a2r_with_error(const A_MPI_Status *a, R_MPI_Status *r)
{
    memcpy(r, a, sizeof *r);
}

WI_INLINE void wi_status_r2a(const R_MPI_Status *r, A_MPI_Status *a)
{
    memcpy(a, r, sizeof *a);
}

#endif

#endif
