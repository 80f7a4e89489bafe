/* The wall clock of trace records: CLOCK_MONOTONIC, read in about half the time of
 * clock_gettime where the kernel itself keeps that clock with the processor's time-stamp counter.
 *
 * Each thread keeps an anchor, a (counter, CLOCK_MONOTONIC) pair read together, and extends it with
 * the counter's advance times the counter's period. The anchor is renewed by a real clock_gettime
 * when it is older than about a millisecond (or when the counter went backwards, as after a move to
 * another core), and the period is refined at every renewal from the first anchor of the process,
 * so that after the first milliseconds a time is within a few nanoseconds of what clock_gettime
 * would have given; times of one thread never go backwards.
 *
 * The counter is used only on x86-64 when the kernel's clock source is "tsc" (so the counter is
 * invariant and synchronized across cores, or the kernel would not use it) and WI4MPI_TRACE_CLOCK is
 * not "monotonic"; otherwise every read is clock_gettime(CLOCK_MONOTONIC). */
#ifndef WI_TRACE_CLOCK_H
#define WI_TRACE_CLOCK_H

#include <stdint.h>

/* Chooses the clock and calibrates the counter (about 200 µs); called by wi_trace_start. */
void wi_trace_clock_init(void);

/* CLOCK_MONOTONIC now, in nanoseconds. */
int64_t wi_trace_wall_ns(void);

/* 1 when times come from the counter, 0 when every read is clock_gettime. */
int wi_trace_clock_uses_counter(void);

#endif
