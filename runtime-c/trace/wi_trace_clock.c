/* See wi_trace_clock.h. */
#include "wi_trace_clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__)
#include <x86intrin.h>
#define WI_HAVE_COUNTER 1
static inline uint64_t counter(void) { return __rdtsc(); }
#else
#define WI_HAVE_COUNTER 0
static inline uint64_t counter(void) { return 0; }
#endif

/* The period as a 32.32 fixed-point number of nanoseconds per tick. */
#define PERIOD_SHIFT 32
/* An anchor is renewed after this many nanoseconds of counter time. */
#define ANCHOR_NS 1000000

static int use_counter;
static uint64_t period;        /* atomic; nanoseconds per tick << PERIOD_SHIFT */
static uint64_t renew_ticks;   /* ticks in ANCHOR_NS */
static uint64_t first_tick;    /* the process's first anchor */
static int64_t first_ns;

struct anchor {
    uint64_t tick;
    int64_t ns;
    int64_t last; /* the last time given to this thread */
};
static __thread struct anchor here __attribute__((tls_model("initial-exec")));

static int64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/* The counter and the clock read as close together as possible: the clock between two counter
 * reads, the pair with the shortest such interval of a few tries. */
static void read_pair(uint64_t *tick, int64_t *ns) {
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 3; i++) {
        uint64_t before = counter();
        int64_t t = monotonic_ns();
        uint64_t after = counter();
        if (after - before < best) {
            best = after - before;
            *tick = before + (after - before) / 2;
            *ns = t;
        }
    }
}

static int kernel_uses_tsc(void) {
    FILE *f = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r");
    char name[32] = "";
    if (!f)
        return 0;
    int ok = fgets(name, sizeof name, f) != NULL && strncmp(name, "tsc", 3) == 0 &&
             (name[3] == '\n' || name[3] == '\0');
    fclose(f);
    return ok;
}

void wi_trace_clock_init(void) {
    const char *choice = getenv("WI4MPI_TRACE_CLOCK");
    use_counter = WI_HAVE_COUNTER && kernel_uses_tsc() && !(choice && strcmp(choice, "monotonic") == 0);
    if (!use_counter)
        return;
    uint64_t t1 = 0;
    int64_t n1 = 0;
    read_pair(&first_tick, &first_ns);
    do /* a first period over at least 200 µs */
        read_pair(&t1, &n1);
    while (n1 - first_ns < 200000);
    if (t1 <= first_tick) {
        use_counter = 0;
        return;
    }
    uint64_t p = (uint64_t)(((unsigned __int128)(uint64_t)(n1 - first_ns) << PERIOD_SHIFT) / (t1 - first_tick));
    __atomic_store_n(&period, p, __ATOMIC_RELAXED);
    renew_ticks = (uint64_t)(((unsigned __int128)ANCHOR_NS << PERIOD_SHIFT) / p);
}

/* A new anchor for this thread; the period refined over everything since the first anchor. */
static int64_t renew(void) {
    read_pair(&here.tick, &here.ns);
    if (here.tick > first_tick && here.ns > first_ns) {
        uint64_t p = (uint64_t)(((unsigned __int128)(uint64_t)(here.ns - first_ns) << PERIOD_SHIFT) /
                                (here.tick - first_tick));
        __atomic_store_n(&period, p, __ATOMIC_RELAXED);
    }
    return here.ns;
}

int64_t wi_trace_wall_ns(void) {
    if (!use_counter)
        return monotonic_ns();
    uint64_t elapsed = counter() - here.tick; /* huge when the counter went backwards */
    int64_t ns;
    if (__builtin_expect(here.tick != 0 && elapsed < renew_ticks, 1))
        ns = here.ns + (int64_t)((elapsed * __atomic_load_n(&period, __ATOMIC_RELAXED)) >> PERIOD_SHIFT);
    else
        ns = renew();
    if (ns < here.last)
        ns = here.last;
    here.last = ns;
    return ns;
}

int wi_trace_clock_uses_counter(void) { return use_counter; }
