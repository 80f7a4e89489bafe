/* Requests made of several runtime requests; see wi_composite.h.
 *
 * A record lives from wi_composite_start until both the runtime has freed its generalized request
 * (the free callback) and its parts have completed: after MPI_Request_free of an incomplete composite
 * the parts go on as orphans, tested by later completion calls, so that the buffer they use is freed
 * only once they no longer need it. Records are found by their generalized request (uthash, locked);
 * the fields of a record are used by the thread completing its request, which MPI allows only one
 * thread at a time to do. */
#include "wi_composite.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <uthash.h>

#include "wi_log.h"
#include "wi_r_functions.h"
#include "wi_status.h"

#if !WI_IDENTITY /* identity pairs lack nothing: no emulated operation makes composites there */

struct wi_composite {
    R_MPI_Request request; /* the runtime's generalized request: the key */
    R_MPI_Request parts[WI_COMPOSITE_MAX_PARTS];
    int nparts;
    int done;     /* the parts completed and the generalized request was completed */
    int released; /* the runtime freed the generalized request */
    int finished; /* an orphan's parts completed */
    int error;    /* the runtime's code of the first part that failed */
    R_MPI_Status status; /* the first part's */
    void *buffer;
    UT_hash_handle hh;
    struct wi_composite *next_orphan;
};

int wi_composite_count WI_HIDDEN = 0;
static struct wi_composite *wi_composite_table;
static struct wi_composite *wi_composite_orphans;
static pthread_mutex_t wi_composite_lock = PTHREAD_MUTEX_INITIALIZER;

static void wi_composite_destroy(struct wi_composite *c)
{
    free(c->buffer);
    free(c);
    __atomic_sub_fetch(&wi_composite_count, 1, __ATOMIC_RELEASE);
}

/* The generalized request's callbacks, called by the runtime (never by the application). */
static int wi_composite_query(void *state, R_MPI_Status *status)
{
    struct wi_composite *c = state;
    if (status != R_MPI_STATUS_IGNORE)
        *status = c->status;
    return c->error;
}

static int wi_composite_free(void *state)
{
    struct wi_composite *c = state;
    pthread_mutex_lock(&wi_composite_lock);
    HASH_DEL(wi_composite_table, c);
    c->released = 1;
    /* abandoned with parts still running: the reaper frees the record when they complete */
    int last = c->done || c->finished;
    pthread_mutex_unlock(&wi_composite_lock);
    if (last)
        wi_composite_destroy(c);
    return R_MPI_SUCCESS;
}

static int wi_composite_cancel(void *state, int complete)
{
    struct wi_composite *c = state;
    if (!complete)
        for (int i = 0; i < c->nparts; i++)
            if (c->parts[i] != R_MPI_REQUEST_NULL)
                R_PMPI_Cancel(&c->parts[i]);
    return R_MPI_SUCCESS;
}

int wi_composite_start(const R_MPI_Request *parts, int nparts, void *buffer, R_MPI_Request *request)
{
    if (nparts > WI_COMPOSITE_MAX_PARTS)
        wi_fatal("a request made of %d runtime requests (at most %d)", nparts, WI_COMPOSITE_MAX_PARTS);
    struct wi_composite *c = calloc(1, sizeof *c);
    if (c == NULL)
        wi_fatal("out of memory recording a request made of %d runtime requests", nparts);
    for (int i = 0; i < nparts; i++)
        c->parts[i] = parts[i];
    c->nparts = nparts;
    c->buffer = buffer;
    c->error = R_MPI_SUCCESS;
    __atomic_add_fetch(&wi_composite_count, 1, __ATOMIC_RELEASE);
    int rc = R_PMPI_Grequest_start((R_MPI_Grequest_query_function *)(void *)wi_composite_query,
                                   (R_MPI_Grequest_free_function *)(void *)wi_composite_free,
                                   (R_MPI_Grequest_cancel_function *)(void *)wi_composite_cancel, c, &c->request);
    if (rc != R_MPI_SUCCESS) {
        for (int i = 0; i < nparts; i++) {
            R_PMPI_Cancel(&c->parts[i]);
            R_PMPI_Request_free(&c->parts[i]);
        }
        c->buffer = NULL; /* a cancelled part may still be reading it: left to the runtime */
        wi_composite_destroy(c);
        return rc;
    }
    pthread_mutex_lock(&wi_composite_lock);
    HASH_ADD(hh, wi_composite_table, request, sizeof c->request, c);
    pthread_mutex_unlock(&wi_composite_lock);
    *request = c->request;
    return R_MPI_SUCCESS;
}

static struct wi_composite *wi_composite_find(R_MPI_Request request)
{
    struct wi_composite *c = NULL;
    pthread_mutex_lock(&wi_composite_lock);
    HASH_FIND(hh, wi_composite_table, &request, sizeof request, c);
    pthread_mutex_unlock(&wi_composite_lock);
    return c;
}

/* Tests (or waits for) the parts of c; 1 once they have all completed. */
static int wi_composite_parts_done(struct wi_composite *c, int wait)
{
    R_MPI_Status statuses[WI_COMPOSITE_MAX_PARTS];
    int flag = 1;
    int rc = wait ? R_PMPI_Waitall(c->nparts, c->parts, statuses)
                  : R_PMPI_Testall(c->nparts, c->parts, &flag, statuses);
    if (rc == R_MPI_ERR_IN_STATUS) {
        /* a part failed: the first failed one's code is the composite's */
        for (int i = 0; i < c->nparts && c->error == R_MPI_SUCCESS; i++) {
            int code = wi_status_get_int(&statuses[i], R_STATUS_ERROR);
            if (code != R_MPI_SUCCESS && code != R_MPI_ERR_PENDING)
                c->error = code;
        }
    } else if (rc != R_MPI_SUCCESS) {
        c->error = rc;
        return 1; /* the parts cannot complete: report it rather than wait for ever (no status) */
    }
    if (flag)
        c->status = statuses[0];
    return flag;
}

/* Orphans whose parts have completed leave the list, freed now or by the free callback, whichever
 * comes last; the others stay. */
static void wi_composite_reap_orphans(void)
{
    pthread_mutex_lock(&wi_composite_lock);
    struct wi_composite *list = wi_composite_orphans;
    wi_composite_orphans = NULL;
    pthread_mutex_unlock(&wi_composite_lock);
    while (list != NULL) {
        struct wi_composite *c = list;
        list = c->next_orphan;
        int finished = wi_composite_parts_done(c, 0);
        pthread_mutex_lock(&wi_composite_lock);
        int last = finished && c->released;
        c->finished = finished;
        if (!finished) {
            c->next_orphan = wi_composite_orphans;
            wi_composite_orphans = c;
        }
        pthread_mutex_unlock(&wi_composite_lock);
        if (last)
            wi_composite_destroy(c);
    }
}

void wi_composite_settle(R_MPI_Request *requests, int count, int wait)
{
    if (__atomic_load_n(&wi_composite_orphans, __ATOMIC_RELAXED) != NULL)
        wi_composite_reap_orphans();
    for (int i = 0; i < count; i++) {
        if (requests[i] == R_MPI_REQUEST_NULL)
            continue;
        struct wi_composite *c = wi_composite_find(requests[i]);
        if (c != NULL && !c->done && wi_composite_parts_done(c, wait)) {
            c->done = 1;
            R_PMPI_Grequest_complete(c->request);
        }
    }
}

/* Whether an incomplete composite is among the requests. */
static int wi_composite_pending_among(const R_MPI_Request *requests, int count)
{
    for (int i = 0; i < count; i++) {
        if (requests[i] == R_MPI_REQUEST_NULL)
            continue;
        struct wi_composite *c = wi_composite_find(requests[i]);
        if (c != NULL && !c->done)
            return 1;
    }
    return 0;
}

int wi_composite_waitany(int count, R_MPI_Request *requests, int *index, R_MPI_Status *status)
{
    if (requests == NULL || !wi_composite_pending_among(requests, count))
        return R_PMPI_Waitany(count, requests, index, status);
    for (;;) {
        wi_composite_settle(requests, count, 0);
        int flag = 0;
        int rc = R_PMPI_Testany(count, requests, index, &flag, status);
        if (rc != R_MPI_SUCCESS || flag)
            return rc;
        sched_yield();
    }
}

int wi_composite_waitsome(int incount, R_MPI_Request *requests, int *outcount, int *indices,
                          R_MPI_Status *statuses)
{
    if (requests == NULL || !wi_composite_pending_among(requests, incount))
        return R_PMPI_Waitsome(incount, requests, outcount, indices, statuses);
    for (;;) {
        wi_composite_settle(requests, incount, 0);
        int rc = R_PMPI_Testsome(incount, requests, outcount, indices, statuses);
        if (rc != R_MPI_SUCCESS || *outcount != 0) /* MPI_UNDEFINED: no active request */
            return rc;
        sched_yield();
    }
}

void wi_composite_abandon(R_MPI_Request request)
{
    struct wi_composite *c = wi_composite_find(request);
    if (c == NULL || c->done)
        return;
    /* The parts become an orphan, tested by later completion calls (wi_composite_reap_orphans);
     * completing the generalized request lets the runtime free it. */
    pthread_mutex_lock(&wi_composite_lock);
    c->next_orphan = wi_composite_orphans;
    wi_composite_orphans = c;
    pthread_mutex_unlock(&wi_composite_lock);
    R_PMPI_Grequest_complete(c->request);
}

#endif
