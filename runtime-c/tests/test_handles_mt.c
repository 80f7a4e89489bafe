/* Handle tables under concurrency: 4 threads x 100k operations each,
 * creating, looking up and forgetting their own handles while all of them
 * translate a shared set of runtime handles (which must get one
 * application handle each, whichever thread saw them first). */
#include <pthread.h>
#include <stdatomic.h>

#include "wi_convert.h"
#include "wi_test.h"

enum { N_THREADS = 4, N_OPS = 100000, N_LIVE = 64, N_SHARED = 16 };

static atomic_int errors;
static wi_word shared_a[N_THREADS][N_SHARED];

static wi_word fake_r(enum wi_kind kind, uint32_t i)
{
    if (wi_r_is_pointer[kind])
        return (wi_word)0x7f3400000000 + 64 * (wi_word)i;
    return (wi_word)(0x84000000u + i);
}

static void *worker(void *arg)
{
    int t = (int)(intptr_t)arg;
    enum wi_kind kind = WI_KIND_COMM;
    wi_word live_a[N_LIVE] = {0}, live_r[N_LIVE] = {0};
    int local_errors = 0;
    for (uint32_t i = 0; i < N_OPS; i++) {
        int slot = (int)(i % N_LIVE);
        if (live_a[slot] != 0)
            wi_handle_forget(kind, live_a[slot]);
        live_r[slot] = fake_r(kind, 1u + (uint32_t)t * 1000000u + i);
        live_a[slot] = wi_handle_r2a(kind, live_r[slot]);
        int probe = (int)((i * 7) % N_LIVE);
        if (live_a[probe] != 0 && wi_handle_a2r(kind, live_a[probe]) != live_r[probe])
            local_errors++;
        if (live_a[probe] != 0 && wi_handle_r2a(kind, live_r[probe]) != live_a[probe])
            local_errors++;
        if (wi_comm_a2r(A_MPI_COMM_WORLD) != R_MPI_COMM_WORLD)
            local_errors++;
        wi_word shared_r = fake_r(WI_KIND_DATATYPE, 5000000u + i % N_SHARED);
        wi_word a = wi_handle_r2a(WI_KIND_DATATYPE, shared_r);
        if (wi_handle_a2r(WI_KIND_DATATYPE, a) != shared_r)
            local_errors++;
        shared_a[t][i % N_SHARED] = a;
    }
    for (int slot = 0; slot < N_LIVE; slot++)
        wi_handle_forget(kind, live_a[slot]);
    atomic_fetch_add(&errors, local_errors);
    return NULL;
}

int main(void)
{
    wi_fixture_register_predefined();
    pthread_t threads[N_THREADS];
    for (int t = 0; t < N_THREADS; t++)
        pthread_create(&threads[t], NULL, worker, (void *)(intptr_t)t);
    for (int t = 0; t < N_THREADS; t++)
        pthread_join(threads[t], NULL);
    CHECK_EQ(atomic_load(&errors), 0);
    for (int t = 1; t < N_THREADS; t++)
        for (int s = 0; s < N_SHARED; s++)
            CHECK_EQ(shared_a[t][s], shared_a[0][s]);
    return wi_test_finish("handles-mt (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
