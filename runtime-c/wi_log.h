/* Diagnostics. Nothing is written to stdout; fatal messages and debug
 * traces go to stderr with the "wi4mpi: " prefix. */
#ifndef WI_LOG_H
#define WI_LOG_H

#include "wi_defs.h"

/* Verbosity from WI4MPI_VERBOSE (unset, empty or 0: quiet). Set before any
 * generated constructor runs. */
extern int wi_verbose WI_HIDDEN;

/* Prints "wi4mpi: <message>" on stderr and aborts the process. */
WI_HIDDEN WI_NORETURN WI_PRINTF(1, 2) void wi_fatal(const char *fmt, ...);

/* Prints "wi4mpi: <message>" on stderr, whatever the verbosity. */
WI_HIDDEN WI_PRINTF(1, 2) void wi_message(const char *fmt, ...);

/* Called by the stub of an MPI function the pair does not translate. */
WI_HIDDEN WI_NORETURN void wi_unsupported(const char *function_name);

/* Prints "wi4mpi: <message>" on stderr when wi_verbose is set. */
WI_HIDDEN WI_PRINTF(1, 2) void wi_debug_message(const char *fmt, ...);
#define wi_debug(...)                                                          \
    do {                                                                       \
        if (WI_UNLIKELY(wi_verbose))                                           \
            wi_debug_message(__VA_ARGS__);                                     \
    } while (0)

#endif
