/* Callback trampolines: user reduction functions see application
 * datatypes with wi_in_w cleared and restored; one slot per distinct user
 * function, registration thread-safe, pool exhaustion fatal; a reduction
 * registered from Fortran gets the Fortran datatype handle; the comm
 * errhandler trampoline finds the user function through the runtime's
 * errhandler and passes application handles and codes. */
#include <pthread.h>
#include <string.h>

#include "wi_callbacks.h"
#include "wi_convert.h"
#include "wi_r_functions.h"
#include "wi_test.h"
#include "wi_tls.h"

typedef void (*r_op_fn)(void *, void *, int *, R_MPI_Datatype *);
typedef void (*r_comm_errhandler_fn)(R_MPI_Comm *, int *, ...);

static wi_word fake_r(enum wi_kind kind, uint32_t i)
{
    if (wi_r_is_pointer[kind])
        return (wi_word)0x7f5600000000 + 64 * (wi_word)i;
    return (wi_word)(0x84000000u + i);
}

/* ---- reduction operations ---- */

static A_MPI_Datatype seen_datatype;
static int seen_in_w = -1;

static void user_sum(void *in, void *inout, int *len, A_MPI_Datatype *datatype)
{
    seen_datatype = *datatype;
    seen_in_w = wi_in_w;
    for (int i = 0; i < *len; i++)
        ((int *)inout)[i] += ((int *)in)[i];
}

static void user_max(void *in, void *inout, int *len, A_MPI_Datatype *datatype)
{
    (void)datatype;
    seen_in_w = wi_in_w;
    for (int i = 0; i < *len; i++)
        if (((int *)in)[i] > ((int *)inout)[i])
            ((int *)inout)[i] = ((int *)in)[i];
}

static void test_op_trampoline(void)
{
    r_op_fn sum = (r_op_fn)wi_callback_op_a2r((void *)user_sum);
    r_op_fn max = (r_op_fn)wi_callback_op_a2r((void *)user_max);
    CHECK(sum != NULL && max != NULL && (void *)sum != (void *)user_sum);
    CHECK((void *)sum != (void *)max);
    CHECK((r_op_fn)wi_callback_op_a2r((void *)user_sum) == sum); /* same function, same slot */
    CHECK(wi_callback_op_a2r(NULL) == NULL);

    int in[3] = {1, 2, 3}, inout[3] = {10, 20, 30}, len = 3;
    R_MPI_Datatype r_int = R_MPI_INT;
    wi_in_w = 1; /* the runtime calls the op from inside a translated call */
    sum(in, inout, &len, &r_int);
    CHECK_EQ(wi_in_w, 1);
    CHECK_EQ(seen_in_w, 0);
    CHECK(seen_datatype == A_MPI_INT);
    CHECK(inout[0] == 11 && inout[1] == 22 && inout[2] == 33);

    /* A derived datatype: the user sees the application handle of it. */
    R_MPI_Datatype r_derived = (R_MPI_Datatype)(uintptr_t)fake_r(WI_KIND_DATATYPE, 8);
    A_MPI_Datatype a_derived = wi_datatype_r2a(r_derived);
    wi_in_w = 0;
    seen_in_w = -1;
    sum(in, inout, &len, &r_derived);
    CHECK_EQ(wi_in_w, 0);
    CHECK_EQ(seen_in_w, 0);
    CHECK(seen_datatype == a_derived);

    CHECK(inout[0] == 12 && inout[1] == 24 && inout[2] == 36);
    in[0] = 500;
    wi_in_w = 1;
    max(in, inout, &len, &r_int);
    CHECK_EQ(wi_in_w, 1);
    CHECK_EQ(seen_in_w, 0);
    CHECK(inout[0] == 500 && inout[1] == 24 && inout[2] == 36);
    wi_in_w = 0;
}

/* A reduction written in Fortran: the datatype arrives as the application's Fortran INTEGER. */
static A_MPI_Fint seen_fortran_datatype = -12345;

static void user_sum_fortran(void *in, void *inout, int *len, A_MPI_Fint *datatype)
{
    seen_fortran_datatype = *datatype;
    seen_in_w = wi_in_w;
    for (int i = 0; i < *len; i++)
        ((int *)inout)[i] += ((int *)in)[i];
}

static void test_fortran_op_trampoline(void)
{
    wi_callback_fortran = 1; /* as the Fortran MPI_Op_create wrapper does */
    r_op_fn sum = (r_op_fn)wi_callback_op_a2r((void *)user_sum_fortran);
    wi_callback_fortran = 0;
    CHECK(sum != NULL && (void *)sum != (void *)user_sum_fortran);
    int in[2] = {1, 2}, inout[2] = {10, 20}, len = 2;
    R_MPI_Datatype r_int = R_MPI_INT;
    wi_in_w = 1;
    sum(in, inout, &len, &r_int);
    CHECK_EQ(seen_in_w, 0);
    CHECK_EQ(wi_in_w, 1);
    CHECK_EQ(seen_fortran_datatype, wi_datatype_a2f(A_MPI_INT));
    CHECK(inout[0] == 11 && inout[1] == 22);
    /* A C function registered afterwards still gets C handles. */
    seen_datatype = (A_MPI_Datatype)0;
    r_op_fn c_sum = (r_op_fn)wi_callback_op_a2r((void *)user_sum);
    c_sum(in, inout, &len, &r_int);
    CHECK(seen_datatype == A_MPI_INT);
    wi_in_w = 0;
}

/* Distinct fake user functions (never called). */
static void *fake_user_fn(int i)
{
    return (void *)(uintptr_t)(0x10000 + 16 * i);
}

enum { N_THREADS = 4, N_SHARED_FNS = 16 };
static void *registered[N_THREADS][N_SHARED_FNS];

static void *register_shared(void *arg)
{
    int t = (int)(intptr_t)arg;
    for (int round = 0; round < 200; round++)
        for (int i = 0; i < N_SHARED_FNS; i++)
            registered[t][i] = wi_callback_op_a2r(fake_user_fn((i + t + round) % N_SHARED_FNS));
    for (int i = 0; i < N_SHARED_FNS; i++)
        registered[t][i] = wi_callback_op_a2r(fake_user_fn(i));
    return NULL;
}

static void test_concurrent_registration(void)
{
    pthread_t threads[N_THREADS];
    for (int t = 0; t < N_THREADS; t++)
        pthread_create(&threads[t], NULL, register_shared, (void *)(intptr_t)t);
    for (int t = 0; t < N_THREADS; t++)
        pthread_join(threads[t], NULL);
    for (int i = 0; i < N_SHARED_FNS; i++) {
        for (int t = 1; t < N_THREADS; t++)
            CHECK(registered[t][i] == registered[0][i]);
        for (int j = 0; j < i; j++)
            CHECK(registered[0][i] != registered[0][j]);
    }
}

static void register_one_more(void *unused)
{
    (void)unused;
    wi_callback_op_a2r(fake_user_fn(WI_OP_POOL_SIZE + 1000));
}

/* 3 + 16 slots are used; fill the rest, then one more must be fatal. */
static void test_pool_exhaustion(void)
{
    void *first = wi_callback_op_a2r(fake_user_fn(N_SHARED_FNS));
    void *last = first;
    for (int i = N_SHARED_FNS + 1; i < WI_OP_POOL_SIZE - 3; i++) {
        void *t = wi_callback_op_a2r(fake_user_fn(i));
        CHECK(t != last && t != first);
        last = t;
    }
    CHECK(wi_callback_op_a2r(fake_user_fn(N_SHARED_FNS)) == first);
    CHECK(wi_callback_op_a2r((void *)user_sum) != NULL); /* known functions still fine */
    wi_test_expect_fatal("op pool exhausted", register_one_more, NULL,
                         "at most 256 distinct functions can be passed to MPI_Op_create");
}

/* ---- large-count reductions (MPI_Op_create_c): a pool of their own ---- */

typedef void (*r_op_c_fn)(void *, void *, R_MPI_Count *, R_MPI_Datatype *);
static A_MPI_Count seen_count_c = -1;

static void user_sum_c(void *in, void *inout, A_MPI_Count *len, A_MPI_Datatype *datatype)
{
    seen_datatype = *datatype;
    seen_count_c = *len;
    seen_in_w = wi_in_w;
    for (A_MPI_Count i = 0; i < *len; i++)
        ((long long *)inout)[i] += ((long long *)in)[i];
}

static void test_op_c_trampoline(void)
{
    r_op_c_fn sum = (r_op_c_fn)wi_callback_op_c_a2r((void *)user_sum_c);
    CHECK(sum != NULL && (void *)sum != (void *)user_sum_c);
    CHECK((r_op_c_fn)wi_callback_op_c_a2r((void *)user_sum_c) == sum);
    CHECK(wi_callback_op_c_a2r(NULL) == NULL);
    /* The int pool is full by now: the large-count pool is another one. */
    CHECK((void *)sum != wi_callback_op_a2r((void *)user_sum));
    long long in[2] = {1, 2}, inout[2] = {10, 20};
    R_MPI_Count len = 2;
    R_MPI_Datatype r_int = R_MPI_INT;
    wi_in_w = 1;
    sum(in, inout, &len, &r_int);
    CHECK_EQ(wi_in_w, 1);
    CHECK_EQ(seen_in_w, 0);
    CHECK_EQ(seen_count_c, 2);
    CHECK(seen_datatype == A_MPI_INT);
    CHECK(inout[0] == 11 && inout[1] == 22);
    wi_in_w = 0;
}

/* The same function given to a runtime with MPI_Op_create only: an int-length trampoline of its own
 * that calls it with an MPI_Count length. */
static void test_op_c_int_trampoline(void)
{
    r_op_fn sum = (r_op_fn)wi_callback_op_c_int_a2r((void *)user_sum_c);
    CHECK(sum != NULL && (void *)sum != (void *)user_sum_c);
    CHECK((void *)sum != wi_callback_op_c_a2r((void *)user_sum_c));
    CHECK((r_op_fn)wi_callback_op_c_int_a2r((void *)user_sum_c) == sum);
    CHECK(wi_callback_op_c_int_a2r(NULL) == NULL);
    long long in[3] = {1, 2, 3}, inout[3] = {10, 20, 30};
    int len = 3;
    R_MPI_Datatype r_int = R_MPI_INT;
    seen_count_c = -1;
    wi_in_w = 1;
    sum(in, inout, &len, &r_int);
    CHECK_EQ(wi_in_w, 1);
    CHECK_EQ(seen_in_w, 0);
    CHECK_EQ(seen_count_c, 3);
    CHECK(seen_datatype == A_MPI_INT);
    CHECK(inout[2] == 33);
    wi_in_w = 0;
}

/* ---- comm errhandlers ---- */

static R_MPI_Errhandler current_errhandler; /* what the fake runtime reports */
static int errhandler_references;
static int in_w_in_runtime = -1;

static int fake_comm_get_errhandler(R_MPI_Comm comm, R_MPI_Errhandler *errhandler)
{
    (void)comm;
    in_w_in_runtime = wi_in_w;
    *errhandler = current_errhandler;
    errhandler_references++;
    return R_MPI_SUCCESS;
}

static int fake_errhandler_free(R_MPI_Errhandler *errhandler)
{
    errhandler_references--;
    *errhandler = R_MPI_ERRHANDLER_NULL;
    return R_MPI_SUCCESS;
}

static int fake_error_class(int code, int *error_class)
{
    *error_class = code & 0x7f;
    return R_MPI_SUCCESS;
}

static A_MPI_Comm errh_seen_comm;
static int errh_seen_code;
static int errh_seen_in_w = -1;
static int errh_calls;

static void user_errhandler(A_MPI_Comm *comm, int *code, ...)
{
    errh_seen_comm = *comm;
    errh_seen_code = *code;
    errh_seen_in_w = wi_in_w;
    errh_calls++;
    *comm = A_MPI_COMM_NULL; /* must not reach the runtime */
}

static void other_user_errhandler(A_MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    (void)code;
    errh_calls += 100;
}

static void raise_on_world(void *unused)
{
    (void)unused;
    r_comm_errhandler_fn trampoline =
        (r_comm_errhandler_fn)wi_callback_comm_errhandler_a2r((void *)user_errhandler);
    R_MPI_Comm comm = R_MPI_COMM_WORLD;
    int code = R_MPI_ERR_ARG;
    trampoline(&comm, &code);
}

static void test_comm_errhandler(void)
{
    R_PMPI_Comm_get_errhandler = fake_comm_get_errhandler;
    R_PMPI_Errhandler_free = fake_errhandler_free;
    R_PMPI_Error_class = fake_error_class;

    r_comm_errhandler_fn trampoline =
        (r_comm_errhandler_fn)wi_callback_comm_errhandler_a2r((void *)user_errhandler);
    CHECK(trampoline != NULL && (void *)trampoline != (void *)user_errhandler);
    R_MPI_Errhandler r_errhandler =
        (R_MPI_Errhandler)(uintptr_t)fake_r(WI_KIND_ERRHANDLER, 3);
    wi_callback_comm_errhandler_created((void *)user_errhandler, WI_WORD_OF(r_errhandler));
    current_errhandler = r_errhandler;

    R_MPI_Comm comm = R_MPI_COMM_WORLD;
    int code = R_MPI_ERR_REQUEST | 0x3100;
    wi_in_w = 1;
    trampoline(&comm, &code);
    CHECK_EQ(errh_calls, 1);
    CHECK(errh_seen_comm == A_MPI_COMM_WORLD);
    CHECK_EQ(errh_seen_code, A_MPI_ERR_REQUEST);
    CHECK_EQ(errh_seen_in_w, 0);
    CHECK_EQ(in_w_in_runtime, 1);
    CHECK_EQ(wi_in_w, 1);
    CHECK_EQ(errhandler_references, 0); /* the extra reference was freed */
    CHECK(comm == R_MPI_COMM_WORLD);    /* nothing written back */
    wi_in_w = 0;

    /* A communicator the application knows by a dynamic handle. */
    R_MPI_Comm r_dup = (R_MPI_Comm)(uintptr_t)fake_r(WI_KIND_COMM, 12);
    A_MPI_Comm a_dup = wi_comm_r2a(r_dup);
    code = R_MPI_SUCCESS;
    trampoline(&r_dup, &code);
    CHECK(errh_seen_comm == a_dup);
    CHECK_EQ(errh_seen_code, A_MPI_SUCCESS);
    CHECK_EQ(wi_in_w, 0);

    /* The runtime reused the errhandler value for a new user function. */
    wi_callback_comm_errhandler_created((void *)other_user_errhandler, WI_WORD_OF(r_errhandler));
    trampoline(&r_dup, &code);
    CHECK_EQ(errh_calls, 102);

    current_errhandler = (R_MPI_Errhandler)(uintptr_t)fake_r(WI_KIND_ERRHANDLER, 99);
    wi_test_expect_fatal("unknown errhandler", raise_on_world, NULL,
                         "no application error handler is recorded for the runtime MPI_Errhandler");
}

int main(void)
{
    wi_fixture_register_predefined();
    test_op_trampoline();
    test_fortran_op_trampoline();
    test_concurrent_registration();
    test_pool_exhaustion();
    test_op_c_trampoline();
    test_op_c_int_trampoline();
    test_comm_errhandler();
    return wi_test_finish("callbacks (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
