/* Outputs written at request completion; see wi_pending.h.
 *
 * Few records exist at a time (one per MPI_Comm_idup in flight): a locked singly linked list is
 * enough, and request completions pay one atomic load while it is empty. New records go to the front,
 * so the first record of a request value is its newest. */
#include "wi_pending.h"

#include <pthread.h>
#include <stdlib.h>

#include "wi_log.h"

struct wi_pending {
    R_MPI_Comm slot; /* first: the slot's address is the record's */
    A_MPI_Comm *application;
    R_MPI_Request request;
    const void *claimed_by; /* the application variable of the call that may complete it (wi_pending_claim) */
    struct wi_pending *next;
};

int wi_pending_count WI_HIDDEN = 0;
static struct wi_pending *wi_pending_list;
static pthread_mutex_t wi_pending_lock = PTHREAD_MUTEX_INITIALIZER;

R_MPI_Comm *wi_pending_comm_slot(A_MPI_Comm *application)
{
    struct wi_pending *p = calloc(1, sizeof *p);
    if (p == NULL)
        wi_fatal("out of memory recording an output written at request completion");
    p->application = application;
    return &p->slot;
}

void wi_pending_commit(R_MPI_Comm *slot, int succeeded, R_MPI_Request request)
{
    struct wi_pending *p = (struct wi_pending *)slot;
    if (!succeeded) {
        free(p);
        return;
    }
    p->request = request;
    pthread_mutex_lock(&wi_pending_lock);
    p->next = wi_pending_list;
    wi_pending_list = p;
    __atomic_store_n(&wi_pending_count, wi_pending_count + 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&wi_pending_lock);
}

/* Moves the mark of the newest record of request marked `from` to `to` (claim: NULL to the variable;
 * release: the variable to NULL). */
static void wi_pending_remark(R_MPI_Request request, const void *from, const void *to)
{
    pthread_mutex_lock(&wi_pending_lock);
    for (struct wi_pending *p = wi_pending_list; p != NULL; p = p->next) {
        if (p->request == request && p->claimed_by == from) {
            p->claimed_by = to;
            break;
        }
    }
    pthread_mutex_unlock(&wi_pending_lock);
}

void wi_pending_claim(R_MPI_Request request, const void *request_variable)
{
    wi_pending_remark(request, NULL, request_variable);
}

void wi_pending_release(R_MPI_Request request, const void *request_variable)
{
    wi_pending_remark(request, request_variable, NULL);
}

/* The record of request claimed by request_variable, or with request_variable NULL the newest record
 * of request; removed from the list. A completing call takes only the record it claimed: an unclaimed
 * record of the same value belongs to a newer request (another thread's MPI_Comm_idup that got the
 * value after the runtime freed this call's request). */
static struct wi_pending *wi_pending_unlink(R_MPI_Request request, const void *request_variable)
{
    struct wi_pending *found = NULL;
    pthread_mutex_lock(&wi_pending_lock);
    for (struct wi_pending **link = &wi_pending_list; *link != NULL; link = &(*link)->next) {
        if ((*link)->request == request && (request_variable == NULL || (*link)->claimed_by == request_variable)) {
            found = *link;
            *link = found->next;
            __atomic_store_n(&wi_pending_count, wi_pending_count - 1, __ATOMIC_RELEASE);
            break;
        }
    }
    pthread_mutex_unlock(&wi_pending_lock);
    return found;
}

int wi_pending_take(R_MPI_Request request, const void *request_variable, A_MPI_Comm **application,
                    R_MPI_Comm *value)
{
    struct wi_pending *p = wi_pending_unlink(request, request_variable);
    if (p == NULL)
        return 0;
    *application = p->application;
    *value = p->slot;
    free(p);
    return 1;
}

void wi_pending_abandon(R_MPI_Request request)
{
    (void)wi_pending_unlink(request, NULL); /* deliberately not freed: the runtime may still write the slot */
}
