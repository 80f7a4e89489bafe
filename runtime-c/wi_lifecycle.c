/* Calls served outside the runtime's init-finalize interval (wi_lifecycle.h, docs/lifecycle.md). */
#include "wi_lifecycle.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "wi_convert.h"
#include "wi_r_functions.h"
#include "wi_tls.h"

int wi_lifecycle_state = WI_LIFECYCLE_UNKNOWN;

#if !WI_IDENTITY /* identity pairs pass every call through: the runtime is the application's MPI */

/* What each runtime refuses before MPI_Init and after MPI_Finalize (measured with
 * tests/lifecycle/probe.c: MPICH 4.0 aborts in MPI_Wtime and MPI_Wtick, Open MPI 4.1 in
 * MPI_Error_class and MPI_Error_string). A constant per pair: the compiler folds the comparison. */
static int wi_refuses(enum wi_lifecycle_fn fn)
{
    switch (fn) {
    case WI_LIFECYCLE_WTIME:
    case WI_LIFECYCLE_WTICK:
        return __builtin_strcmp(WI_TO_NAME, "mpich") == 0;
    case WI_LIFECYCLE_ERROR_CLASS:
    case WI_LIFECYCLE_ERROR_STRING:
    case WI_LIFECYCLE_INFO:
        return __builtin_strcmp(WI_TO_NAME, "openmpi") == 0;
    }
    return 0;
}

static pthread_mutex_t wi_lifecycle_lock = PTHREAD_MUTEX_INITIALIZER;

/* The served clock is CLOCK_REALTIME minus an epoch (whole seconds plus a fraction), fixed by the
 * first served MPI_Wtime (the start of the hour, as MPICH's MPI_Init fixes its own) or, at
 * MPI_Finalize, to continue the runtime's last values. */
static int wi_epoch_set;
static time_t wi_epoch_sec;
static double wi_epoch_frac;
/* Added to the runtime's MPI_Wtime after MPI_Init when it would go back from served values. */
static double wi_shift;

static double wi_served_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (double)(now.tv_sec - wi_epoch_sec) + (1e-9 * (double)now.tv_nsec - wi_epoch_frac);
}

static double wi_runtime_wtime(void)
{
    int saved = wi_in_w_enter();
    double t = R_PMPI_Wtime();
    wi_in_w_restore(saved);
    return t;
}

/* Called with the lock held, while the runtime is initialized: served values were given, so the
 * runtime's clock must not read earlier than they did (MPICH's epoch is the hour its MPI_Init
 * started, which may be later than the served one). */
static int wi_calibrate(void)
{
    if (!wi_epoch_set || !wi_refuses(WI_LIFECYCLE_WTIME))
        return WI_LIFECYCLE_ACTIVE;
    double served = wi_served_now(); /* read first: the runtime's reading is later */
    double shift = served - wi_runtime_wtime();
    if (fabs(shift) < 1e-3)
        return WI_LIFECYCLE_ACTIVE;
    wi_shift = shift;
    return WI_LIFECYCLE_SHIFTED;
}

/* The runtime's state while ours is unknown. */
static int wi_learn(void)
{
    int initialized = 0, finalized = 0;
    wi_runtime_ensure();
    int saved = wi_in_w_enter();
    R_PMPI_Initialized(&initialized);
    R_PMPI_Finalized(&finalized);
    wi_in_w_restore(saved);
    if (!initialized)
        return WI_LIFECYCLE_UNKNOWN;
    pthread_mutex_lock(&wi_lifecycle_lock);
    int state = __atomic_load_n(&wi_lifecycle_state, __ATOMIC_RELAXED);
    if (state == WI_LIFECYCLE_UNKNOWN) {
        state = finalized ? WI_LIFECYCLE_FINALIZED : wi_calibrate();
        __atomic_store_n(&wi_lifecycle_state, state, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&wi_lifecycle_lock);
    return state;
}

/* The state, learned from the runtime while unknown. */
static int wi_known_state(void)
{
    int state = __atomic_load_n(&wi_lifecycle_state, __ATOMIC_ACQUIRE);
    return state == WI_LIFECYCLE_UNKNOWN ? wi_learn() : state;
}

int wi_lifecycle_runtime_active(void)
{
    int state = wi_known_state();
    return state == WI_LIFECYCLE_ACTIVE || state == WI_LIFECYCLE_SHIFTED;
}

int wi_lifecycle_served(enum wi_lifecycle_fn fn)
{
    switch (wi_known_state()) {
    case WI_LIFECYCLE_ACTIVE:
        return 0;
    case WI_LIFECYCLE_SHIFTED:
        return fn == WI_LIFECYCLE_WTIME;
    default:
        return wi_refuses(fn);
    }
}

double wi_lifecycle_wtime(void)
{
    int state = __atomic_load_n(&wi_lifecycle_state, __ATOMIC_ACQUIRE);
    if (state == WI_LIFECYCLE_SHIFTED)
        return wi_runtime_wtime() + wi_shift;
    if (state == WI_LIFECYCLE_ACTIVE || !wi_refuses(WI_LIFECYCLE_WTIME))
        return wi_runtime_wtime();
    pthread_mutex_lock(&wi_lifecycle_lock);
    if (!wi_epoch_set) {
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        wi_epoch_sec = now.tv_sec - now.tv_sec % 3600;
        wi_epoch_frac = 0.0;
        wi_epoch_set = 1;
    }
    pthread_mutex_unlock(&wi_lifecycle_lock);
    return wi_served_now();
}

double wi_lifecycle_wtick(void)
{
    struct timespec res;
    if (clock_getres(CLOCK_REALTIME, &res) != 0)
        return 1e-6;
    return (double)res.tv_sec + 1e-9 * (double)res.tv_nsec;
}

void wi_lifecycle_finalizing(void)
{
    if (!wi_refuses(WI_LIFECYCLE_WTIME))
        return;
    int state = wi_known_state();
    if (state != WI_LIFECYCLE_ACTIVE && state != WI_LIFECYCLE_SHIFTED)
        return;
    /* The runtime's reading first: served values after MPI_Finalize start from it. */
    double last = wi_runtime_wtime() + (state == WI_LIFECYCLE_SHIFTED ? wi_shift : 0.0);
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    pthread_mutex_lock(&wi_lifecycle_lock);
    wi_epoch_sec = now.tv_sec;
    wi_epoch_frac = 1e-9 * (double)now.tv_nsec - last;
    wi_epoch_set = 1;
    pthread_mutex_unlock(&wi_lifecycle_lock);
}

void wi_lifecycle_finalized(void)
{
    __atomic_store_n(&wi_lifecycle_state, WI_LIFECYCLE_FINALIZED, __ATOMIC_RELEASE);
}

/* The predefined classes of the standard, with the name and a short sentence; the application's ABI
 * decides which exist and their values. */
struct wi_class_text {
    int code;
    const char *name, *text;
};

#define WI_CLASS(name, text) {A_##name, #name, text},
static const struct wi_class_text wi_class_texts[] = {
    WI_CLASS(MPI_SUCCESS, "no errors")
#ifdef A_MPI_ERR_BUFFER
    WI_CLASS(MPI_ERR_BUFFER, "invalid buffer pointer")
#endif
#ifdef A_MPI_ERR_COUNT
    WI_CLASS(MPI_ERR_COUNT, "invalid count argument")
#endif
#ifdef A_MPI_ERR_TYPE
    WI_CLASS(MPI_ERR_TYPE, "invalid datatype")
#endif
#ifdef A_MPI_ERR_TAG
    WI_CLASS(MPI_ERR_TAG, "invalid tag")
#endif
#ifdef A_MPI_ERR_COMM
    WI_CLASS(MPI_ERR_COMM, "invalid communicator")
#endif
#ifdef A_MPI_ERR_RANK
    WI_CLASS(MPI_ERR_RANK, "invalid rank")
#endif
#ifdef A_MPI_ERR_REQUEST
    WI_CLASS(MPI_ERR_REQUEST, "invalid request")
#endif
#ifdef A_MPI_ERR_ROOT
    WI_CLASS(MPI_ERR_ROOT, "invalid root")
#endif
#ifdef A_MPI_ERR_GROUP
    WI_CLASS(MPI_ERR_GROUP, "invalid group")
#endif
#ifdef A_MPI_ERR_OP
    WI_CLASS(MPI_ERR_OP, "invalid reduce operation")
#endif
#ifdef A_MPI_ERR_TOPOLOGY
    WI_CLASS(MPI_ERR_TOPOLOGY, "invalid communicator topology")
#endif
#ifdef A_MPI_ERR_DIMS
    WI_CLASS(MPI_ERR_DIMS, "invalid dimension argument")
#endif
#ifdef A_MPI_ERR_ARG
    WI_CLASS(MPI_ERR_ARG, "invalid argument of some other kind")
#endif
#ifdef A_MPI_ERR_UNKNOWN
    WI_CLASS(MPI_ERR_UNKNOWN, "unknown error")
#endif
#ifdef A_MPI_ERR_TRUNCATE
    WI_CLASS(MPI_ERR_TRUNCATE, "message truncated")
#endif
#ifdef A_MPI_ERR_OTHER
    WI_CLASS(MPI_ERR_OTHER, "known error not in this list")
#endif
#ifdef A_MPI_ERR_INTERN
    WI_CLASS(MPI_ERR_INTERN, "internal error")
#endif
#ifdef A_MPI_ERR_IN_STATUS
    WI_CLASS(MPI_ERR_IN_STATUS, "error code is in status")
#endif
#ifdef A_MPI_ERR_PENDING
    WI_CLASS(MPI_ERR_PENDING, "pending request")
#endif
#ifdef A_MPI_ERR_KEYVAL
    WI_CLASS(MPI_ERR_KEYVAL, "invalid keyval")
#endif
#ifdef A_MPI_ERR_NO_MEM
    WI_CLASS(MPI_ERR_NO_MEM, "out of memory")
#endif
#ifdef A_MPI_ERR_BASE
    WI_CLASS(MPI_ERR_BASE, "invalid base")
#endif
#ifdef A_MPI_ERR_INFO_KEY
    WI_CLASS(MPI_ERR_INFO_KEY, "info key longer than MPI_MAX_INFO_KEY")
#endif
#ifdef A_MPI_ERR_INFO_VALUE
    WI_CLASS(MPI_ERR_INFO_VALUE, "info value longer than MPI_MAX_INFO_VAL")
#endif
#ifdef A_MPI_ERR_INFO_NOKEY
    WI_CLASS(MPI_ERR_INFO_NOKEY, "no such info key")
#endif
#ifdef A_MPI_ERR_SPAWN
    WI_CLASS(MPI_ERR_SPAWN, "could not spawn processes")
#endif
#ifdef A_MPI_ERR_PORT
    WI_CLASS(MPI_ERR_PORT, "invalid port name")
#endif
#ifdef A_MPI_ERR_SERVICE
    WI_CLASS(MPI_ERR_SERVICE, "invalid service name")
#endif
#ifdef A_MPI_ERR_NAME
    WI_CLASS(MPI_ERR_NAME, "service name not published")
#endif
#ifdef A_MPI_ERR_WIN
    WI_CLASS(MPI_ERR_WIN, "invalid window")
#endif
#ifdef A_MPI_ERR_SIZE
    WI_CLASS(MPI_ERR_SIZE, "invalid size")
#endif
#ifdef A_MPI_ERR_DISP
    WI_CLASS(MPI_ERR_DISP, "invalid displacement")
#endif
#ifdef A_MPI_ERR_INFO
    WI_CLASS(MPI_ERR_INFO, "invalid info object")
#endif
#ifdef A_MPI_ERR_LOCKTYPE
    WI_CLASS(MPI_ERR_LOCKTYPE, "invalid lock type")
#endif
#ifdef A_MPI_ERR_ASSERT
    WI_CLASS(MPI_ERR_ASSERT, "invalid assertion")
#endif
#ifdef A_MPI_ERR_RMA_CONFLICT
    WI_CLASS(MPI_ERR_RMA_CONFLICT, "conflicting accesses to a window")
#endif
#ifdef A_MPI_ERR_RMA_SYNC
    WI_CLASS(MPI_ERR_RMA_SYNC, "wrong synchronization of RMA calls")
#endif
#ifdef A_MPI_ERR_RMA_RANGE
    WI_CLASS(MPI_ERR_RMA_RANGE, "target memory is not part of the window")
#endif
#ifdef A_MPI_ERR_RMA_ATTACH
    WI_CLASS(MPI_ERR_RMA_ATTACH, "memory cannot be attached")
#endif
#ifdef A_MPI_ERR_RMA_SHARED
    WI_CLASS(MPI_ERR_RMA_SHARED, "memory cannot be shared")
#endif
#ifdef A_MPI_ERR_RMA_FLAVOR
    WI_CLASS(MPI_ERR_RMA_FLAVOR, "the window has the wrong flavor")
#endif
#ifdef A_MPI_ERR_FILE
    WI_CLASS(MPI_ERR_FILE, "invalid file handle")
#endif
#ifdef A_MPI_ERR_NOT_SAME
    WI_CLASS(MPI_ERR_NOT_SAME, "collective argument not identical on all processes")
#endif
#ifdef A_MPI_ERR_AMODE
    WI_CLASS(MPI_ERR_AMODE, "invalid file access mode")
#endif
#ifdef A_MPI_ERR_UNSUPPORTED_DATAREP
    WI_CLASS(MPI_ERR_UNSUPPORTED_DATAREP, "unsupported data representation")
#endif
#ifdef A_MPI_ERR_UNSUPPORTED_OPERATION
    WI_CLASS(MPI_ERR_UNSUPPORTED_OPERATION, "unsupported operation")
#endif
#ifdef A_MPI_ERR_NO_SUCH_FILE
    WI_CLASS(MPI_ERR_NO_SUCH_FILE, "no such file")
#endif
#ifdef A_MPI_ERR_FILE_EXISTS
    WI_CLASS(MPI_ERR_FILE_EXISTS, "file exists")
#endif
#ifdef A_MPI_ERR_BAD_FILE
    WI_CLASS(MPI_ERR_BAD_FILE, "invalid file name")
#endif
#ifdef A_MPI_ERR_ACCESS
    WI_CLASS(MPI_ERR_ACCESS, "permission denied")
#endif
#ifdef A_MPI_ERR_NO_SPACE
    WI_CLASS(MPI_ERR_NO_SPACE, "no space left")
#endif
#ifdef A_MPI_ERR_QUOTA
    WI_CLASS(MPI_ERR_QUOTA, "quota exceeded")
#endif
#ifdef A_MPI_ERR_READ_ONLY
    WI_CLASS(MPI_ERR_READ_ONLY, "read-only file or file system")
#endif
#ifdef A_MPI_ERR_FILE_IN_USE
    WI_CLASS(MPI_ERR_FILE_IN_USE, "file in use")
#endif
#ifdef A_MPI_ERR_DUP_DATAREP
    WI_CLASS(MPI_ERR_DUP_DATAREP, "data representation already defined")
#endif
#ifdef A_MPI_ERR_CONVERSION
    WI_CLASS(MPI_ERR_CONVERSION, "error in a user data conversion function")
#endif
#ifdef A_MPI_ERR_IO
    WI_CLASS(MPI_ERR_IO, "input/output error")
#endif
#ifdef A_MPI_ERR_SESSION
    WI_CLASS(MPI_ERR_SESSION, "invalid session")
#endif
#ifdef A_MPI_ERR_PROC_ABORTED
    WI_CLASS(MPI_ERR_PROC_ABORTED, "a peer process has aborted")
#endif
#ifdef A_MPI_ERR_VALUE_TOO_LARGE
    WI_CLASS(MPI_ERR_VALUE_TOO_LARGE, "value too large to store")
#endif
#ifdef A_MPI_ERR_ERRHANDLER
    WI_CLASS(MPI_ERR_ERRHANDLER, "invalid error handler")
#endif
#ifdef A_MPI_ERR_ABI
    WI_CLASS(MPI_ERR_ABI, "the ABI is not supported")
#endif
};

static const struct wi_class_text *wi_class_text(int code)
{
    for (size_t i = 0; i < sizeof wi_class_texts / sizeof wi_class_texts[0]; i++)
        if (wi_class_texts[i].code == code)
            return &wi_class_texts[i];
    return NULL;
}

/* A predefined class of the application's ABI: a standard one, or one the runtime has too (the class
 * mapping knows it). No other code exists outside init. */
static int wi_predefined_class(int code)
{
    return wi_class_text(code) != NULL
           || (code > A_MPI_SUCCESS && code <= A_MPI_ERR_LASTCODE && wi_error_class_a2r(code) != R_MPI_ERR_UNKNOWN);
}

int wi_lifecycle_error_class(int errorcode, int *errorclass)
{
    if (!wi_predefined_class(errorcode))
        return A_MPI_ERR_ARG;
    *errorclass = errorcode;
    return A_MPI_SUCCESS;
}

int wi_lifecycle_error_string(int errorcode, char *string, int *resultlen)
{
    if (!wi_predefined_class(errorcode))
        return A_MPI_ERR_ARG;
    const struct wi_class_text *t = wi_class_text(errorcode);
    int n = t ? snprintf(string, A_MPI_MAX_ERROR_STRING, "%s: %s", t->name, t->text)
              : snprintf(string, A_MPI_MAX_ERROR_STRING, "error class %d", errorcode); /* MPICH's MPIX_ERR_* */
    *resultlen = n < A_MPI_MAX_ERROR_STRING ? n : A_MPI_MAX_ERROR_STRING - 1;
    return A_MPI_SUCCESS;
}

#endif
