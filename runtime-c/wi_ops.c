/* Reduction operation trampolines (MPI_Op_create, MPI_Op_create_c); see wi_callbacks.h.
 *
 * Reduction functions are called with no context argument, so each registered user function needs
 * its own compiled entry point: a pool of WI_OP_POOL_SIZE trampolines per form (int and MPI_Count
 * lengths), generated below by a preprocessor repetition, each reading its user function from its
 * slot (no executable memory is created at run time). A large-count user function reaching a
 * runtime without MPI_Op_create_c gets a third trampoline of its slot, of the int-length type. */
#include "wi_callbacks.h"

#include <pthread.h>
#include <stdlib.h>

#include "wi_convert.h"
#include "wi_log.h"
#include "wi_tls.h"

#define uthash_fatal(msg) wi_fatal("out of memory in a callback table (%s)", msg)
#include <uthash.h>

#if !WI_IDENTITY

typedef void (*wi_a_user_op_fn)(void *in, void *inout, int *len, A_MPI_Datatype *datatype);
typedef void (*wi_a_user_op_c_fn)(void *in, void *inout, A_MPI_Count *len, A_MPI_Datatype *datatype);
/* The same callbacks written in Fortran: handles are INTEGERs (mpi_f08: one-INTEGER types). */
typedef void (*wi_f_user_op_fn)(void *in, void *inout, int *len, A_MPI_Fint *datatype);
typedef void (*wi_r_user_op_fn)(void *in, void *inout, int *len, R_MPI_Datatype *datatype);
typedef void (*wi_r_user_op_c_fn)(void *in, void *inout, R_MPI_Count *len, R_MPI_Datatype *datatype);

struct wi_op_registration {
    void *user_fn;
    int slot;
    UT_hash_handle hh;
};

/* One pool of slots. user_fns and languages are written under lock before the slot's trampoline is
 * handed out (a language may change to C++ right after the op is created, before it is used), and
 * read by the trampolines without a lock. */
struct wi_op_pool {
    void *user_fns[WI_OP_POOL_SIZE];
    unsigned char languages[WI_OP_POOL_SIZE]; /* 0 C, WI_CALLBACK_FORTRAN, WI_CALLBACK_CXX */
    struct wi_op_registration registrations[WI_OP_POOL_SIZE];
    struct wi_op_registration *by_user_fn;
    int slots_used;
    pthread_mutex_t lock;
    const char *function; /* named when the pool is exhausted */
};

static struct wi_op_pool wi_op_pool = {.lock = PTHREAD_MUTEX_INITIALIZER, .function = "MPI_Op_create"};
static struct wi_op_pool wi_op_c_pool = {.lock = PTHREAD_MUTEX_INITIALIZER, .function = "MPI_Op_create_c"};

/* The slot of user_fn in the pool, taken at its first registration (same function, same slot). */
static int wi_op_pool_slot(struct wi_op_pool *pool, void *user_fn)
{
    struct wi_op_registration *registration;
    pthread_mutex_lock(&pool->lock);
    HASH_FIND_PTR(pool->by_user_fn, &user_fn, registration);
    if (registration == NULL) {
        if (pool->slots_used == WI_OP_POOL_SIZE) {
            pthread_mutex_unlock(&pool->lock);
            wi_fatal("too many user reduction functions: at most %d distinct functions can be passed to %s",
                     WI_OP_POOL_SIZE, pool->function);
        }
        registration = &pool->registrations[pool->slots_used];
        registration->user_fn = user_fn;
        registration->slot = pool->slots_used++;
        pool->languages[registration->slot] = (unsigned char)(wi_callback_fortran != 0 ? WI_CALLBACK_FORTRAN : 0);
        __atomic_store_n(&pool->user_fns[registration->slot], user_fn, __ATOMIC_RELEASE);
        HASH_ADD_PTR(pool->by_user_fn, user_fn, registration);
    }
    int slot = registration->slot;
    pthread_mutex_unlock(&pool->lock);
    return slot;
}

/* MPICH's C++ bindings call a C++ reduction function through their dispatcher (wi_cxx_mpich.c). */
typedef void (*wi_cxx_op_call_fn)(const void *in, void *inout, int len, A_MPI_Datatype datatype, void *user_fn);
static void (*wi_cxx_op_call)(void);

/* The slot of each runtime op created with a pooled user function: runtime op → slot. */
struct wi_op_created {
    wi_word r_op;
    int slot;
    UT_hash_handle hh;
};
static struct wi_op_created *wi_ops_created;

void wi_callback_op_created(void *user_fn, wi_word r_op)
{
    int slot = wi_op_pool_slot(&wi_op_pool, user_fn);
    pthread_mutex_lock(&wi_op_pool.lock);
    struct wi_op_created *created;
    HASH_FIND(hh, wi_ops_created, &r_op, sizeof r_op, created);
    if (created == NULL) {
        created = malloc(sizeof *created);
        if (created == NULL) {
            pthread_mutex_unlock(&wi_op_pool.lock);
            wi_fatal("out of memory recording a reduction operation");
        }
        created->r_op = r_op;
        HASH_ADD(hh, wi_ops_created, r_op, sizeof created->r_op, created);
    }
    created->slot = slot; /* a runtime op handle reused after MPI_Op_free gets its new function */
    pthread_mutex_unlock(&wi_op_pool.lock);
}

int wi_callback_op_set_cxx(wi_word r_op, void (*op_call)(void))
{
    pthread_mutex_lock(&wi_op_pool.lock);
    struct wi_op_created *created;
    HASH_FIND(hh, wi_ops_created, &r_op, sizeof r_op, created);
    if (created != NULL) {
        __atomic_store_n(&wi_cxx_op_call, op_call, __ATOMIC_RELEASE);
        __atomic_store_n(&wi_op_pool.languages[created->slot], (unsigned char)WI_CALLBACK_CXX, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&wi_op_pool.lock);
    return created != NULL ? 0 : -1;
}

static inline void wi_op_invoke(int slot, void *in, void *inout, int *len, R_MPI_Datatype *r_datatype)
{
    void *user_fn = __atomic_load_n(&wi_op_pool.user_fns[slot], __ATOMIC_ACQUIRE);
    A_MPI_Datatype a_datatype = wi_datatype_r2a(*r_datatype);
    unsigned char language = __atomic_load_n(&wi_op_pool.languages[slot], __ATOMIC_ACQUIRE);
    int saved = wi_in_w_leave();
    if (language == WI_CALLBACK_CXX) {
        wi_cxx_op_call_fn call = (wi_cxx_op_call_fn)__atomic_load_n(&wi_cxx_op_call, __ATOMIC_ACQUIRE);
        call(in, inout, *len, a_datatype, user_fn);
    } else if (language == WI_CALLBACK_FORTRAN) {
        A_MPI_Fint f_datatype = wi_datatype_a2f(a_datatype);
        ((wi_f_user_op_fn)user_fn)(in, inout, len, &f_datatype);
    } else {
        ((wi_a_user_op_fn)user_fn)(in, inout, len, &a_datatype);
    }
    wi_in_w_restore(saved);
}

/* A large-count user function, called with the length its runtime gave: an MPI_Count
 * (MPI_Op_create_c's trampolines) or an int (those of a runtime with MPI_Op_create only). Its
 * Fortran binding, mpi_f08's large-count form, is not wrapped. */
static inline void wi_op_c_invoke(int slot, void *in, void *inout, A_MPI_Count len, R_MPI_Datatype *r_datatype)
{
    void *user_fn = __atomic_load_n(&wi_op_c_pool.user_fns[slot], __ATOMIC_ACQUIRE);
    A_MPI_Datatype a_datatype = wi_datatype_r2a(*r_datatype);
    int saved = wi_in_w_leave();
    ((wi_a_user_op_c_fn)user_fn)(in, inout, &len, &a_datatype);
    wi_in_w_restore(saved);
}

/* 256 = 4^4: one repetition level per base-4 digit of the slot number. */
#define WI_REP_4(M, a, b, c) M(a, b, c, 0) M(a, b, c, 1) M(a, b, c, 2) M(a, b, c, 3)
#define WI_REP_16(M, a, b) WI_REP_4(M, a, b, 0) WI_REP_4(M, a, b, 1) WI_REP_4(M, a, b, 2) WI_REP_4(M, a, b, 3)
#define WI_REP_64(M, a) WI_REP_16(M, a, 0) WI_REP_16(M, a, 1) WI_REP_16(M, a, 2) WI_REP_16(M, a, 3)
#define WI_REP_256(M) WI_REP_64(M, 0) WI_REP_64(M, 1) WI_REP_64(M, 2) WI_REP_64(M, 3)

#define WI_OP_SLOT(a, b, c, d) ((a) * 64 + (b) * 16 + (c) * 4 + (d))

#define WI_OP_TRAMPOLINE_DEFINE(a, b, c, d)                                                        \
    static void wi_op_trampoline_##a##b##c##d(void *in, void *inout, int *len,                     \
                                              R_MPI_Datatype *datatype)                            \
    {                                                                                              \
        wi_op_invoke(WI_OP_SLOT(a, b, c, d), in, inout, len, datatype);                            \
    }                                                                                              \
    static void wi_op_c_trampoline_##a##b##c##d(void *in, void *inout, R_MPI_Count *len,           \
                                                R_MPI_Datatype *datatype)                          \
    {                                                                                              \
        wi_op_c_invoke(WI_OP_SLOT(a, b, c, d), in, inout, (A_MPI_Count)*len, datatype);            \
    }                                                                                              \
    static void wi_op_c_int_trampoline_##a##b##c##d(void *in, void *inout, int *len,               \
                                                    R_MPI_Datatype *datatype)                      \
    {                                                                                              \
        wi_op_c_invoke(WI_OP_SLOT(a, b, c, d), in, inout, (A_MPI_Count)*len, datatype);            \
    }
#define WI_OP_TRAMPOLINE_ADDRESS(a, b, c, d) wi_op_trampoline_##a##b##c##d,
#define WI_OP_C_TRAMPOLINE_ADDRESS(a, b, c, d) wi_op_c_trampoline_##a##b##c##d,
#define WI_OP_C_INT_TRAMPOLINE_ADDRESS(a, b, c, d) wi_op_c_int_trampoline_##a##b##c##d,

WI_REP_256(WI_OP_TRAMPOLINE_DEFINE)

static const wi_r_user_op_fn wi_op_trampolines[] = {WI_REP_256(WI_OP_TRAMPOLINE_ADDRESS)};
static const wi_r_user_op_c_fn wi_op_c_trampolines[] = {WI_REP_256(WI_OP_C_TRAMPOLINE_ADDRESS)};
static const wi_r_user_op_fn wi_op_c_int_trampolines[] = {WI_REP_256(WI_OP_C_INT_TRAMPOLINE_ADDRESS)};
_Static_assert(sizeof wi_op_trampolines / sizeof wi_op_trampolines[0] == WI_OP_POOL_SIZE,
               "one trampoline per pool slot");
_Static_assert(sizeof wi_op_c_trampolines / sizeof wi_op_c_trampolines[0] == WI_OP_POOL_SIZE,
               "one large-count trampoline per pool slot");
_Static_assert(sizeof wi_op_c_int_trampolines / sizeof wi_op_c_int_trampolines[0] == WI_OP_POOL_SIZE,
               "one int-length trampoline of a large-count function per pool slot");

void *wi_callback_op_a2r(void *user_fn)
{
    return user_fn == NULL ? NULL : (void *)wi_op_trampolines[wi_op_pool_slot(&wi_op_pool, user_fn)];
}

void *wi_callback_op_c_a2r(void *user_fn)
{
    return user_fn == NULL ? NULL : (void *)wi_op_c_trampolines[wi_op_pool_slot(&wi_op_c_pool, user_fn)];
}

void *wi_callback_op_c_int_a2r(void *user_fn)
{
    return user_fn == NULL ? NULL : (void *)wi_op_c_int_trampolines[wi_op_pool_slot(&wi_op_c_pool, user_fn)];
}

#else /* WI_IDENTITY: the runtime's handles are the application's */

void *wi_callback_op_a2r(void *user_fn)
{
    return user_fn;
}

void wi_callback_op_created(void *user_fn, wi_word r_op)
{
    (void)user_fn, (void)r_op;
}

int wi_callback_op_set_cxx(wi_word r_op, void (*op_call)(void))
{
    (void)r_op, (void)op_call;
    return -1;
}

void *wi_callback_op_c_a2r(void *user_fn)
{
    return user_fn;
}

void *wi_callback_op_c_int_a2r(void *user_fn)
{
    return user_fn;
}

#endif
