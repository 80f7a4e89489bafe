/* The trace writer's tables: handle numbers per kind (first user numbers, never reused, shared by
 * threads, right through the per-thread cache when values collide in it) and the keyval value of
 * the unlabelled-call counters. */
#include <pthread.h>
#include <string.h>

#include "wi_test.h"
#include "wi_trace_encode.h"
#include "wi_trace_file.h"
#include "wi_trace_unlabelled.h"

#define VALUES 1000

static uint64_t value_at(int i) { return 0x7f1200000000ULL + 0x40ULL * (uint64_t)i; }

static int32_t seen[2][VALUES];

static void *number_all(void *arg) {
    int which = (int)(intptr_t)arg;
    for (int k = 0; k < VALUES; k++) {
        int i = which ? VALUES - 1 - k : k; /* the two threads meet in the middle */
        seen[which][i] = wi_trace_handle(WI_TRACE_COMM, value_at(i), NULL);
    }
    return NULL;
}

static void check_handles(void) {
    static const struct { wi_trace_kind kind; int32_t first; } firsts[] = {
        {WI_TRACE_DATATYPE, 28}, {WI_TRACE_OP, 15},   {WI_TRACE_GROUP, 3},
        {WI_TRACE_REQUEST, 2},   {WI_TRACE_INFO, 1},  {WI_TRACE_WIN, 1},
        {WI_TRACE_FILE, 1},      {WI_TRACE_ERRHANDLER, 2}, {WI_TRACE_KEYVAL, 10},
    };
    for (size_t i = 0; i < sizeof firsts / sizeof firsts[0]; i++) {
        int first_seen = 0;
        CHECK_EQ(wi_trace_handle(firsts[i].kind, 0x1234, &first_seen), firsts[i].first);
        CHECK_EQ(first_seen, 1);
        CHECK_EQ(wi_trace_handle(firsts[i].kind, 0x5678, &first_seen), firsts[i].first + 1);
        CHECK_EQ(wi_trace_handle(firsts[i].kind, 0x1234, &first_seen), firsts[i].first);
        CHECK_EQ(first_seen, 0);
    }
    /* Many values: cache slots are shared, numbers must not be. */
    for (int i = 0; i < VALUES; i++)
        CHECK_EQ(wi_trace_handle(WI_TRACE_REQUEST, value_at(i), NULL), 4 + i);
    int wrong = 0;
    for (int i = VALUES - 1; i >= 0; i--)
        wrong += wi_trace_handle(WI_TRACE_REQUEST, value_at(i), NULL) != 4 + i;
    CHECK_EQ(wrong, 0);

    /* Two threads numbering the same communicators: they agree, and numbers are 4 .. 1003. */
    pthread_t threads[2];
    for (int t = 0; t < 2; t++)
        pthread_create(&threads[t], NULL, number_all, (void *)(intptr_t)t);
    for (int t = 0; t < 2; t++)
        pthread_join(threads[t], NULL);
    static char used[VALUES];
    int disagree = 0, outside = 0;
    for (int i = 0; i < VALUES; i++) {
        disagree += seen[0][i] != seen[1][i];
        if (seen[0][i] < 4 || seen[0][i] >= 4 + VALUES || used[seen[0][i] - 4]++)
            outside++;
    }
    CHECK_EQ(disagree, 0);
    CHECK_EQ(outside, 0);
}

static void check_unlabelled(void) {
    char list[64];
    CHECK_EQ(wi_trace_unlabelled_list(list, sizeof list), 0);
    static wi_trace_unlabelled_counter mprobe = {"MPI_Mprobe", 0, 0, NULL};
    static wi_trace_unlabelled_counter ibarrier = {"MPI_Ibarrier", 0, 0, NULL};
    static wi_trace_unlabelled_counter idup = {"MPI_Comm_idup", 0, 0, NULL};
    wi_trace_unlabelled(&mprobe);
    for (int i = 0; i < 12; i++)
        wi_trace_unlabelled(&ibarrier);
    wi_trace_unlabelled(&idup);
    wi_trace_unlabelled(&mprobe);
    CHECK_EQ(wi_trace_unlabelled_list(list, sizeof list), strlen(list));
    CHECK(strcmp(list, "MPI_Comm_idup=1 MPI_Ibarrier=12 MPI_Mprobe=2") == 0);
    /* Too small: cut after a whole entry. */
    CHECK_EQ(wi_trace_unlabelled_list(list, 32), 31);
    CHECK(strcmp(list, "MPI_Comm_idup=1 MPI_Ibarrier=12") == 0);
}

int main(void) {
    check_handles();
    wi_trace_config config = {.wall = 1, .statuses = 3};
    CHECK_EQ(wi_trace_start(&config), 0);
    check_unlabelled();
    config.statuses = 2;
    CHECK_EQ(wi_trace_start(&config), -1);
    return wi_test_finish("test_trace_tables");
}
