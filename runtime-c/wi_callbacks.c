/* Callback trampolines; see wi_callbacks.h.
 *
 * Reduction functions are called with no context argument, so each
 * registered user function needs its own compiled entry point: a pool of
 * WI_OP_POOL_SIZE trampolines generated below by a preprocessor
 * repetition, each reading its user function from its slot (no executable
 * memory is created at run time).
 *
 * Comm errhandlers do get the communicator, so one trampoline serves all:
 * it asks the runtime for the communicator's current errhandler and finds
 * the user function recorded for it.
 *
 * Window and file errhandlers work the same way, through the window's or
 * the file's errhandler. Later work (same pattern): generalized requests,
 * datarep. */
#include "wi_callbacks.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>

#include "wi_convert.h"
#include "wi_errors.h"
#include "wi_log.h"
#include "wi_r_functions.h"
#include "wi_tls.h"

#define uthash_fatal(msg) wi_fatal("out of memory in a callback table (%s)", msg)
#include <uthash.h>

__thread int wi_callback_fortran;

#if !WI_IDENTITY

typedef void (*wi_a_user_op_fn)(void *in, void *inout, int *len, A_MPI_Datatype *datatype);
/* The same callbacks written in Fortran: handles are INTEGERs (mpi_f08: one-INTEGER types). */
typedef void (*wi_f_user_op_fn)(void *in, void *inout, int *len, A_MPI_Fint *datatype);
typedef void (*wi_f_errhandler_fn)(A_MPI_Fint *object, int *code);
typedef void (*wi_r_user_op_fn)(void *in, void *inout, int *len, R_MPI_Datatype *datatype);
typedef void (*wi_a_comm_errhandler_fn)(A_MPI_Comm *comm, int *code, ...);
typedef void (*wi_a_win_errhandler_fn)(A_MPI_Win *win, int *code, ...);
typedef void (*wi_a_file_errhandler_fn)(A_MPI_File *file, int *code, ...);

/* ---- reduction operations ---- */

/* Written once under wi_op_lock before the trampoline is handed out, read
 * by the trampolines without a lock. */
static wi_a_user_op_fn wi_op_user_fns[WI_OP_POOL_SIZE];
static unsigned char wi_op_is_fortran[WI_OP_POOL_SIZE];

struct wi_op_registration {
    void *user_fn;
    int slot;
    UT_hash_handle hh;
};

static struct wi_op_registration wi_op_registrations[WI_OP_POOL_SIZE];
static struct wi_op_registration *wi_op_by_user_fn;
static int wi_op_slots_used;
static pthread_mutex_t wi_op_lock = PTHREAD_MUTEX_INITIALIZER;

static inline void wi_op_invoke(int slot, void *in, void *inout, int *len, R_MPI_Datatype *r_datatype)
{
    wi_a_user_op_fn user_fn = __atomic_load_n(&wi_op_user_fns[slot], __ATOMIC_ACQUIRE);
    A_MPI_Datatype a_datatype = wi_datatype_r2a(*r_datatype);
    if (wi_op_is_fortran[slot]) {
        A_MPI_Fint f_datatype = wi_datatype_a2f(a_datatype);
        int saved = wi_in_w_leave();
        ((wi_f_user_op_fn)(void *)user_fn)(in, inout, len, &f_datatype);
        wi_in_w_restore(saved);
        return;
    }
    int saved = wi_in_w_leave();
    user_fn(in, inout, len, &a_datatype);
    wi_in_w_restore(saved);
}

/* 256 = 4^4: one repetition level per base-4 digit of the slot number. */
#define WI_REP_4(M, a, b, c) M(a, b, c, 0) M(a, b, c, 1) M(a, b, c, 2) M(a, b, c, 3)
#define WI_REP_16(M, a, b) WI_REP_4(M, a, b, 0) WI_REP_4(M, a, b, 1) WI_REP_4(M, a, b, 2) WI_REP_4(M, a, b, 3)
#define WI_REP_64(M, a) WI_REP_16(M, a, 0) WI_REP_16(M, a, 1) WI_REP_16(M, a, 2) WI_REP_16(M, a, 3)
#define WI_REP_256(M) WI_REP_64(M, 0) WI_REP_64(M, 1) WI_REP_64(M, 2) WI_REP_64(M, 3)

#define WI_OP_TRAMPOLINE_DEFINE(a, b, c, d)                                                        \
    static void wi_op_trampoline_##a##b##c##d(void *in, void *inout, int *len,                     \
                                              R_MPI_Datatype *datatype)                            \
    {                                                                                              \
        wi_op_invoke((a) * 64 + (b) * 16 + (c) * 4 + (d), in, inout, len, datatype);               \
    }
#define WI_OP_TRAMPOLINE_ADDRESS(a, b, c, d) wi_op_trampoline_##a##b##c##d,

WI_REP_256(WI_OP_TRAMPOLINE_DEFINE)

static const wi_r_user_op_fn wi_op_trampolines[] = {WI_REP_256(WI_OP_TRAMPOLINE_ADDRESS)};
_Static_assert(sizeof wi_op_trampolines / sizeof wi_op_trampolines[0] == WI_OP_POOL_SIZE,
               "one trampoline per pool slot");

void *wi_callback_op_a2r(void *user_fn)
{
    if (user_fn == NULL)
        return NULL;
    struct wi_op_registration *registration;
    pthread_mutex_lock(&wi_op_lock);
    HASH_FIND_PTR(wi_op_by_user_fn, &user_fn, registration);
    if (registration == NULL) {
        if (wi_op_slots_used == WI_OP_POOL_SIZE) {
            pthread_mutex_unlock(&wi_op_lock);
            wi_fatal("too many user reduction functions: at most %d distinct functions can be "
                     "passed to MPI_Op_create",
                     WI_OP_POOL_SIZE);
        }
        registration = &wi_op_registrations[wi_op_slots_used];
        registration->user_fn = user_fn;
        registration->slot = wi_op_slots_used++;
        wi_op_is_fortran[registration->slot] = (unsigned char)(wi_callback_fortran != 0);
        __atomic_store_n(&wi_op_user_fns[registration->slot], (wi_a_user_op_fn)user_fn,
                         __ATOMIC_RELEASE);
        HASH_ADD_PTR(wi_op_by_user_fn, user_fn, registration);
    }
    int slot = registration->slot;
    pthread_mutex_unlock(&wi_op_lock);
    return (void *)wi_op_trampolines[slot];
}

/* ---- communicator error handlers ---- */

struct wi_errhandler_record {
    wi_word r_errhandler;
    void *user_fn;
    int fortran; /* registered by a Fortran wrapper: the handler takes an INTEGER handle */
    UT_hash_handle hh;
};

static struct wi_errhandler_record *wi_comm_errhandlers;
static pthread_mutex_t wi_comm_errhandlers_lock = PTHREAD_MUTEX_INITIALIZER;

static void *wi_comm_errhandler_user_fn(wi_word r_errhandler, int *fortran)
{
    struct wi_errhandler_record *record;
    pthread_mutex_lock(&wi_comm_errhandlers_lock);
    HASH_FIND(hh, wi_comm_errhandlers, &r_errhandler, sizeof r_errhandler, record);
    void *user_fn = record != NULL ? record->user_fn : NULL;
    *fortran = record != NULL && record->fortran;
    pthread_mutex_unlock(&wi_comm_errhandlers_lock);
    return user_fn;
}

static void wi_comm_errhandler_trampoline(R_MPI_Comm *r_comm, int *r_code, ...)
{
    /* Which user function: the communicator's current errhandler.
     * MPI_Comm_get_errhandler adds a reference, dropped at once. */
    R_MPI_Errhandler r_errhandler;
    int saved = wi_in_w_enter();
    int rc = R_PMPI_Comm_get_errhandler(*r_comm, &r_errhandler);
    wi_word key = WI_WORD_OF(r_errhandler);
    if (rc == R_MPI_SUCCESS)
        R_PMPI_Errhandler_free(&r_errhandler);
    wi_in_w_restore(saved);
    if (rc != R_MPI_SUCCESS)
        wi_fatal("cannot get the error handler of the communicator whose error is being "
                 "reported (MPI_Comm_get_errhandler returned %d)",
                 rc);
    int fortran;
    wi_a_comm_errhandler_fn user_fn = (wi_a_comm_errhandler_fn)wi_comm_errhandler_user_fn(key, &fortran);
    if (user_fn == NULL)
        wi_fatal("no application error handler is recorded for the runtime MPI_Errhandler "
                 "0x%" PRIxPTR " of a communicator",
                 key);

    /* The user gets copies: changes it makes to them are not written back. */
    A_MPI_Comm a_comm = wi_comm_r2a(*r_comm);
    int a_code = wi_error_r2a(*r_code);
    if (fortran) {
        A_MPI_Fint f_comm = wi_comm_a2f(a_comm);
        saved = wi_in_w_leave();
        ((wi_f_errhandler_fn)(void *)user_fn)(&f_comm, &a_code);
        wi_in_w_restore(saved);
        return;
    }
    saved = wi_in_w_leave();
    user_fn(&a_comm, &a_code);
    wi_in_w_restore(saved);
}

void *wi_callback_comm_errhandler_a2r(void *user_fn)
{
    if (user_fn == NULL)
        return NULL;
    return (void *)wi_comm_errhandler_trampoline;
}

void wi_callback_comm_errhandler_created(void *user_fn, wi_word r_errhandler)
{
    struct wi_errhandler_record *record;
    pthread_mutex_lock(&wi_comm_errhandlers_lock);
    HASH_FIND(hh, wi_comm_errhandlers, &r_errhandler, sizeof r_errhandler, record);
    if (record == NULL) {
        record = malloc(sizeof *record);
        if (record == NULL) {
            pthread_mutex_unlock(&wi_comm_errhandlers_lock);
            wi_fatal("out of memory recording an error handler");
        }
        record->r_errhandler = r_errhandler;
        HASH_ADD(hh, wi_comm_errhandlers, r_errhandler, sizeof record->r_errhandler, record);
    }
    record->user_fn = user_fn;
    record->fortran = wi_callback_fortran != 0;
    pthread_mutex_unlock(&wi_comm_errhandlers_lock);
}

/* Window and file errhandlers: the same steps as for communicators, through the object's own
 * errhandler query. */
#define WI_OBJECT_ERRHANDLER_TRAMPOLINE(kind, Type)                                                 \
    static void wi_##kind##_errhandler_trampoline(R_##Type *r_object, int *r_code, ...)            \
    {                                                                                              \
        R_MPI_Errhandler r_errhandler;                                                             \
        int saved = wi_in_w_enter();                                                               \
        int rc = R_P##Type##_get_errhandler(*r_object, &r_errhandler);                             \
        wi_word key = WI_WORD_OF(r_errhandler);                                                    \
        if (rc == R_MPI_SUCCESS)                                                                   \
            R_PMPI_Errhandler_free(&r_errhandler);                                                 \
        wi_in_w_restore(saved);                                                                    \
        if (rc != R_MPI_SUCCESS)                                                                   \
            wi_fatal("cannot get the error handler of the " #kind " whose error is being reported"); \
        int fortran;                                                                               \
        wi_a_##kind##_errhandler_fn user_fn =                                                      \
            (wi_a_##kind##_errhandler_fn)wi_comm_errhandler_user_fn(key, &fortran);                \
        if (user_fn == NULL)                                                                       \
            wi_fatal("no application error handler is recorded for the runtime MPI_Errhandler "     \
                     "0x%" PRIxPTR " of a " #kind, key);                                           \
        A_##Type a_object = wi_##kind##_r2a(*r_object);                                            \
        int a_code = wi_error_r2a(*r_code);                                                        \
        if (fortran) {                                                                             \
            A_MPI_Fint f_object = wi_##kind##_a2f(a_object);                                       \
            saved = wi_in_w_leave();                                                               \
            ((wi_f_errhandler_fn)(void *)user_fn)(&f_object, &a_code);                             \
            wi_in_w_restore(saved);                                                                \
            return;                                                                                \
        }                                                                                          \
        saved = wi_in_w_leave();                                                                   \
        user_fn(&a_object, &a_code);                                                               \
        wi_in_w_restore(saved);                                                                    \
    }                                                                                              \
                                                                                                   \
    void *wi_callback_##kind##_errhandler_a2r(void *user_fn)                                       \
    {                                                                                              \
        return user_fn == NULL ? NULL : (void *)wi_##kind##_errhandler_trampoline;                 \
    }                                                                                              \
                                                                                                   \
    void wi_callback_##kind##_errhandler_created(void *user_fn, wi_word r_errhandler)             \
    {                                                                                              \
        wi_callback_comm_errhandler_created(user_fn, r_errhandler);                                \
    }

WI_OBJECT_ERRHANDLER_TRAMPOLINE(win, MPI_Win)
WI_OBJECT_ERRHANDLER_TRAMPOLINE(file, MPI_File)

#else /* WI_IDENTITY: the runtime's handles are the application's */

void *wi_callback_op_a2r(void *user_fn)
{
    return user_fn;
}

void *wi_callback_comm_errhandler_a2r(void *user_fn)
{
    return user_fn;
}

void wi_callback_comm_errhandler_created(void *user_fn, wi_word r_errhandler)
{
    (void)user_fn;
    (void)r_errhandler;
}

void *wi_callback_win_errhandler_a2r(void *user_fn)
{
    return user_fn;
}

void wi_callback_win_errhandler_created(void *user_fn, wi_word r_errhandler)
{
    (void)user_fn, (void)r_errhandler;
}

void *wi_callback_file_errhandler_a2r(void *user_fn)
{
    return user_fn;
}

void wi_callback_file_errhandler_created(void *user_fn, wi_word r_errhandler)
{
    (void)user_fn, (void)r_errhandler;
}

#endif
