/* Error code translation; see wi_errors.h.
 *
 * User-defined error classes and codes (MPI_Add_error_class/_code) are a
 * small table consulted before the predefined class mapping in both
 * directions: each runtime code the application created gets the next
 * application code above the application's MPI_ERR_LASTCODE. */
#include "wi_errors.h"

#include <pthread.h>
#include <stdlib.h>

#include "wi_convert.h"
#include "wi_log.h"
#include "wi_r_functions.h"
#include "wi_tls.h"

#if !WI_IDENTITY

struct wi_user_code {
    int application;
    int runtime;
};

/* Few entries (one per MPI_Add_error_class/_code call): a lock and a linear scan of this array
 * are enough, and keep the common paths (MPI_SUCCESS, predefined classes) free of any lookup. */
static struct wi_user_code *wi_user_codes;
static int wi_user_code_count, wi_user_code_capacity;
static int wi_user_codes_present; /* read without the lock: set once the first code exists */
static pthread_mutex_t wi_user_codes_lock = PTHREAD_MUTEX_INITIALIZER;

static int wi_user_code_find(int code, int by_runtime, int *other)
{
    if (!__atomic_load_n(&wi_user_codes_present, __ATOMIC_ACQUIRE))
        return 0;
    int found = 0;
    pthread_mutex_lock(&wi_user_codes_lock);
    for (int i = 0; i < wi_user_code_count && !found; i++) {
        const struct wi_user_code *u = &wi_user_codes[i];
        if ((by_runtime ? u->runtime : u->application) == code) {
            *other = by_runtime ? u->application : u->runtime;
            found = 1;
        }
    }
    pthread_mutex_unlock(&wi_user_codes_lock);
    return found;
}

int wi_error_user_created(int r_code)
{
    int a_code;
    if (wi_user_code_find(r_code, 1, &a_code))
        return a_code;
    pthread_mutex_lock(&wi_user_codes_lock);
    if (wi_user_code_count == wi_user_code_capacity) {
        int capacity = wi_user_code_capacity ? 2 * wi_user_code_capacity : 16;
        struct wi_user_code *codes = realloc(wi_user_codes, (size_t)capacity * sizeof *codes);
        if (codes == NULL) {
            pthread_mutex_unlock(&wi_user_codes_lock);
            wi_fatal("out of memory recording a user-defined error code");
        }
        wi_user_codes = codes;
        wi_user_code_capacity = capacity;
    }
    a_code = A_MPI_ERR_LASTCODE + 1 + wi_user_code_count;
    wi_user_codes[wi_user_code_count++] = (struct wi_user_code){a_code, r_code};
    __atomic_store_n(&wi_user_codes_present, 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&wi_user_codes_lock);
    return a_code;
}

int wi_error_last_used(void)
{
    pthread_mutex_lock(&wi_user_codes_lock);
    int last = A_MPI_ERR_LASTCODE + wi_user_code_count;
    pthread_mutex_unlock(&wi_user_codes_lock);
    return last;
}

/* The runtime code a C++ handler handled in this thread and no translation has met since, or 0. */
static __thread int wi_cxx_handled_code;

void wi_error_cxx_handled(int r_code)
{
    wi_cxx_handled_code = r_code;
}

void wi_error_cxx_handled_forget(void)
{
    wi_cxx_handled_code = R_MPI_SUCCESS;
}

int wi_error_r2a_failure(int r_code)
{
    if (WI_UNLIKELY(wi_cxx_handled_code != R_MPI_SUCCESS)) {
        int handled = wi_cxx_handled_code;
        wi_cxx_handled_code = R_MPI_SUCCESS;
        if (handled == r_code)
            return A_MPI_SUCCESS;
    }
    int a_code;
    if (wi_user_code_find(r_code, 1, &a_code))
        return a_code;
    int r_class;
    /* A direct call into the runtime library: anything it calls through
     * the exported MPI symbols must not be translated again. */
    int saved = wi_in_w_enter();
    int rc = R_PMPI_Error_class(r_code, &r_class);
    wi_in_w_restore(saved);
    if (rc != R_MPI_SUCCESS)
        return A_MPI_ERR_UNKNOWN; /* R_MPI_ERR_UNKNOWN's counterpart */
    if (wi_user_code_find(r_class, 1, &a_code))
        return a_code; /* an instance of a user-defined class */
    return wi_error_class_r2a(r_class);
}

int wi_error_class_lacking(int a_code)
{
    return a_code > A_MPI_SUCCESS && a_code <= A_MPI_ERR_LASTCODE && a_code != A_MPI_ERR_UNKNOWN
           && wi_error_class_a2r(a_code) == R_MPI_ERR_UNKNOWN;
}

int wi_error_a2r_failure(int a_code)
{
    int r_code;
    if (wi_user_code_find(a_code, 0, &r_code))
        return r_code;
    return wi_error_class_a2r(a_code);
}

#else /* identity pairs keep the runtime's codes and their details */

int wi_error_user_created(int r_code)
{
    return r_code;
}

#endif
