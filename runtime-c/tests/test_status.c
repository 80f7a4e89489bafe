/* Status conversion in both directions with both count codecs: byte
 * counts above 2^32, the cancelled bit, rank/tag/error mapping, and the
 * exact field layout each side expects. Identity pairs convert no status. */
#include <string.h>

#include "wi_convert.h"
#include "wi_errors.h"
#include "wi_r_functions.h"
#include "wi_status.h"
#include "wi_test.h"

#if !WI_IDENTITY

static void put_int(void *s, size_t offset, int v)
{
    memcpy((unsigned char *)s + offset, &v, sizeof v);
}

static int get_int(const void *s, size_t offset)
{
    int v;
    memcpy(&v, (const unsigned char *)s + offset, sizeof v);
    return v;
}

/* Reference codecs, written from the vendor definitions. */
#define UCOUNT_PUT(s, ucount_at, cancelled_at, count, cancelled)                                   \
    do {                                                                                           \
        size_t c_ = (size_t)(count);                                                               \
        memcpy((unsigned char *)(s) + (ucount_at), &c_, sizeof c_);                                \
        put_int(s, cancelled_at, cancelled);                                                       \
    } while (0)
#define LO_HI_PUT(s, lo_at, hi_at, count, cancelled)                                               \
    do {                                                                                           \
        put_int(s, lo_at, (int)(uint32_t)(count));                                                 \
        put_int(s, hi_at, (int)((uint32_t)((uint64_t)(count) >> 32) << 1 | (uint32_t)(cancelled)));\
    } while (0)

/* The standard ABI's MPI_internal as wi4mpi lays it out: a 64-bit count, the cancelled flag, zeros. */
#define INTERNAL_PUT(s, internal_at, count_at, cancelled_at, count, cancelled)                     \
    do {                                                                                           \
        uint64_t c_ = (uint64_t)(count);                                                           \
        memset((unsigned char *)(s) + (internal_at), 0, sizeof *(s) - (internal_at));              \
        memcpy((unsigned char *)(s) + (count_at), &c_, sizeof c_);                                 \
        put_int(s, cancelled_at, cancelled);                                                       \
    } while (0)

static void a_put_count(A_MPI_Status *s, uint64_t count, int cancelled)
{
#if defined(A_STATUS_CODEC_UCOUNT)
    UCOUNT_PUT(s, A_STATUS_UCOUNT, A_STATUS_CANCELLED, count, cancelled);
#elif defined(A_STATUS_CODEC_INTERNAL)
    INTERNAL_PUT(s, A_STATUS_INTERNAL, A_STATUS_COUNT, A_STATUS_CANCELLED, count, cancelled);
#else
    LO_HI_PUT(s, A_STATUS_COUNT_LO, A_STATUS_COUNT_HI_AND_CANCELLED, count, cancelled);
#endif
}

static void r_put_count(R_MPI_Status *s, uint64_t count, int cancelled)
{
#if defined(R_STATUS_CODEC_UCOUNT)
    UCOUNT_PUT(s, R_STATUS_UCOUNT, R_STATUS_CANCELLED, count, cancelled);
#else
    LO_HI_PUT(s, R_STATUS_COUNT_LO, R_STATUS_COUNT_HI_AND_CANCELLED, count, cancelled);
#endif
}

/* Checks the runtime status's raw count fields. */
static void r_check_count(const R_MPI_Status *s, uint64_t count, int cancelled)
{
#if defined(R_STATUS_CODEC_UCOUNT)
    size_t c;
    memcpy(&c, (const unsigned char *)s + R_STATUS_UCOUNT, sizeof c);
    CHECK_EQ(c, count);
    CHECK_EQ(get_int(s, R_STATUS_CANCELLED), cancelled);
#else
    CHECK_EQ((uint32_t)get_int(s, R_STATUS_COUNT_LO), (uint32_t)count);
    CHECK_EQ((uint32_t)get_int(s, R_STATUS_COUNT_HI_AND_CANCELLED),
             (uint32_t)(count >> 32) << 1 | (uint32_t)cancelled);
#endif
}

#endif

static int fake_error_class(int code, int *error_class)
{
    if (code < 0)
        return R_MPI_ERR_UNKNOWN;
    *error_class = code & 0x7f; /* MPICH keeps the class in the low bits */
    return R_MPI_SUCCESS;
}

#if !WI_IDENTITY

static void test_round_trip(uint64_t count, int cancelled, int source, int tag, int error)
{
    A_MPI_Status a, back;
    R_MPI_Status r;
    memset(&a, 0x5a, sizeof a);
    put_int(&a, A_STATUS_SOURCE, source);
    put_int(&a, A_STATUS_TAG, tag);
    put_int(&a, A_STATUS_ERROR, error);
    a_put_count(&a, count, cancelled);

    memset(&r, 0x77, sizeof r);
    wi_status_a2r_with_error(&a, &r);
    CHECK_EQ(get_int(&r, R_STATUS_SOURCE), wi_rank_a2r(source));
    CHECK_EQ(get_int(&r, R_STATUS_TAG), wi_tag_a2r(tag));
    CHECK_EQ(get_int(&r, R_STATUS_ERROR), wi_error_class_a2r(error));
    r_check_count(&r, count, cancelled);

    memset(&back, 0x33, sizeof back);
    wi_status_r2a_delivered(&r, &back, 1); /* a completed receive */
    CHECK_EQ(get_int(&back, A_STATUS_SOURCE), source);
    CHECK_EQ(get_int(&back, A_STATUS_TAG), tag);
    CHECK_EQ(get_int(&back, A_STATUS_ERROR), error);
    A_MPI_Status expected;
    memcpy(&expected, &back, sizeof expected);
    a_put_count(&expected, count, cancelled);
    CHECK(memcmp(&expected, &back, sizeof back) == 0); /* count fields exactly as encoded */
}

/* A status taken in by Get_count, Test_cancelled or Status_set_*: MPI_ERROR is neither read nor
 * translated (after a single-completion call it may never have been written), and converting the
 * runtime's status back leaves the application's MPI_ERROR as it was. */
static void test_input_status_keeps_error(int error)
{
    A_MPI_Status a;
    R_MPI_Status r;
    memset(&a, 0x5a, sizeof a);
    put_int(&a, A_STATUS_SOURCE, 2);
    put_int(&a, A_STATUS_TAG, 9);
    put_int(&a, A_STATUS_ERROR, error);
    a_put_count(&a, 24, 0);

    memset(&r, 0x77, sizeof r);
    wi_status_a2r(&a, &r);
    CHECK_EQ(get_int(&r, R_STATUS_ERROR), WI_STATUS_ERROR_UNSET);
    CHECK_EQ(get_int(&r, R_STATUS_SOURCE), wi_rank_a2r(2));
    r_check_count(&r, 24, 0);

    r_put_count(&r, 40, 1); /* what Status_set_elements and Status_set_cancelled change */
    wi_status_r2a_delivered(&r, &a, 1);
    CHECK_EQ(get_int(&a, A_STATUS_ERROR), error);
    CHECK_EQ(get_int(&a, A_STATUS_SOURCE), 2);
    CHECK_EQ(get_int(&a, A_STATUS_TAG), 9);
    A_MPI_Status expected;
    memcpy(&expected, &a, sizeof expected);
    a_put_count(&expected, 40, 1);
    CHECK(memcmp(&expected, &a, sizeof a) == 0);
}

/* A runtime instance code in MPI_ERROR reaches the application as its class. */
static void test_instance_code(void)
{
    R_MPI_Status r;
    A_MPI_Status a;
    memset(&r, 0, sizeof r);
    put_int(&r, R_STATUS_ERROR, R_MPI_ERR_REQUEST | 0x4d200); /* class in the low 7 bits */
    put_int(&r, R_STATUS_SOURCE, R_MPI_PROC_NULL);
    wi_status_r2a_delivered(&r, &a, 1);
    CHECK_EQ(get_int(&a, A_STATUS_ERROR), A_MPI_ERR_REQUEST);
    CHECK_EQ(get_int(&a, A_STATUS_SOURCE), A_MPI_PROC_NULL);
}

/* A status the runtime did not write (MPI_Iprobe with flag = false, a failed call) leaves the
 * application's status as it was, byte for byte; one whose count alone was written (an MPI-IO
 * status) changes the count and nothing else. */
static void test_unwritten_fields(void)
{
    R_MPI_Status r;
    A_MPI_Status a, before;
    memset(&a, 0x5a, sizeof a);
    memcpy(&before, &a, sizeof a);
    wi_status_prepare(&r);
    wi_status_r2a_delivered(&r, &a, 0);
    CHECK(memcmp(&a, &before, sizeof a) == 0);

    wi_status_prepare(&r);
    put_int(&r, R_STATUS_SOURCE, R_MPI_PROC_NULL);
    put_int(&r, R_STATUS_TAG, R_MPI_ANY_TAG);
    wi_status_r2a_delivered(&r, &a, 0);
    CHECK_EQ(get_int(&a, A_STATUS_SOURCE), A_MPI_PROC_NULL);
    CHECK_EQ(get_int(&a, A_STATUS_TAG), A_MPI_ANY_TAG);
    CHECK_EQ(get_int(&a, A_STATUS_ERROR), get_int(&before, A_STATUS_ERROR));

    memcpy(&a, &before, sizeof a);
    wi_status_prepare(&r);
    r_put_count(&r, 1000, 0);
    wi_status_r2a_delivered(&r, &a, 0);
    CHECK_EQ(get_int(&a, A_STATUS_SOURCE), get_int(&before, A_STATUS_SOURCE));
    CHECK_EQ(get_int(&a, A_STATUS_TAG), get_int(&before, A_STATUS_TAG));
    A_MPI_Status expected;
    memcpy(&expected, &before, sizeof expected);
    a_put_count(&expected, 1000, 0);
    CHECK(memcmp(&expected, &a, sizeof a) == 0);
}

#if defined(R_STATUS_CODEC_LO_HI)
/* MPICH's own macros on a status it did not fill otherwise: a completed send gets its cancelled bit
 * alone (read-modify-write), an MPI-IO status its count alone (keeping that bit). */
static void mpich_set_cancel_bit(R_MPI_Status *r, int cancelled)
{
    int hi = get_int(r, R_STATUS_COUNT_HI_AND_CANCELLED);
    put_int(r, R_STATUS_COUNT_HI_AND_CANCELLED, (hi & ~1) | cancelled);
}

static void mpich_set_count(R_MPI_Status *r, uint64_t count)
{
    int hi = get_int(r, R_STATUS_COUNT_HI_AND_CANCELLED);
    put_int(r, R_STATUS_COUNT_LO, (int)(uint32_t)count);
    put_int(r, R_STATUS_COUNT_HI_AND_CANCELLED, (int)((uint32_t)(count >> 32) << 1 | ((uint32_t)hi & 1u)));
}

static void test_mpich_partial_writes(void)
{
    A_MPI_Status a, before;
    R_MPI_Status r;
    memset(&before, 0x5a, sizeof before);
    a_put_count(&before, 77, 1); /* what the application had there: a cancelled bit set */

    for (int cancelled = 0; cancelled <= 1; cancelled++) { /* a completed send: the bit alone */
        a_put_count(&before, 77, !cancelled); /* the application had the other value there */
        memcpy(&a, &before, sizeof a);
        wi_status_prepare(&r);
        mpich_set_cancel_bit(&r, cancelled);
        wi_status_r2a_delivered(&r, &a, 1);
        A_MPI_Status expected;
        memcpy(&expected, &before, sizeof expected);
        a_put_count(&expected, 77, cancelled);
        CHECK(memcmp(&expected, &a, sizeof a) == 0);
    }

    memcpy(&a, &before, sizeof a); /* nothing written, nothing delivered (MPI_Iprobe, flag = false) */
    wi_status_prepare(&r);
    wi_status_r2a_delivered(&r, &a, 0);
    CHECK(memcmp(&before, &a, sizeof a) == 0);

    memcpy(&a, &before, sizeof a); /* an MPI-IO status: the count alone */
    wi_status_prepare(&r);
    mpich_set_count(&r, 0x100000010u);
    wi_status_r2a_delivered(&r, &a, 1);
    A_MPI_Status expected;
    memcpy(&expected, &before, sizeof expected);
    a_put_count(&expected, 0x100000010u, 0);
    CHECK(memcmp(&expected, &a, sizeof a) == 0);
}
#endif

static void run(void)
{
    static const uint64_t counts[] = {0, 17, 0xffffffffu, 0x100000000u, 0x123456789u,
                                      ((uint64_t)1 << 62) + 5};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        for (int cancelled = 0; cancelled <= 1; cancelled++) {
            test_round_trip(counts[i], cancelled, 3, 5, A_MPI_SUCCESS);
            test_round_trip(counts[i], cancelled, A_MPI_ANY_SOURCE, A_MPI_ANY_TAG,
                            A_MPI_ERR_REQUEST);
            test_round_trip(counts[i], cancelled, A_MPI_PROC_NULL, 1 << 20, A_MPI_ERR_IO);
        }
    test_instance_code();
    test_unwritten_fields();
#if defined(R_STATUS_CODEC_LO_HI)
    test_mpich_partial_writes();
#endif
    test_input_status_keeps_error(A_MPI_ERR_REQUEST);
    test_input_status_keeps_error(0x5a5a5a5a);
}

#else

/* Identity pairs pass statuses through, converting none; error codes keep their values. */
static void run(void)
{
    CHECK_EQ(wi_error_r2a(0x4d213), 0x4d213); /* instance codes kept as they are */
}

#endif

int main(void)
{
    wi_fixture_register_predefined();
    R_PMPI_Error_class = fake_error_class;
    run();
    return wi_test_finish("status (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
