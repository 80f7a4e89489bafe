/* Error handler trampolines; see wi_callbacks.h (reduction operations: wi_ops.c).
 *
 * Comm errhandlers do get the communicator, so one trampoline serves all:
 * it asks the runtime for the communicator's current errhandler and finds
 * the user function recorded for it.
 *
 * Window, file and session errhandlers work the same way, through the
 * object's own errhandler. */
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

/* Error handlers written in Fortran: handles are INTEGERs (mpi_f08: one-INTEGER types). */
typedef void (*wi_f_errhandler_fn)(A_MPI_Fint *object, int *code);
typedef void (*wi_a_comm_errhandler_fn)(A_MPI_Comm *comm, int *code, ...);
typedef void (*wi_a_win_errhandler_fn)(A_MPI_Win *win, int *code, ...);
typedef void (*wi_a_file_errhandler_fn)(A_MPI_File *file, int *code, ...);
#if WI_HAS_SESSIONS
typedef void (*wi_a_session_errhandler_fn)(A_MPI_Session *session, int *code, ...);
#endif

/* ---- communicator error handlers ---- */

struct wi_errhandler_record {
    wi_word r_errhandler;
    void *user_fn;
    int language; /* 0 C; WI_CALLBACK_FORTRAN: takes an INTEGER handle; WI_CALLBACK_CXX */
    UT_hash_handle hh;
};

static struct wi_errhandler_record *wi_comm_errhandlers;
static pthread_mutex_t wi_comm_errhandlers_lock = PTHREAD_MUTEX_INITIALIZER;

/* MPICH's C++ bindings call a C++ error handler through their dispatcher (wi_cxx_mpich.c). */
typedef void (*wi_cxx_err_call_fn)(int kind, int *handle, int *code, void (*user_fn)(void));
static void (*wi_cxx_err_call)(void);

/* Runs a C++ error handler on the application's handle of the object of the given kind. */
static void wi_cxx_errhandler_run(int kind, void *a_object, int *a_code, void *user_fn)
{
    wi_cxx_err_call_fn call = (wi_cxx_err_call_fn)__atomic_load_n(&wi_cxx_err_call, __ATOMIC_ACQUIRE);
    call(kind, (int *)a_object, a_code, (void (*)(void))user_fn);
}

int wi_callback_errhandler_set_cxx(wi_word r_errhandler, void (*err_call)(void))
{
    struct wi_errhandler_record *record;
    pthread_mutex_lock(&wi_comm_errhandlers_lock);
    HASH_FIND(hh, wi_comm_errhandlers, &r_errhandler, sizeof r_errhandler, record);
    if (record != NULL) {
        __atomic_store_n(&wi_cxx_err_call, err_call, __ATOMIC_RELEASE);
        record->language = WI_CALLBACK_CXX;
    }
    pthread_mutex_unlock(&wi_comm_errhandlers_lock);
    return record != NULL ? 0 : -1;
}

static void *wi_comm_errhandler_user_fn(wi_word r_errhandler, int *language)
{
    struct wi_errhandler_record *record;
    pthread_mutex_lock(&wi_comm_errhandlers_lock);
    HASH_FIND(hh, wi_comm_errhandlers, &r_errhandler, sizeof r_errhandler, record);
    void *user_fn = record != NULL ? record->user_fn : NULL;
    *language = record != NULL ? record->language : 0;
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
    int language;
    wi_a_comm_errhandler_fn user_fn = (wi_a_comm_errhandler_fn)wi_comm_errhandler_user_fn(key, &language);
    if (user_fn == NULL)
        wi_fatal("no application error handler is recorded for the runtime MPI_Errhandler "
                 "0x%" PRIxPTR " of a communicator",
                 key);

    /* The user gets a copy of the handle. The runtime returns the code the handler leaves
     * (MPICH and ROMIO do: a handler that sets MPI_SUCCESS makes the call succeed), so a code
     * the handler changed is written back. */
    A_MPI_Comm a_comm = wi_comm_r2a(*r_comm);
    int a_code = wi_error_r2a(*r_code), a_code_given = a_code;
    saved = wi_in_w_leave();
    if (language == WI_CALLBACK_CXX) {
        wi_cxx_errhandler_run(WI_CXX_KIND_COMM, &a_comm, &a_code, (void *)user_fn);
        wi_error_cxx_handled(*r_code);
    } else if (language) {
        A_MPI_Fint f_comm = wi_comm_a2f(a_comm);
        ((wi_f_errhandler_fn)(void *)user_fn)(&f_comm, &a_code);
    } else {
        user_fn(&a_comm, &a_code);
    }
    wi_in_w_restore(saved);
    if (a_code != a_code_given)
        *r_code = wi_error_a2r(a_code);
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
    record->language = wi_callback_fortran != 0 ? WI_CALLBACK_FORTRAN : 0;
    pthread_mutex_unlock(&wi_comm_errhandlers_lock);
}

/* Window and file errhandlers: the same steps as for communicators, through the object's own
 * errhandler query. */
#define WI_OBJECT_ERRHANDLER_TRAMPOLINE(kind, Type, cxx_kind)                                       \
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
        int language;                                                                              \
        wi_a_##kind##_errhandler_fn user_fn =                                                      \
            (wi_a_##kind##_errhandler_fn)wi_comm_errhandler_user_fn(key, &language);               \
        if (user_fn == NULL)                                                                       \
            wi_fatal("no application error handler is recorded for the runtime MPI_Errhandler "     \
                     "0x%" PRIxPTR " of a " #kind, key);                                           \
        A_##Type a_object = wi_##kind##_r2a(*r_object);                                            \
        int a_code = wi_error_r2a(*r_code), a_code_given = a_code;                                 \
        saved = wi_in_w_leave();                                                                   \
        if (language == WI_CALLBACK_CXX && cxx_kind >= 0) {                                        \
            wi_cxx_errhandler_run(cxx_kind, &a_object, &a_code, (void *)user_fn);                  \
            wi_error_cxx_handled(*r_code);                                                         \
        } else if (language) {                                                                     \
            A_MPI_Fint f_object = wi_##kind##_a2f(a_object);                                       \
            ((wi_f_errhandler_fn)(void *)user_fn)(&f_object, &a_code);                             \
        } else {                                                                                   \
            user_fn(&a_object, &a_code);                                                           \
        }                                                                                          \
        wi_in_w_restore(saved);                                                                    \
        if (a_code != a_code_given)                                                                \
            *r_code = wi_error_a2r(a_code);                                                        \
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

/* The last argument: the object kind MPICH's C++ dispatcher takes (sessions have no C++ binding). */
WI_OBJECT_ERRHANDLER_TRAMPOLINE(win, MPI_Win, WI_CXX_KIND_WIN)
WI_OBJECT_ERRHANDLER_TRAMPOLINE(file, MPI_File, WI_CXX_KIND_FILE)
#if WI_HAS_SESSIONS
WI_OBJECT_ERRHANDLER_TRAMPOLINE(session, MPI_Session, -1)
#endif

#else /* WI_IDENTITY: the runtime's handles are the application's */

void *wi_callback_comm_errhandler_a2r(void *user_fn)
{
    return user_fn;
}

int wi_callback_errhandler_set_cxx(wi_word r_errhandler, void (*err_call)(void))
{
    (void)r_errhandler, (void)err_call;
    return -1;
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

#if WI_HAS_SESSIONS
void *wi_callback_session_errhandler_a2r(void *user_fn)
{
    return user_fn;
}

void wi_callback_session_errhandler_created(void *user_fn, wi_word r_errhandler)
{
    (void)user_fn, (void)r_errhandler;
}
#endif

#endif
