/*
 * Generalized requests: the application's query, free and cancel functions run with the
 * application's status layout and extra_state, in MPI_Wait, MPI_Test, MPI_Waitall and MPI_Cancel,
 * and may themselves call MPI.
 */
#include "check.h"

struct job {
    int id;
    int queries, frees, cancels, cancelled;
};

static int query(void *extra_state, MPI_Status *status)
{
    struct job *job = extra_state;
    job->queries++;
    int rank = -1;
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank)); /* an MPI call from inside the callback */
    status->MPI_SOURCE = rank;
    status->MPI_TAG = 100 + job->id;
    status->MPI_ERROR = MPI_SUCCESS;
    CHECK_MPI(MPI_Status_set_elements(status, MPI_INT, 10 * job->id));
    CHECK_MPI(MPI_Status_set_cancelled(status, job->cancelled));
    return MPI_SUCCESS;
}

static int release(void *extra_state)
{
    ((struct job *)extra_state)->frees++;
    return MPI_SUCCESS;
}

static int cancel(void *extra_state, int complete)
{
    struct job *job = extra_state;
    job->cancels++;
    if (!complete)
        job->cancelled = 1;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    int rank = -1;
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));

    /* Wait on one request completed beforehand. */
    struct job a = {1, 0, 0, 0, 0};
    MPI_Request request;
    CHECK_MPI(MPI_Grequest_start(query, release, cancel, &a, &request));
    int flag = -1;
    MPI_Status status;
    CHECK_MPI(MPI_Test(&request, &flag, &status));
    CHECK_INT(0, flag); /* not complete yet */
    CHECK_MPI(MPI_Grequest_complete(request));
    CHECK_MPI(MPI_Wait(&request, &status));
    CHECK_HANDLE(MPI_REQUEST_NULL, request);
    CHECK_INT(rank, status.MPI_SOURCE);
    CHECK_INT(101, status.MPI_TAG);
    int count = -1;
    CHECK_MPI(MPI_Get_elements(&status, MPI_INT, &count));
    CHECK_INT(10, count);
    CHECK_INT(1, a.queries);
    CHECK_INT(1, a.frees);

    /* Two at once through Waitall; one cancelled before completion. */
    struct job b = {2, 0, 0, 0, 0}, c = {3, 0, 0, 0, 0};
    MPI_Request requests[2];
    CHECK_MPI(MPI_Grequest_start(query, release, cancel, &b, &requests[0]));
    CHECK_MPI(MPI_Grequest_start(query, release, cancel, &c, &requests[1]));
    CHECK_MPI(MPI_Cancel(&requests[1]));
    CHECK_INT(1, c.cancels);
    CHECK_MPI(MPI_Grequest_complete(requests[0]));
    CHECK_MPI(MPI_Grequest_complete(requests[1]));
    MPI_Status statuses[2];
    CHECK_MPI(MPI_Waitall(2, requests, statuses));
    CHECK_HANDLE(MPI_REQUEST_NULL, requests[0]);
    CHECK_HANDLE(MPI_REQUEST_NULL, requests[1]);
    CHECK_INT(102, statuses[0].MPI_TAG);
    CHECK_INT(103, statuses[1].MPI_TAG);
    int cancelled = -1;
    CHECK_MPI(MPI_Test_cancelled(&statuses[0], &cancelled));
    CHECK_INT(0, cancelled);
    CHECK_MPI(MPI_Test_cancelled(&statuses[1], &cancelled));
    CHECK_INT(1, cancelled);
    CHECK_MPI(MPI_Get_elements(&statuses[1], MPI_INT, &count));
    CHECK_INT(30, count);
    CHECK_INT(1, b.frees);
    CHECK_INT(1, c.frees);

    check_report_ok("grequests");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
