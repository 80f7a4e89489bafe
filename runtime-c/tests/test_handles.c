/* Handle tables: bijection under both representation policies, index
 * reuse, predefined handles, the predefined-value skip of int handles and
 * invalid handle detection. Built once per (non-identity) fixture pair. */
#include <stdlib.h>

#include "wi_convert.h"
#include "wi_test.h"

/* A plausible runtime handle value: MPICH-style ints with bit 31 set (so
 * sign extension would show), or aligned addresses. */
static wi_word fake_r(enum wi_kind kind, uint32_t i)
{
    if (wi_r_is_pointer[kind])
        return (wi_word)0x7f1200000000 + 64 * (wi_word)i;
    return (wi_word)(0x84000000u + i);
}

/* A runtime pointer far (more than 256 MiB) from every near base the tests fix: it needs an index. */
static wi_word far_r(enum wi_kind kind, uint32_t i)
{
    if (wi_r_is_pointer[kind])
        return (wi_word)0x100000000000 + 64 * (wi_word)i;
    return fake_r(kind, i);
}

static int uses_index_policy(enum wi_kind kind)
{
    return !wi_a_is_pointer[kind];
}

static wi_word index_handle(enum wi_kind kind, uint32_t index)
{
    return WI_HANDLE_INDEX_BASE | (wi_word)kind << WI_HANDLE_KIND_SHIFT | index;
}

static void test_predefined(void)
{
    CHECK_EQ(wi_comm_a2r(A_MPI_COMM_WORLD), R_MPI_COMM_WORLD);
    CHECK_EQ(wi_comm_r2a(R_MPI_COMM_WORLD), A_MPI_COMM_WORLD);
    CHECK_EQ(wi_comm_r2a(R_MPI_COMM_NULL), A_MPI_COMM_NULL);
    CHECK_EQ(wi_datatype_a2r(A_MPI_DOUBLE), R_MPI_DOUBLE);
    CHECK_EQ(wi_datatype_r2a(R_MPI_INT), A_MPI_INT);
    CHECK_EQ(wi_errhandler_r2a(R_MPI_ERRORS_RETURN), A_MPI_ERRORS_RETURN);
    CHECK_EQ(wi_op_a2r(A_MPI_SUM), R_MPI_SUM);
    CHECK_EQ(wi_request_r2a(R_MPI_REQUEST_NULL), A_MPI_REQUEST_NULL);
    CHECK_EQ(wi_file_a2r(A_MPI_FILE_NULL), R_MPI_FILE_NULL);
    CHECK_EQ(wi_file_r2a(R_MPI_FILE_NULL), A_MPI_FILE_NULL);
    /* Predefined handles are never forgotten. */
    wi_handle_forget(WI_KIND_COMM, WI_WORD_OF((A_MPI_Comm){A_MPI_COMM_WORLD}));
    CHECK_EQ(wi_comm_a2r(A_MPI_COMM_WORLD), R_MPI_COMM_WORLD);
}

enum { N_BIJECTION = 5000 };

static void test_bijection(enum wi_kind kind)
{
    static wi_word a[N_BIJECTION];
    for (uint32_t i = 0; i < N_BIJECTION; i++) {
        wi_word r = fake_r(kind, i);
        a[i] = wi_handle_r2a(kind, r);
        if (uses_index_policy(kind))
            CHECK_EQ(a[i] & ~(WI_HANDLE_INDEX_LIMIT - 1), index_handle(kind, 0));
        else
            CHECK_EQ(a[i], r | WI_HANDLE_POINTER_TAG);
    }
    for (uint32_t i = 0; i < N_BIJECTION; i++) {
        CHECK_EQ(wi_handle_a2r(kind, a[i]), fake_r(kind, i));
        CHECK_EQ(wi_handle_r2a(kind, fake_r(kind, i)), a[i]); /* same object, same handle */
        if (i > 0)
            CHECK(a[i] != a[i - 1]);
    }
    /* Each r2a above handed the object out once more: both references are forgotten. */
    for (uint32_t i = 0; i < N_BIJECTION; i++) {
        wi_handle_forget(kind, a[i]);
        wi_handle_forget(kind, a[i]);
    }
}

/* A runtime object handed out twice (Open MPI returns one shared request for every MPI_PROC_NULL
 * operation) stays live until both handles are completed. The same sequence covers a thread race:
 * thread 1 frees an object, thread 2 gets a new one at the same address before thread 1 forgets
 * its handle; thread 2's handle must survive thread 1's forget. */
static void test_shared_runtime_object(enum wi_kind kind)
{
    wi_word r = far_r(kind, 4242);
    wi_word first = wi_handle_r2a(kind, r);
    wi_word second = wi_handle_r2a(kind, r);
    CHECK_EQ(second, first);
    wi_handle_forget(kind, first);
    CHECK_EQ(wi_handle_a2r(kind, second), r); /* still live after the first completion */
    wi_handle_forget(kind, second);
    if (uses_index_policy(kind)) {
        wi_word next = wi_handle_r2a(kind, far_r(kind, 4243));
        CHECK_EQ(next, first); /* the slot was freed by the second completion and is reused */
        wi_handle_forget(kind, next);
    }
}

/* 100k create/forget cycles with up to 8 live handles: the index policy
 * must keep reusing the same few indices. */
static void test_index_reuse(enum wi_kind kind)
{
    wi_word live[8];
    wi_word highest = 0;
    for (uint32_t cycle = 0; cycle < 100000; cycle++) {
        int n = 1 + (int)(cycle % 8);
        for (int j = 0; j < n; j++) {
            wi_word r = far_r(kind, 1000000 + cycle * 8 + (uint32_t)j);
            live[j] = wi_handle_r2a(kind, r);
            if (wi_handle_a2r(kind, live[j]) != r) {
                CHECK(!"a2r(r2a(r)) != r");
                return;
            }
            if ((live[j] & (WI_HANDLE_INDEX_LIMIT - 1)) > highest)
                highest = live[j] & (WI_HANDLE_INDEX_LIMIT - 1);
        }
        for (int j = n - 1; j >= 0; j--)
            wi_handle_forget(kind, live[j]);
    }
    if (uses_index_policy(kind))
        CHECK(highest < 8); /* never more than 8 live: indices 0..7 reused */
}

/* Int application handles must never take a predefined application value. */
static void register_colliding_predefined(void)
{
    wi_handle_predefined(WI_KIND_GROUP, index_handle(WI_KIND_GROUP, 0), fake_r(WI_KIND_GROUP, 900));
    wi_handle_predefined(WI_KIND_GROUP, index_handle(WI_KIND_GROUP, 2), fake_r(WI_KIND_GROUP, 902));
}

static void test_predefined_skip(void)
{
    wi_word a1 = wi_handle_r2a(WI_KIND_GROUP, far_r(WI_KIND_GROUP, 1));
    wi_word a2 = wi_handle_r2a(WI_KIND_GROUP, far_r(WI_KIND_GROUP, 2));
    wi_word a3 = wi_handle_r2a(WI_KIND_GROUP, far_r(WI_KIND_GROUP, 3));
    CHECK_EQ(a1, index_handle(WI_KIND_GROUP, 1));
    CHECK_EQ(a2, index_handle(WI_KIND_GROUP, 3));
    CHECK_EQ(a3, index_handle(WI_KIND_GROUP, 4));
    CHECK_EQ(wi_handle_a2r(WI_KIND_GROUP, index_handle(WI_KIND_GROUP, 0)), fake_r(WI_KIND_GROUP, 900));
    CHECK_EQ(wi_handle_r2a(WI_KIND_GROUP, fake_r(WI_KIND_GROUP, 902)), index_handle(WI_KIND_GROUP, 2));
    wi_handle_forget(WI_KIND_GROUP, index_handle(WI_KIND_GROUP, 0)); /* no-op */
    CHECK_EQ(wi_handle_a2r(WI_KIND_GROUP, index_handle(WI_KIND_GROUP, 0)), fake_r(WI_KIND_GROUP, 900));
    wi_handle_forget(WI_KIND_GROUP, a1);
    wi_handle_forget(WI_KIND_GROUP, a2);
    wi_handle_forget(WI_KIND_GROUP, a3);
}

/* Runtime pointers near the first dynamic one are encoded in the int handle itself; far ones are
 * indexed; both kinds round-trip, and a near handle needs no forgetting. */
static void test_near_and_far(enum wi_kind kind)
{
    if (!uses_index_policy(kind) || !wi_r_is_pointer[kind])
        return;
    wi_word near_r = fake_r(kind, 5);
    wi_word near_a = wi_handle_r2a(kind, near_r);
    CHECK_EQ(near_a & ~(WI_HANDLE_NEAR - 1), wi_near_prefix(kind));
    CHECK_EQ(wi_handle_a2r(kind, near_a), near_r);
    CHECK_EQ(wi_handle_r2a(kind, near_r), near_a);
    wi_handle_forget(kind, near_a); /* a no-op: still valid */
    CHECK_EQ(wi_handle_a2r(kind, near_a), near_r);
    /* A neighbour 8 bytes further is the next near handle. */
    CHECK_EQ(wi_handle_r2a(kind, near_r + 8), near_a + 1);
    /* A misaligned neighbour cannot be near. */
    wi_word odd = wi_handle_r2a(kind, near_r + 4);
    CHECK_EQ(odd & ~(WI_HANDLE_NEAR - 1), index_handle(kind, 0));
    CHECK_EQ(wi_handle_a2r(kind, odd), near_r + 4);
    wi_handle_forget(kind, odd);
    wi_word far = wi_handle_r2a(kind, far_r(kind, 7));
    CHECK_EQ(far & ~(WI_HANDLE_NEAR - 1), index_handle(kind, 0));
    CHECK_EQ(wi_handle_a2r(kind, far), far_r(kind, 7));
    wi_handle_forget(kind, far);
}

/* A predefined application handle that is one of the library's objects carries its runtime value. */
static void test_predefined_object(void)
{
    if (!wi_a_is_pointer[WI_KIND_OP])
        return;
    static wi_word object[64];
    wi_word a = (wi_word)(uintptr_t)object;
    wi_word r = fake_r(WI_KIND_OP, 31);
    wi_handle_predefined_object(WI_KIND_OP, a, r);
    CHECK_EQ(object[0], a ^ WI_OBJECT_MAGIC);
    CHECK_EQ(object[1], r);
    CHECK_EQ(wi_handle_a2r(WI_KIND_OP, a), r);
    CHECK_EQ(wi_handle_r2a(WI_KIND_OP, r), a);
    /* Without the mark, the same address is still found through the map. */
    object[0] = 0;
    CHECK_EQ(wi_handle_a2r(WI_KIND_OP, a), r);
    object[0] = a ^ WI_OBJECT_MAGIC;
}

/* MPICH handles with bit 31 set survive the int <-> word casts. */
static void test_typed_round_trip(void)
{
    R_MPI_Comm r = (R_MPI_Comm)(uintptr_t)fake_r(WI_KIND_COMM, 77);
    A_MPI_Comm a = wi_comm_r2a(r);
    CHECK(wi_comm_a2r(a) == r);
    CHECK(wi_comm_r2a(r) == a);
    wi_handle_forget(WI_KIND_COMM, WI_WORD_OF(a));
}

static void a2r_unknown_comm(void *arg)
{
    wi_handle_a2r(WI_KIND_COMM, (wi_word)(uintptr_t)arg);
}

static void a2r_forgotten_comm(void *unused)
{
    (void)unused;
    wi_word a = wi_handle_r2a(WI_KIND_COMM, far_r(WI_KIND_COMM, 4242));
    wi_handle_forget(WI_KIND_COMM, a);
    wi_handle_a2r(WI_KIND_COMM, a);
}

static void forget_unknown_request(void *arg)
{
    wi_handle_forget(WI_KIND_REQUEST, (wi_word)(uintptr_t)arg);
}

static void test_invalid_handles(void)
{
    wi_test_expect_fatal("unknown comm", a2r_unknown_comm, (void *)0x12345,
                         "wi4mpi: invalid MPI_Comm handle 0x12345");
    wi_test_expect_fatal("null comm", a2r_unknown_comm, NULL, "invalid MPI_Comm handle 0x0");
    if (uses_index_policy(WI_KIND_COMM)) {
        wi_test_expect_fatal("forgotten comm", a2r_forgotten_comm, NULL, "invalid MPI_Comm handle 0x");
        wi_test_expect_fatal("other kind's handle", a2r_unknown_comm,
                             (void *)(uintptr_t)index_handle(WI_KIND_GROUP, 1),
                             "invalid MPI_Comm handle");
        wi_test_expect_fatal("forget unknown", forget_unknown_request,
                             (void *)(uintptr_t)index_handle(WI_KIND_REQUEST, 12345),
                             "invalid MPI_Request handle");
    } else {
        /* A tagged value whose runtime part cannot be an int handle. */
        wi_test_expect_fatal("bad tagged comm", a2r_unknown_comm,
                             (void *)(uintptr_t)(WI_HANDLE_POINTER_TAG | 0x100000000),
                             "invalid MPI_Comm handle 0x8000000100000000");
    }
}

int main(void)
{
    wi_fixture_register_predefined();
    /* The first dynamic handle of a kind fixes its near base: make it a fake_r pointer, so that
     * far_r pointers are far. */
    for (int k = 0; k < WI_KIND_COUNT; k++)
        if (uses_index_policy((enum wi_kind)k) && wi_r_is_pointer[k])
            (void)wi_handle_r2a((enum wi_kind)k, fake_r((enum wi_kind)k, 0));
    if (uses_index_policy(WI_KIND_GROUP))
        register_colliding_predefined();
    test_predefined();
    test_predefined_object();
    test_bijection(WI_KIND_COMM);
    test_bijection(WI_KIND_DATATYPE);
    test_bijection(WI_KIND_FILE);
    test_near_and_far(WI_KIND_COMM);
    test_shared_runtime_object(WI_KIND_REQUEST);
    test_index_reuse(WI_KIND_REQUEST);
    test_index_reuse(WI_KIND_FILE);
    if (uses_index_policy(WI_KIND_GROUP))
        test_predefined_skip();
    test_typed_round_trip();
    test_invalid_handles();
    return wi_test_finish("handles (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
