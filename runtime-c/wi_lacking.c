/* Calls to functions the runtime lacks; see wi_lacking.h.
 *
 * One runtime error code per lacking function, created on its first call with
 * MPI_Add_error_code (class MPI_ERR_UNSUPPORTED_OPERATION) and MPI_Add_error_string, and recorded
 * as a user-defined code so that the application sees a code of its own whose class and string
 * translate back. Creating the code needs an initialized MPI: before MPI_Init or after
 * MPI_Finalize there is no error path, and the process stops with the same sentence. */
#include "wi_lacking.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wi_errors.h"
#include "wi_log.h"
#include "wi_r_functions.h"
#include "wi_tls.h"

#if !WI_IDENTITY

struct wi_lacking_code {
    const char *function; /* a string literal of the generated code: compared by address */
    int code;
};

static struct wi_lacking_code *wi_lacking_codes;
static int wi_lacking_count, wi_lacking_capacity;
static pthread_mutex_t wi_lacking_lock = PTHREAD_MUTEX_INITIALIZER;

/* "MPI_Isendrecv is not provided by the target MPI library (Open MPI v4.1.4, ...)": the first line
 * of the runtime's MPI_Get_library_version names it. */
static void wi_lacking_sentence(const char *function, char *text, size_t size)
{
    char version[R_MPI_MAX_LIBRARY_VERSION_STRING + 1] = "";
    int length = 0;
    if (R_PMPI_Get_library_version(version, &length) != R_MPI_SUCCESS)
        version[0] = '\0';
    version[strcspn(version, "\n")] = '\0';
    for (char *c = version; *c; c++)
        if (*c == '\t') /* MPICH: "MPICH Version:<tab>4.0.2" */
            *c = ' ';
    snprintf(text, size, "%s is not provided by the target MPI library (%s%s%s)", function, WI_TO_NAME,
             version[0] ? ": " : "", version);
}

static int wi_lacking_code_of(const char *function)
{
    pthread_mutex_lock(&wi_lacking_lock);
    for (int i = 0; i < wi_lacking_count; i++) {
        if (wi_lacking_codes[i].function == function) {
            int code = wi_lacking_codes[i].code;
            pthread_mutex_unlock(&wi_lacking_lock);
            return code;
        }
    }
    char text[R_MPI_MAX_ERROR_STRING];
    wi_lacking_sentence(function, text, sizeof text);
    int initialized = 0, finalized = 0;
    R_PMPI_Initialized(&initialized);
    R_PMPI_Finalized(&finalized);
    int code;
    if (!initialized || finalized)
        wi_fatal("%s; MPI is not initialized, so the error cannot be reported through an error handler", text);
    if (R_PMPI_Add_error_code(R_MPI_ERR_UNSUPPORTED_OPERATION, &code) != R_MPI_SUCCESS
        || R_PMPI_Add_error_string(code, text) != R_MPI_SUCCESS)
        wi_fatal("%s; creating an error code to report it failed", text);
    if (wi_lacking_count == wi_lacking_capacity) {
        int capacity = wi_lacking_capacity ? 2 * wi_lacking_capacity : 16;
        struct wi_lacking_code *codes = realloc(wi_lacking_codes, (size_t)capacity * sizeof *codes);
        if (codes == NULL)
            wi_fatal("%s; out of memory recording its error code", text);
        wi_lacking_codes = codes;
        wi_lacking_capacity = capacity;
    }
    wi_lacking_codes[wi_lacking_count++] = (struct wi_lacking_code){function, code};
    pthread_mutex_unlock(&wi_lacking_lock);
    wi_error_user_created(code);
    return code;
}

/* Error handlers that end the job print the runtime's own message, which cannot name the
 * function: say it first. */
static void wi_lacking_announce(const char *function, R_MPI_Errhandler handler)
{
    if (handler == R_MPI_ERRORS_ARE_FATAL) {
        char text[R_MPI_MAX_ERROR_STRING];
        wi_lacking_sentence(function, text, sizeof text);
        wi_message("%s", text);
    }
    R_PMPI_Errhandler_free(&handler);
}

/* wi_lacking_comm, wi_lacking_win, wi_lacking_file: the code is raised on the object's error
 * handler, as the runtime would raise its own errors. */
#define WI_LACKING_ON(kind, Type, Prefix)                                                          \
    int wi_lacking_##kind(const char *function, R_##Type object)                                  \
    {                                                                                              \
        int saved = wi_in_w_enter();                                                               \
        int code = wi_lacking_code_of(function);                                                   \
        R_MPI_Errhandler handler;                                                                  \
        if (R_PMPI_##Prefix##_get_errhandler(object, &handler) == R_MPI_SUCCESS)                   \
            wi_lacking_announce(function, handler);                                                \
        R_PMPI_##Prefix##_call_errhandler(object, code);                                           \
        wi_in_w_restore(saved);                                                                    \
        return code;                                                                               \
    }

WI_LACKING_ON(comm, MPI_Comm, Comm)
WI_LACKING_ON(win, MPI_Win, Win)
WI_LACKING_ON(file, MPI_File, File)

void wi_lacking_error_string(int r_code, char *string, int size, int *resultlen)
{
    const char *function = NULL;
    pthread_mutex_lock(&wi_lacking_lock);
    for (int i = 0; i < wi_lacking_count && function == NULL; i++)
        if (wi_lacking_codes[i].code == r_code)
            function = wi_lacking_codes[i].function;
    pthread_mutex_unlock(&wi_lacking_lock);
    if (function == NULL || size <= 0)
        return;
    char text[R_MPI_MAX_ERROR_STRING];
    wi_lacking_sentence(function, text, sizeof text);
    snprintf(string, (size_t)size, "%s", text);
    *resultlen = (int)strlen(string);
}

int wi_lacking_tool(const char *function)
{
    wi_debug("%s is not provided by the target MPI library (%s)", function, WI_TO_NAME);
#ifdef A_MPI_T_ERR_NOT_SUPPORTED
    return A_MPI_T_ERR_NOT_SUPPORTED;
#else
    return A_MPI_T_ERR_INVALID;
#endif
}

void wi_lacking_fatal(const char *function)
{
    wi_fatal("%s is not provided by the target MPI library (%s) and has no error code to report it with",
             function, WI_TO_NAME);
}

#endif
