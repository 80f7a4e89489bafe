/* MPI_Status conversion between the application's and the runtime's
 * layouts (docs/runtime.md, contract with the generated C: offsets and count codecs come from
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
#include "wi_unset.h"

/* MPI_Iprobe, MPI_Test and MPI_Request_get_status with flag = false, a failed call, MPI_Testall with
 * nothing completed leave the application's status as it was, and a single-completion call leaves
 * MPI_ERROR alone. Every byte of a runtime status receives the wi_unset.h marker before the call;
 * wi_status_r2a_delivered writes only the application fields whose runtime counterparts the runtime
 * wrote. */
#define WI_STATUS_UNSET_BYTE WI_UNSET_BYTE
#define WI_STATUS_UNSET_INT WI_UNSET_INT
/* The MPI_ERROR field's marker (an input status carries it there alone). */
#define WI_STATUS_ERROR_UNSET WI_UNSET_INT

/* MPICH's word holding the high count bits and the cancelled bit gets the marker with that bit clear
 * (wi_status_r_count). */
#define WI_STATUS_UNSET_HI ((int)0xA5A5A5A4u)

WI_INLINE void wi_status_prepare(R_MPI_Status *r)
{
    __builtin_memset(r, WI_STATUS_UNSET_BYTE, sizeof *r);
#if defined(R_STATUS_CODEC_LO_HI)
    int hi = WI_STATUS_UNSET_HI;
    __builtin_memcpy((unsigned char *)r + R_STATUS_COUNT_HI_AND_CANCELLED, &hi, sizeof hi);
#endif
}

/* Conversions, inline because every receive and completion converts a status.
 *
 * Both families keep the received size in bytes, in one of two codecs:
 * - UCOUNT (Open MPI): size_t byte count, separate int cancelled flag;
 * - LO_HI (MPICH): int count_lo = low 32 bits of the byte count,
 *   int count_hi_and_cancelled = (count >> 32) << 1 | cancelled;
 * - INTERNAL (MPI-5.0 standard ABI): see wi_internal_decode below.
 * A status is decoded into (count, cancelled) and encoded on the other
 * side; the public fields go through the rank, tag and error mappers. Identity pairs pass statuses
 * through: they convert none. */
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
 * the WI_STATUS_ERROR_UNSET marker instead, so wi_status_r2a_delivered leaves the application's MPI_ERROR as it was. */
WI_INLINE void wi_status_a2r(const A_MPI_Status *a, R_MPI_Status *r)
{
    uint64_t count;
    int cancelled;
    WI_A_STATUS_DECODE(a, &count, &cancelled);
    memset(r, 0, sizeof *r);
    wi_status_set_int(r, R_STATUS_SOURCE, wi_rank_a2r_value(wi_status_get_int(a, A_STATUS_SOURCE)));
    wi_status_set_int(r, R_STATUS_TAG, wi_tag_a2r_value(wi_status_get_int(a, A_STATUS_TAG)));
    wi_status_set_int(r, R_STATUS_ERROR, WI_STATUS_UNSET_INT);
    WI_R_STATUS_ENCODE(r, count, cancelled);
}

/* The same with MPI_ERROR translated, for a status the application filled completely: a generalized
 * request's query function reports the request's error there. */
WI_INLINE void wi_status_a2r_with_error(const A_MPI_Status *a, R_MPI_Status *r)
{
    wi_status_a2r(a, r);
    wi_status_set_int(r, R_STATUS_ERROR, wi_error_a2r(wi_status_get_int(a, A_STATUS_ERROR)));
}

/* What the runtime wrote of the count and the cancelled flag of a status it received marked. */
struct wi_status_count_written {
    uint64_t count;
    int cancelled;
    int count_written, cancelled_written;
};

/* delivered: the call says it completed or matched something (success, and flag true where it has
 * one). MPICH writes the cancelled bit alone for a completed send, by read-modify-write of the word
 * that also holds the high count bits (MPIR_STATUS_SET_CANCEL_BIT), and the count alone, keeping that
 * bit, for an MPI-IO status (MPIR_STATUS_SET_COUNT). Its marker therefore has the bit clear: a bit set
 * was written; a clear one with nothing else written is a send's "not cancelled" when the status was
 * delivered, and an untouched status otherwise. */
WI_INLINE struct wi_status_count_written wi_status_r_count(const R_MPI_Status *r, int delivered)
{
    struct wi_status_count_written w;
#if defined(R_STATUS_CODEC_LO_HI)
    uint32_t lo = (uint32_t)wi_status_get_int(r, R_STATUS_COUNT_LO);
    uint32_t hi = (uint32_t)wi_status_get_int(r, R_STATUS_COUNT_HI_AND_CANCELLED);
    w.count_written = lo != (uint32_t)WI_STATUS_UNSET_INT || (hi | 1u) != ((uint32_t)WI_STATUS_UNSET_HI | 1u);
    w.cancelled_written = w.count_written || (hi & 1u) || delivered;
    w.count = w.count_written ? (uint64_t)(hi >> 1) << 32 | lo : 0;
    w.cancelled = (int)(hi & 1u);
#else
    WI_R_STATUS_DECODE(r, &w.count, &w.cancelled);
    (void)delivered;
#if defined(R_STATUS_CODEC_UCOUNT)
    w.count_written = wi_status_get_int(r, R_STATUS_UCOUNT) != WI_STATUS_UNSET_INT
        || wi_status_get_int(r, R_STATUS_UCOUNT + 4) != WI_STATUS_UNSET_INT;
#else
    w.count_written = wi_status_get_int(r, R_STATUS_COUNT) != WI_STATUS_UNSET_INT
        || wi_status_get_int(r, R_STATUS_COUNT + 4) != WI_STATUS_UNSET_INT;
#endif
    w.cancelled_written = wi_status_get_int(r, R_STATUS_CANCELLED) != WI_STATUS_UNSET_INT;
#endif
    return w;
}

WI_INLINE void wi_status_r2a_delivered(const R_MPI_Status *r, A_MPI_Status *a, int delivered)
{
    /* Each application field is written when the runtime wrote its counterpart (wi_status_prepare).
     * MPI_SOURCE and MPI_TAG go through the branch-free mappers: a runtime may leave them undefined
     * in MPI-IO statuses. */
    int source = wi_status_get_int(r, R_STATUS_SOURCE);
    if (source != WI_STATUS_UNSET_INT)
        wi_status_set_int(a, A_STATUS_SOURCE, wi_rank_r2a_value(source));
    int tag = wi_status_get_int(r, R_STATUS_TAG);
    if (tag != WI_STATUS_UNSET_INT)
        wi_status_set_int(a, A_STATUS_TAG, wi_tag_r2a_value(tag));
    int error = wi_status_get_int(r, R_STATUS_ERROR);
    if (error != WI_STATUS_UNSET_INT)
        wi_status_set_int(a, A_STATUS_ERROR, wi_error_r2a(error));
    struct wi_status_count_written w = wi_status_r_count(r, delivered);
    if (WI_LIKELY(w.count_written && w.cancelled_written)) {
        WI_A_STATUS_ENCODE(a, w.count, w.cancelled);
    } else if (w.count_written || w.cancelled_written) {
        /* One of the two written: the other keeps the application's value (both sides store them
         * together in some layouts). */
        uint64_t a_count;
        int a_cancelled;
        WI_A_STATUS_DECODE(a, &a_count, &a_cancelled);
        WI_A_STATUS_ENCODE(a, w.count_written ? w.count : a_count, w.cancelled_written ? w.cancelled : a_cancelled);
    }
}

#endif /* !WI_IDENTITY */

#endif
