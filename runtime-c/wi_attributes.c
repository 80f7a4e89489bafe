/* See wi_attributes.h. The runtime calls one trampoline per callback kind with the keyval, which
 * identifies the user function: no code is created at run time. */
#include "wi_attributes.h"

#include <inttypes.h>
#include <stdint.h>
#include <pthread.h>
#include <stdlib.h>

#include "wi_attribute_boxes.h"
#include "wi_callbacks.h"
#include "wi_convert.h"
#include "wi_errors.h"
#include "wi_log.h"
#include "wi_tls.h"

#define uthash_fatal(msg) wi_fatal("out of memory in the keyval table (%s)", msg)
#include <uthash.h>

#if !WI_IDENTITY

/* ---- keyvals: one record per runtime keyval (keyvals are unique across object kinds in both
 * families), holding the application's copy and delete functions. Every keyval gets the trampolines,
 * also for the predefined callbacks (recorded as the application's constants, which may be NULL):
 * attributes set from Fortran hold boxes (wi_attribute_boxes.h) whose references follow the copies
 * and deletes, so the runtime's own MPI_COMM_DUP_FN, which would share a box unseen, is not used. ---- */

struct wi_keyval_record {
    wi_word r_keyval;
    void *copy_fn;
    void *delete_fn;
    int copy_recorded, delete_recorded;
    int fortran; /* wi_callback_fortran when created: 1 Fortran (address-sized values), 2 MPI-1 Fortran (INTEGER);
                    WI_CALLBACK_CXX once MPICH's C++ bindings set proxies */
    void *cxx_copy_proxy, *cxx_delete_proxy; /* MPICH's C++ dispatchers (wi_cxx_mpich.c) */
    UT_hash_handle hh;
};

static struct wi_keyval_record *wi_keyvals;
static pthread_mutex_t wi_keyvals_lock = PTHREAD_MUTEX_INITIALIZER;

static struct wi_keyval_record *wi_keyval_record(wi_word r_keyval, int create)
{
    struct wi_keyval_record *record;
    HASH_FIND(hh, wi_keyvals, &r_keyval, sizeof r_keyval, record);
    if (record == NULL && create) {
        record = calloc(1, sizeof *record);
        if (record == NULL)
            wi_fatal("out of memory recording a keyval");
        record->r_keyval = r_keyval;
        HASH_ADD(hh, wi_keyvals, r_keyval, sizeof record->r_keyval, record);
    }
    return record;
}

static void *wi_keyval_function(int r_keyval, int copy, int *fortran, void **cxx_proxy)
{
    pthread_mutex_lock(&wi_keyvals_lock);
    struct wi_keyval_record *record = wi_keyval_record((wi_word)(uint32_t)r_keyval, 0);
    int recorded = record != NULL && (copy ? record->copy_recorded : record->delete_recorded);
    void *fn = recorded ? copy ? record->copy_fn : record->delete_fn : NULL;
    *fortran = record != NULL ? record->fortran : 0;
    *cxx_proxy = record != NULL ? copy ? record->cxx_copy_proxy : record->cxx_delete_proxy : NULL;
    pthread_mutex_unlock(&wi_keyvals_lock);
    if (!recorded)
        wi_fatal("no application %s function is recorded for the runtime keyval %d", copy ? "copy" : "delete",
                 r_keyval);
    return fn;
}

static void wi_keyval_record_function(wi_word r_keyval, void *user_fn, int copy)
{
    pthread_mutex_lock(&wi_keyvals_lock);
    struct wi_keyval_record *record = wi_keyval_record(r_keyval, 1);
    record->fortran = wi_callback_fortran;
    if (copy) {
        record->copy_fn = user_fn;
        record->copy_recorded = 1;
    } else {
        record->delete_fn = user_fn;
        record->delete_recorded = 1;
    }
    pthread_mutex_unlock(&wi_keyvals_lock);
}

int wi_keyval_set_cxx(wi_word r_keyval, void *copy_proxy, void *delete_proxy)
{
    pthread_mutex_lock(&wi_keyvals_lock);
    struct wi_keyval_record *record = wi_keyval_record(r_keyval, 0);
    if (record != NULL) {
        record->fortran = WI_CALLBACK_CXX;
        record->cxx_copy_proxy = copy_proxy;
        record->cxx_delete_proxy = delete_proxy;
    }
    pthread_mutex_unlock(&wi_keyvals_lock);
    return record != NULL ? 0 : -1;
}

/* MPICH's C++ dispatchers: the user function, the object as an int handle, the attribute as a
 * pointer (MPIR_ATTR_PTR, 0); they build the C++ object and call the user's C++ function. */
typedef int (*wi_cxx_copy_proxy_fn)(void *user_fn, int object, int keyval, void *extra_state, int attr_type,
                                    void *in, void *out, int *flag);
typedef int (*wi_cxx_delete_proxy_fn)(void *user_fn, int object, int keyval, int attr_type, void *value,
                                      void *extra_state);
#define WI_CXX_ATTR_PTR 0

/* Keyval callbacks written in Fortran (MPI_<KIND>_CREATE_KEYVAL from Fortran): every argument by
 * reference, values INTEGER(KIND=MPI_ADDRESS_KIND), the flag a LOGICAL, the result in ierror. */
typedef void (*wi_f_copy_fn)(A_MPI_Fint *object, int *keyval, int64_t *extra_state, int64_t *in,
                             int64_t *out, A_MPI_Fint *flag, A_MPI_Fint *ierror);
typedef void (*wi_f_delete_fn)(A_MPI_Fint *object, int *keyval, int64_t *value, int64_t *extra_state,
                               A_MPI_Fint *ierror);

/* The MPI-1 forms (MPI_KEYVAL_CREATE): values are INTEGERs. */
typedef void (*wi_f1_copy_fn)(A_MPI_Fint *object, int *keyval, A_MPI_Fint *extra_state, A_MPI_Fint *in,
                              A_MPI_Fint *out, A_MPI_Fint *flag, A_MPI_Fint *ierror);
typedef void (*wi_f1_delete_fn)(A_MPI_Fint *object, int *keyval, A_MPI_Fint *value, A_MPI_Fint *extra_state,
                                A_MPI_Fint *ierror);

/* The copy and delete trampolines of one object kind; they also run its predefined callbacks
 * (MPI_<KIND>_NULL_COPY_FN, MPI_<KIND>_DUP_FN, MPI_<KIND>_NULL_DELETE_FN), before any conversion. */
#define WI_ATTRIBUTE_CALLBACKS(kind, Type, NULL_COPY, DUP, NULL_DELETE)                              \
    typedef int (*wi_a_##kind##_copy_fn)(A_##Type, int, void *, void *, void *, int *);             \
    typedef int (*wi_a_##kind##_delete_fn)(A_##Type, int, void *, void *);                          \
                                                                                                     \
    static int wi_##kind##_copy_attr_trampoline(R_##Type r_object, int r_keyval, void *extra_state,  \
                                                void *in, void *out, int *flag)                      \
    {                                                                                                \
        int fortran;                                                                                 \
        void *cxx_proxy;                                                                             \
        void *fn = wi_keyval_function(r_keyval, 1, &fortran, &cxx_proxy);                            \
        if (fn == (void *)A_##NULL_COPY) {                                                           \
            *flag = 0;                                                                               \
            return R_MPI_SUCCESS;                                                                    \
        }                                                                                            \
        if (fn == (void *)A_##DUP) {                                                                 \
            *flag = 1;                                                                               \
            *(void **)out = in;                                                                      \
            wi_attribute_box_retain(in);                                                             \
            return R_MPI_SUCCESS;                                                                    \
        }                                                                                            \
        A_##Type a_object = wi_##kind##_r2a(r_object);                                               \
        int a_keyval = wi_keyval_r2a(r_keyval);                                                      \
        int rc;                                                                                      \
        if (fortran == WI_CALLBACK_FORTRAN_INTEGER) {                                                \
            /* MPI_KEYVAL_CREATE from Fortran: every value an INTEGER. */                            \
            A_MPI_Fint f_object = wi_##kind##_a2f(a_object), f_flag = 0, f_ierr = 0, f_out = 0;      \
            A_MPI_Fint f_extra = (A_MPI_Fint)(intptr_t)extra_state;                                  \
            A_MPI_Fint f_in = (A_MPI_Fint)wi_attribute_fortran_value(in);                            \
            int saved = wi_in_w_leave();                                                             \
            ((wi_f1_copy_fn)fn)(&f_object, &a_keyval, &f_extra, &f_in, &f_out, &f_flag, &f_ierr);    \
            wi_in_w_restore(saved);                                                                  \
            *flag = f_flag != 0 && f_ierr == A_MPI_SUCCESS;                                          \
            if (*flag) /* set from Fortran: C sees a pointer to it */                                \
                *(void **)out = wi_attribute_box(f_out);                                             \
            rc = f_ierr;                                                                             \
        } else if (fortran == WI_CALLBACK_FORTRAN) {                                                 \
            /* Fortran: handle and values as INTEGERs, flag a LOGICAL, the error code in ierror. */  \
            A_MPI_Fint f_object = wi_##kind##_a2f(a_object), f_flag = 0, f_ierr = 0;                 \
            int64_t f_extra = (int64_t)(intptr_t)extra_state, f_out = 0;                             \
            int64_t f_in = wi_attribute_fortran_value(in);                                           \
            int saved = wi_in_w_leave();                                                             \
            ((wi_f_copy_fn)fn)(&f_object, &a_keyval, &f_extra, &f_in, &f_out, &f_flag, &f_ierr);     \
            wi_in_w_restore(saved);                                                                  \
            *flag = f_flag != 0 && f_ierr == A_MPI_SUCCESS;                                          \
            if (*flag)                                                                               \
                *(void **)out = wi_attribute_box(f_out);                                             \
            rc = f_ierr;                                                                             \
        } else {                                                                                     \
            int saved = wi_in_w_leave();                                                             \
            if (fortran == WI_CALLBACK_CXX)                                                          \
                rc = ((wi_cxx_copy_proxy_fn)cxx_proxy)(fn, (int)(intptr_t)a_object, a_keyval,        \
                                                       extra_state, WI_CXX_ATTR_PTR, in, out, flag); \
            else                                                                                     \
                rc = ((wi_a_##kind##_copy_fn)fn)(a_object, a_keyval, extra_state, in, out, flag);    \
            wi_in_w_restore(saved);                                                                  \
            if (rc == A_MPI_SUCCESS && *flag) /* C may hand on the box it was given */               \
                wi_attribute_box_retain(*(void **)out);                                              \
        }                                                                                            \
        return wi_error_a2r(rc);                                                                     \
    }                                                                                                \
                                                                                                     \
    static int wi_##kind##_delete_attr_trampoline(R_##Type r_object, int r_keyval, void *value,      \
                                                  void *extra_state)                                 \
    {                                                                                                \
        int fortran;                                                                                 \
        void *cxx_proxy;                                                                             \
        void *fn = wi_keyval_function(r_keyval, 0, &fortran, &cxx_proxy);                            \
        if (fn == (void *)A_##NULL_DELETE) {                                                         \
            wi_attribute_box_release(value);                                                         \
            return R_MPI_SUCCESS;                                                                    \
        }                                                                                            \
        A_##Type a_object = wi_##kind##_r2a(r_object);                                               \
        int a_keyval = wi_keyval_r2a(r_keyval);                                                      \
        int rc;                                                                                      \
        if (fortran == WI_CALLBACK_FORTRAN_INTEGER) {                                                \
            A_MPI_Fint f_object = wi_##kind##_a2f(a_object), f_ierr = 0;                             \
            A_MPI_Fint f_value = (A_MPI_Fint)wi_attribute_fortran_value(value);                      \
            A_MPI_Fint f_extra = (A_MPI_Fint)(intptr_t)extra_state;                                  \
            int saved = wi_in_w_leave();                                                             \
            ((wi_f1_delete_fn)fn)(&f_object, &a_keyval, &f_value, &f_extra, &f_ierr);                \
            wi_in_w_restore(saved);                                                                  \
            rc = f_ierr;                                                                             \
        } else if (fortran == WI_CALLBACK_FORTRAN) {                                                 \
            A_MPI_Fint f_object = wi_##kind##_a2f(a_object), f_ierr = 0;                             \
            int64_t f_value = wi_attribute_fortran_value(value);                                     \
            int64_t f_extra = (int64_t)(intptr_t)extra_state;                                        \
            int saved = wi_in_w_leave();                                                             \
            ((wi_f_delete_fn)fn)(&f_object, &a_keyval, &f_value, &f_extra, &f_ierr);                 \
            wi_in_w_restore(saved);                                                                  \
            rc = f_ierr;                                                                             \
        } else {                                                                                     \
            int saved = wi_in_w_leave();                                                             \
            if (fortran == WI_CALLBACK_CXX)                                                          \
                rc = ((wi_cxx_delete_proxy_fn)cxx_proxy)(fn, (int)(intptr_t)a_object, a_keyval,      \
                                                         WI_CXX_ATTR_PTR, value, extra_state);       \
            else                                                                                     \
                rc = ((wi_a_##kind##_delete_fn)fn)(a_object, a_keyval, value, extra_state);          \
            wi_in_w_restore(saved);                                                                  \
        }                                                                                            \
        if (rc == A_MPI_SUCCESS) /* the attribute is gone (a failed delete keeps it) */              \
            wi_attribute_box_release(value);                                                         \
        return wi_error_a2r(rc);                                                                     \
    }                                                                                                \
                                                                                                     \
    void *wi_callback_##kind##_copy_attr_a2r(void *user_fn)                                          \
    {                                                                                                \
        (void)user_fn; /* the predefined ones too: see the keyval records */                        \
        return (void *)wi_##kind##_copy_attr_trampoline;                                             \
    }                                                                                                \
                                                                                                     \
    void *wi_callback_##kind##_delete_attr_a2r(void *user_fn)                                        \
    {                                                                                                \
        (void)user_fn;                                                                               \
        return (void *)wi_##kind##_delete_attr_trampoline;                                           \
    }                                                                                                \
                                                                                                     \
    void wi_callback_##kind##_copy_attr_created(void *user_fn, wi_word r_keyval)                     \
    {                                                                                                \
        wi_keyval_record_function(r_keyval, user_fn, 1);                                             \
    }                                                                                                \
                                                                                                     \
    void wi_callback_##kind##_delete_attr_created(void *user_fn, wi_word r_keyval)                   \
    {                                                                                                \
        wi_keyval_record_function(r_keyval, user_fn, 0);                                             \
    }

WI_ATTRIBUTE_CALLBACKS(comm, MPI_Comm, MPI_COMM_NULL_COPY_FN, MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN)
WI_ATTRIBUTE_CALLBACKS(datatype, MPI_Datatype, MPI_TYPE_NULL_COPY_FN, MPI_TYPE_DUP_FN, MPI_TYPE_NULL_DELETE_FN)
WI_ATTRIBUTE_CALLBACKS(win, MPI_Win, MPI_WIN_NULL_COPY_FN, MPI_WIN_DUP_FN, MPI_WIN_NULL_DELETE_FN)

/* The application's copies of the predefined attributes whose meaning differs, written once each. */
static int wi_host_value, wi_io_value, wi_last_used_value;

void wi_comm_attr_r2a(int r_keyval, void *attribute_val)
{
    int *slot;
    int value;
    if (r_keyval == R_MPI_HOST || r_keyval == R_MPI_IO) {
        slot = r_keyval == R_MPI_HOST ? &wi_host_value : &wi_io_value;
        value = wi_rank_r2a(**(int **)attribute_val);
    } else if (r_keyval == R_MPI_LASTUSEDCODE) {
        slot = &wi_last_used_value;
        value = wi_error_last_used();
    } else {
        return; /* TAG_UB, WTIME_IS_GLOBAL, APPNUM, UNIVERSE_SIZE...: plain numbers, user attributes */
    }
    __atomic_store_n(slot, value, __ATOMIC_RELAXED);
    *(int **)attribute_val = slot;
}

static int wi_win_model_value, wi_win_flavor_value;

void wi_win_attr_r2a(int r_keyval, void *attribute_val)
{
    int *slot;
    int v;
    if (r_keyval == R_MPI_WIN_MODEL) {
        slot = &wi_win_model_value;
        v = **(int **)attribute_val;
        v = v == R_MPI_WIN_UNIFIED ? A_MPI_WIN_UNIFIED : v == R_MPI_WIN_SEPARATE ? A_MPI_WIN_SEPARATE : v;
    } else if (r_keyval == R_MPI_WIN_CREATE_FLAVOR) {
        slot = &wi_win_flavor_value;
        v = **(int **)attribute_val;
        v = v == R_MPI_WIN_FLAVOR_CREATE     ? A_MPI_WIN_FLAVOR_CREATE
            : v == R_MPI_WIN_FLAVOR_ALLOCATE ? A_MPI_WIN_FLAVOR_ALLOCATE
            : v == R_MPI_WIN_FLAVOR_DYNAMIC  ? A_MPI_WIN_FLAVOR_DYNAMIC
            : v == R_MPI_WIN_FLAVOR_SHARED   ? A_MPI_WIN_FLAVOR_SHARED
                                             : v;
    } else {
        return; /* WIN_BASE, WIN_SIZE, WIN_DISP_UNIT: addresses and sizes, the same in both ABIs */
    }
    /* One process-wide copy per attribute: windows of one process can differ, so the value is
     * written per call; the pointer stays valid as MPI requires for predefined attributes. */
    __atomic_store_n(slot, v, __ATOMIC_RELAXED);
    *(int **)attribute_val = slot;
}

#else /* WI_IDENTITY: the runtime's functions, keyvals and values are the application's */

#define WI_ATTRIBUTE_PASSTHROUGH(kind)                                                               \
    void *wi_callback_##kind##_copy_attr_a2r(void *user_fn) { return user_fn; }                      \
    void *wi_callback_##kind##_delete_attr_a2r(void *user_fn) { return user_fn; }                    \
    void wi_callback_##kind##_copy_attr_created(void *user_fn, wi_word r_keyval)                     \
    {                                                                                                \
        (void)user_fn, (void)r_keyval;                                                               \
    }                                                                                                \
    void wi_callback_##kind##_delete_attr_created(void *user_fn, wi_word r_keyval)                   \
    {                                                                                                \
        (void)user_fn, (void)r_keyval;                                                               \
    }

WI_ATTRIBUTE_PASSTHROUGH(comm)
WI_ATTRIBUTE_PASSTHROUGH(datatype)
WI_ATTRIBUTE_PASSTHROUGH(win)

void wi_comm_attr_r2a(int r_keyval, void *attribute_val)
{
    (void)r_keyval, (void)attribute_val;
}

void wi_win_attr_r2a(int r_keyval, void *attribute_val)
{
    (void)r_keyval, (void)attribute_val;
}

int wi_keyval_set_cxx(wi_word r_keyval, void *copy_proxy, void *delete_proxy)
{
    (void)r_keyval, (void)copy_proxy, (void)delete_proxy;
    return -1;
}

#endif
