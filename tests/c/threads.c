/*
 * MPI_THREAD_MULTIPLE stress: 4 threads per process run, at the same time, point-to-point with
 * request arrays and statuses on their own duplicate of MPI_COMM_SELF, communicator dup/free, two
 * MPI_Comm_idup completed by one Waitall (the runtime reuses a completed request's value at once, often
 * for another thread's idup), an attribute set and read back on the duplicate (its delete callback
 * runs when the duplicate is freed), datatype and user-op create/free with a reduction through the op.
 * About 100 000 MPI operations per job, split over the ranks. Every value is checked; handles created
 * by one thread are freed by the same thread while the others create theirs, which exercises the
 * translation tables from several threads at once.
 */
#include <pthread.h>

#include "check.h"

#define THREADS 4
#define BATCH 8

static int iterations; /* per thread */

/* A user reduction: element-wise sum, so the result is checkable. */
static void add_ints(void *in, void *inout, int *len, MPI_Datatype *type)
{
    CHECK_HANDLE(MPI_INT, *type);
    for (int i = 0; i < *len; i++)
        ((int *)inout)[i] += ((int *)in)[i];
}

/* Attribute delete callbacks per thread: extra_state is the thread's counter. */
static int deleted[THREADS];

static int count_delete(MPI_Comm comm, int keyval, void *value, void *extra_state)
{
    (void)comm;
    (void)keyval;
    int *counter = extra_state;
    CHECK_INT(*counter, *(int *)value); /* the value set is the thread's iteration */
    (*counter)++;
    return MPI_SUCCESS;
}

static void *worker(void *arg)
{
    int id = (int)(long)arg;
    MPI_Comm self;
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_SELF, &self));
    int keyval = MPI_KEYVAL_INVALID;
    CHECK_MPI(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, count_delete, &keyval, &deleted[id]));
    for (int it = 0; it < iterations; it++) {
        /* 8 self-sends with 8 receives completed by one Waitall, statuses checked. */
        int out[BATCH], in[BATCH];
        MPI_Request requests[2 * BATCH];
        MPI_Status statuses[2 * BATCH];
        for (int i = 0; i < BATCH; i++) {
            out[i] = id * 1000000 + it * BATCH + i;
            in[i] = -1;
            CHECK_MPI(MPI_Irecv(&in[i], 1, MPI_INT, 0, i, self, &requests[i]));
        }
        for (int i = 0; i < BATCH; i++)
            CHECK_MPI(MPI_Isend(&out[i], 1, MPI_INT, 0, i, self, &requests[BATCH + i]));
        CHECK_MPI(MPI_Waitall(2 * BATCH, requests, statuses));
        for (int i = 0; i < BATCH; i++) {
            CHECK_INT(out[i], in[i]);
            CHECK_INT(i, statuses[i].MPI_TAG);
            CHECK_INT(0, statuses[i].MPI_SOURCE);
            CHECK_HANDLE(MPI_REQUEST_NULL, requests[i]);
            CHECK_HANDLE(MPI_REQUEST_NULL, requests[BATCH + i]);
        }

        /* Two nonblocking duplicates: each new communicator reaches its own variable at completion. */
        MPI_Comm idups[2] = {MPI_COMM_NULL, MPI_COMM_NULL};
        MPI_Request idup_requests[2];
        CHECK_MPI(MPI_Comm_idup(self, &idups[0], &idup_requests[0]));
        CHECK_MPI(MPI_Comm_idup(self, &idups[1], &idup_requests[1]));
        CHECK_MPI(MPI_Waitall(2, idup_requests, MPI_STATUSES_IGNORE));
        for (int i = 0; i < 2; i++) {
            int result = -1;
            CHECK_MPI(MPI_Comm_compare(self, idups[i], &result));
            CHECK_INT(MPI_CONGRUENT, result);
            CHECK_MPI(MPI_Comm_free(&idups[i]));
            CHECK_HANDLE(MPI_COMM_NULL, idups[i]);
        }

        /* A communicator, a datatype and an op created and freed by this thread. */
        MPI_Comm dup;
        CHECK_MPI(MPI_Comm_dup(self, &dup));
        int size = -1;
        CHECK_MPI(MPI_Comm_size(dup, &size));
        CHECK_INT(1, size);
        int iteration = it;
        CHECK_MPI(MPI_Comm_set_attr(dup, keyval, &iteration));
        int *got = NULL, found = 0;
        CHECK_MPI(MPI_Comm_get_attr(dup, keyval, &got, &found));
        CHECK_INT(1, found);
        CHECK(got == &iteration);
        MPI_Datatype pair;
        CHECK_MPI(MPI_Type_contiguous(2, MPI_INT, &pair));
        CHECK_MPI(MPI_Type_commit(&pair));
        int bytes = -1;
        CHECK_MPI(MPI_Type_size(pair, &bytes));
        CHECK_INT(2 * (int)sizeof(int), bytes);
        MPI_Op add;
        CHECK_MPI(MPI_Op_create(add_ints, 1, &add));
        int value = id + it, sum = -1;
        CHECK_MPI(MPI_Allreduce(&value, &sum, 1, MPI_INT, add, dup));
        CHECK_INT(value, sum);
        CHECK_MPI(MPI_Op_free(&add));
        CHECK_HANDLE(MPI_OP_NULL, add);
        CHECK_MPI(MPI_Type_free(&pair));
        CHECK_HANDLE(MPI_DATATYPE_NULL, pair);
        CHECK_MPI(MPI_Comm_free(&dup)); /* runs count_delete */
        CHECK_HANDLE(MPI_COMM_NULL, dup);
        CHECK_INT(it + 1, deleted[id]);
    }
    CHECK_MPI(MPI_Comm_free_keyval(&keyval));
    CHECK_INT(MPI_KEYVAL_INVALID, keyval);
    CHECK_MPI(MPI_Comm_free(&self));
    return NULL;
}

int main(int argc, char **argv)
{
    int provided = -1;
    CHECK_MPI(MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided));
    CHECK_INT(MPI_THREAD_MULTIPLE, provided);
    int size = 0;
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &size));
    /* One iteration is 38 MPI calls; at least 100 000 per job, whatever the number of ranks. */
    iterations = (100000 / 38 / THREADS + size - 1) / size + 1;

    pthread_t threads[THREADS];
    for (long t = 0; t < THREADS; t++)
        CHECK(pthread_create(&threads[t], NULL, worker, (void *)t) == 0);
    for (int t = 0; t < THREADS; t++)
        CHECK(pthread_join(threads[t], NULL) == 0);

    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    check_report_ok("threads");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
