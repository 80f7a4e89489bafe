/* MPICH's C++ bindings through mpich→* cross pairs (wi_cxx_mpich.c). Besides the hooks that library
 * calls, MPI::ERRORS_THROW_EXCEPTIONS: an error handler value of MPICH's (MPIR_ERRORS_THROW_EXCEPTIONS,
 * outside the standard: not in the ABI descriptor) with which a call returns its error code and the
 * C++ bindings throw an MPI::Exception once MPI_*_get_errhandler says it is set. It becomes a runtime
 * error handler of wi4mpi's per object kind that does nothing (created on first use); the runtime
 * then returns the code and hands the handler on to duplicates. */
#ifndef WI_CXX_MPICH_H
#define WI_CXX_MPICH_H

#include "wi_abi.h"
#include "wi_defs.h"

#if WI_FROM_MPICH && !WI_IDENTITY

/* Whether a is MPI::ERRORS_THROW_EXCEPTIONS. */
WI_HIDDEN int wi_cxx_throw_exceptions(A_MPI_Errhandler a);

/* The runtime error handler to set for the application's a on an object of the kind MPICH's C++
 * dispatcher numbers (WI_CXX_KIND_* of wi_callbacks.h): the kind's throwing handler for
 * MPI::ERRORS_THROW_EXCEPTIONS, otherwise r (a converted as usual). */
WI_HIDDEN R_MPI_Errhandler wi_cxx_throw_a2r(A_MPI_Errhandler a, int kind, R_MPI_Errhandler r);

/* The application's value of the runtime error handler r an object has: MPI::ERRORS_THROW_EXCEPTIONS
 * for a throwing handler, otherwise a (r converted as usual). */
WI_HIDDEN A_MPI_Errhandler wi_cxx_throw_r2a(R_MPI_Errhandler r, A_MPI_Errhandler a);

/* At load time: MPI::ERRORS_THROW_EXCEPTIONS converts (as the runtime's MPI_ERRORS_RETURN) where
 * no hook replaces it. */
WI_HIDDEN void wi_cxx_register_predefined(void);

#else

static inline int wi_cxx_throw_exceptions(A_MPI_Errhandler a)
{
    (void)a;
    return 0;
}

#define wi_cxx_throw_a2r(a, kind, r) (r)
#define wi_cxx_throw_r2a(r, a) (a)

static inline void wi_cxx_register_predefined(void)
{
}

#endif
#endif
