/* See wi_attributes.h. The runtime calls one trampoline per callback kind with the keyval, which
 * identifies the user function: no code is created at run time. */
#include "wi_attributes.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>

#include "wi_convert.h"
#include "wi_errors.h"
#include "wi_log.h"
#include "wi_tls.h"

#define uthash_fatal(msg) wi_fatal("out of memory in the keyval table (%s)", msg)
#include <uthash.h>

#if !WI_IDENTITY

typedef int (*wi_a_copy_fn)(A_MPI_Comm, int, void *, void *, void *, int *);
typedef int (*wi_a_delete_fn)(A_MPI_Comm, int, void *, void *);

struct wi_keyval_record {
    wi_word r_keyval;
    void *copy_fn;
    void *delete_fn;
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

static void *wi_keyval_function(int r_keyval, int copy)
{
    pthread_mutex_lock(&wi_keyvals_lock);
    struct wi_keyval_record *record = wi_keyval_record((wi_word)(uint32_t)r_keyval, 0);
    void *fn = record == NULL ? NULL : copy ? record->copy_fn : record->delete_fn;
    pthread_mutex_unlock(&wi_keyvals_lock);
    if (fn == NULL)
        wi_fatal("no application %s function is recorded for the runtime keyval %d", copy ? "copy" : "delete",
                 r_keyval);
    return fn;
}

static int wi_comm_copy_attr_trampoline(R_MPI_Comm r_comm, int r_keyval, void *extra_state, void *in, void *out,
                                        int *flag)
{
    wi_a_copy_fn user_fn = (wi_a_copy_fn)wi_keyval_function(r_keyval, 1);
    A_MPI_Comm a_comm = wi_comm_r2a(r_comm);
    int a_keyval = wi_keyval_r2a(r_keyval);
    int saved = wi_in_w_leave();
    int rc = user_fn(a_comm, a_keyval, extra_state, in, out, flag);
    wi_in_w_restore(saved);
    return wi_error_a2r(rc);
}

static int wi_comm_delete_attr_trampoline(R_MPI_Comm r_comm, int r_keyval, void *value, void *extra_state)
{
    wi_a_delete_fn user_fn = (wi_a_delete_fn)wi_keyval_function(r_keyval, 0);
    A_MPI_Comm a_comm = wi_comm_r2a(r_comm);
    int a_keyval = wi_keyval_r2a(r_keyval);
    int saved = wi_in_w_leave();
    int rc = user_fn(a_comm, a_keyval, value, extra_state);
    wi_in_w_restore(saved);
    return wi_error_a2r(rc);
}

void *wi_callback_comm_copy_attr_a2r(void *user_fn)
{
    if (user_fn == (void *)A_MPI_COMM_NULL_COPY_FN)
        return (void *)R_MPI_COMM_NULL_COPY_FN;
    if (user_fn == (void *)A_MPI_COMM_DUP_FN)
        return (void *)R_MPI_COMM_DUP_FN;
    return (void *)wi_comm_copy_attr_trampoline;
}

void *wi_callback_comm_delete_attr_a2r(void *user_fn)
{
    if (user_fn == (void *)A_MPI_COMM_NULL_DELETE_FN)
        return (void *)R_MPI_COMM_NULL_DELETE_FN;
    return (void *)wi_comm_delete_attr_trampoline;
}

void wi_callback_comm_copy_attr_created(void *user_fn, wi_word r_keyval)
{
    pthread_mutex_lock(&wi_keyvals_lock);
    wi_keyval_record(r_keyval, 1)->copy_fn = user_fn;
    pthread_mutex_unlock(&wi_keyvals_lock);
}

void wi_callback_comm_delete_attr_created(void *user_fn, wi_word r_keyval)
{
    pthread_mutex_lock(&wi_keyvals_lock);
    wi_keyval_record(r_keyval, 1)->delete_fn = user_fn;
    pthread_mutex_unlock(&wi_keyvals_lock);
}

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

#else /* WI_IDENTITY: the runtime's functions, keyvals and values are the application's */

void *wi_callback_comm_copy_attr_a2r(void *user_fn)
{
    return user_fn;
}

void *wi_callback_comm_delete_attr_a2r(void *user_fn)
{
    return user_fn;
}

void wi_callback_comm_copy_attr_created(void *user_fn, wi_word r_keyval)
{
    (void)user_fn, (void)r_keyval;
}

void wi_callback_comm_delete_attr_created(void *user_fn, wi_word r_keyval)
{
    (void)user_fn, (void)r_keyval;
}

void wi_comm_attr_r2a(int r_keyval, void *attribute_val)
{
    (void)r_keyval, (void)attribute_val;
}

#endif
