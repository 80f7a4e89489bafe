/* What MPICH's C++ bindings library (libmpichcxx.so.12: the MPI:: classes, a layer over the C API)
 * calls besides the C API, for mpich→* cross pairs. bin/wi4mpi preloads the family's real library
 * when a program needs it (MPICH_CXX_LIB); its C calls reach the translation like the program's.
 *
 * A C++ user function (an MPI::User_function, an errhandler or attribute callback taking C++
 * objects) has no C signature: the library registers it through the C API, then marks the op,
 * errhandler or keyval as a C++ one and gives a dispatcher of its own, which MPICH calls with the C
 * arguments and the user function. The trampolines do the same with the application's handles.
 * MPI::ERRORS_THROW_EXCEPTIONS: see wi_cxx_mpich.h. */
#include "wi_cxx_mpich.h"

#if WI_FROM_MPICH && !WI_IDENTITY

#include <pthread.h>

#include "wi_attributes.h"
#include "wi_callbacks.h"
#include "wi_convert.h"
#include "wi_log.h"
#include "wi_r_functions.h"

#define WI_EXPORTED __attribute__((visibility("default")))

/* Called right after MPI_Op_create by MPI::Op::Init: calls of the op go through op_call. */
WI_EXPORTED void MPII_Op_set_cxx(A_MPI_Op op, void (*op_call)(void))
{
    R_MPI_Op r_op = wi_op_a2r(op);
    if (wi_callback_op_set_cxx(WI_WORD_OF(r_op), op_call) != 0)
        wi_fatal("MPII_Op_set_cxx: the MPI_Op 0x%x was not created with a user function", (unsigned)op);
}

/* Called right after MPI_*_create_errhandler by MPI::*::Create_errhandler. */
WI_EXPORTED void MPII_Errhandler_set_cxx(A_MPI_Errhandler errhandler, void (*err_call)(void))
{
    R_MPI_Errhandler r_errhandler = wi_errhandler_a2r(errhandler);
    if (wi_callback_errhandler_set_cxx(WI_WORD_OF(r_errhandler), err_call) != 0)
        wi_fatal("MPII_Errhandler_set_cxx: the MPI_Errhandler 0x%x was not created with a user function",
                 (unsigned)errhandler);
}

/* Called right after MPI_*_create_keyval by MPI::*::Create_keyval (communicator, datatype and
 * window keyvals alike). */
WI_EXPORTED void MPII_Keyval_set_proxy(int keyval, void *copy_proxy, void *delete_proxy)
{
    if (wi_keyval_set_cxx((wi_word)(uint32_t)wi_keyval_a2r(keyval), copy_proxy, delete_proxy) != 0)
        wi_fatal("MPII_Keyval_set_proxy: no callbacks are recorded for the keyval %d", keyval);
}

/* ---- MPI::ERRORS_THROW_EXCEPTIONS ---- */

/* MPIR_ERRORS_THROW_EXCEPTIONS in MPICH's mpi.h. */
#define WI_MPICH_ERRORS_THROW_EXCEPTIONS 0x54000002

/* The throwing handlers: the call that raised the error returns its code. */
static void wi_throw_comm(R_MPI_Comm *comm, int *code, ...)
{
    (void)comm, (void)code;
}

static void wi_throw_file(R_MPI_File *file, int *code, ...)
{
    (void)file, (void)code;
}

static void wi_throw_win(R_MPI_Win *win, int *code, ...)
{
    (void)win, (void)code;
}

/* Indexed by WI_CXX_KIND_*. */
static R_MPI_Errhandler wi_throw_handlers[3];
static int wi_throw_created[3];
static pthread_mutex_t wi_throw_lock = PTHREAD_MUTEX_INITIALIZER;

int wi_cxx_throw_exceptions(A_MPI_Errhandler a)
{
    return a == (A_MPI_Errhandler)WI_MPICH_ERRORS_THROW_EXCEPTIONS;
}

R_MPI_Errhandler wi_cxx_throw_a2r(A_MPI_Errhandler a, int kind, R_MPI_Errhandler r)
{
    if (!wi_cxx_throw_exceptions(a))
        return r;
    pthread_mutex_lock(&wi_throw_lock);
    if (!wi_throw_created[kind]) {
        /* (The runtime's function types are opaque here, as for the trampolines.) */
        int rc = kind == WI_CXX_KIND_COMM
                     ? R_PMPI_Comm_create_errhandler((R_MPI_Comm_errhandler_function *)(void (*)(void))wi_throw_comm,
                                                     &wi_throw_handlers[kind])
                 : kind == WI_CXX_KIND_FILE
                     ? R_PMPI_File_create_errhandler((R_MPI_File_errhandler_function *)(void (*)(void))wi_throw_file,
                                                     &wi_throw_handlers[kind])
                     : R_PMPI_Win_create_errhandler((R_MPI_Win_errhandler_function *)(void (*)(void))wi_throw_win,
                                                    &wi_throw_handlers[kind]);
        if (rc != R_MPI_SUCCESS) {
            pthread_mutex_unlock(&wi_throw_lock);
            wi_fatal("cannot create the runtime error handler standing for MPI::ERRORS_THROW_EXCEPTIONS (%d)", rc);
        }
        wi_throw_created[kind] = 1;
    }
    R_MPI_Errhandler throwing = wi_throw_handlers[kind];
    pthread_mutex_unlock(&wi_throw_lock);
    return throwing;
}

A_MPI_Errhandler wi_cxx_throw_r2a(R_MPI_Errhandler r, A_MPI_Errhandler a)
{
    pthread_mutex_lock(&wi_throw_lock);
    int throwing = 0;
    for (int kind = 0; kind < 3; kind++)
        throwing |= wi_throw_created[kind] && wi_throw_handlers[kind] == r;
    pthread_mutex_unlock(&wi_throw_lock);
    return throwing ? (A_MPI_Errhandler)WI_MPICH_ERRORS_THROW_EXCEPTIONS : a;
}

void wi_cxx_register_predefined(void)
{
    R_MPI_Errhandler errors_return = R_MPI_ERRORS_RETURN;
    wi_handle_predefined(WI_KIND_ERRHANDLER, (wi_word)(uint32_t)WI_MPICH_ERRORS_THROW_EXCEPTIONS,
                         WI_WORD_OF(errors_return));
}

#endif
