/* The wall clock of trace records agrees with clock_gettime(CLOCK_MONOTONIC): every time it gives
 * lies between a clock read before and one after (within a tolerance far above the counter's
 * error and far below what a record's time means), across anchor renewals, in two threads at
 * once; a thread's times never go backwards; WI4MPI_TRACE_CLOCK=monotonic turns the counter off. */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "wi_test.h"
#include "wi_trace_clock.h"

#define TOLERANCE_NS 2000 /* the counter's error is a few ns once calibrated, < 1 µs before */

static int64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

struct result {
    long reads, outside, backwards;
    int64_t worst;
};

/* Reads the clock for duration_ns (several anchor renewals), bracketed by clock_gettime. */
static void *compare(void *arg) {
    struct result *r = arg;
    int64_t end = monotonic_ns() + 30000000, previous = 0;
    while (monotonic_ns() < end) {
        int64_t before = monotonic_ns();
        int64_t t = wi_trace_wall_ns();
        int64_t after = monotonic_ns();
        int64_t off = t < before ? before - t : t > after ? t - after : 0;
        if (off > r->worst)
            r->worst = off;
        if (off > TOLERANCE_NS)
            r->outside++;
        if (t < previous)
            r->backwards++;
        previous = t;
        r->reads++;
    }
    return NULL;
}

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    const char *choice = getenv("WI4MPI_TRACE_CLOCK");
    int forced_off = choice != NULL;
    wi_trace_clock_init();
    if (forced_off)
        CHECK_EQ(wi_trace_clock_uses_counter(), 0);
    printf("counter in use: %d\n", wi_trace_clock_uses_counter());
    struct result results[2] = {{0}};
    pthread_t other;
    CHECK_EQ(pthread_create(&other, NULL, compare, &results[1]), 0);
    compare(&results[0]);
    pthread_join(other, NULL);
    for (int i = 0; i < 2; i++) {
        printf("thread %d: %ld reads, %ld outside ±%d ns, worst %" PRId64 " ns, %ld backwards\n", i,
               results[i].reads, results[i].outside, TOLERANCE_NS, results[i].worst, results[i].backwards);
        CHECK(results[i].reads > 1000);
        CHECK_EQ(results[i].outside, 0);
        CHECK_EQ(results[i].backwards, 0);
    }
    return wi_test_finish("test_trace_clock");
}
