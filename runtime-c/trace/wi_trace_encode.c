/* See wi_trace_encode.h. Everything is written big-endian. */
#include "wi_trace_encode.h"

#include <string.h>
#include <time.h>

#include "wi_trace_buffer.h"
#include "wi_trace_clock.h"
#include "wi_trace_state.h"

wi_trace_rec *wi_trace_enter(int label) {
    if (!__atomic_load_n(&wi_trace_state.running, __ATOMIC_ACQUIRE))
        return NULL;
    wi_trace_thread *t = wi_trace_thread_self();
    if (!t)
        return NULL;
    t->called[label]++;
    t->called[WI_TRACE_ALL_FUNCTIONS]++;
    if (t->depth > 0 || wi_trace_state.disabled[label]) {
        t->ignored[label]++;
        t->ignored[WI_TRACE_ALL_FUNCTIONS]++;
        return NULL;
    }
    t->depth = 1;
    struct timespec now;
    if (wi_trace_state.mask & WI_TRACE_MASK_CPU) {
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
        t->start.cpu_sec = now.tv_sec;
        t->start.cpu_nsec = (int32_t)now.tv_nsec;
    }
    if (wi_trace_state.mask & WI_TRACE_MASK_WALL) {
        int64_t wall = wi_trace_wall_ns();
        t->start.wall_sec = wall / 1000000000;
        t->start.wall_nsec = (int32_t)(wall % 1000000000);
    }
    return t;
}

static unsigned char *room(wi_trace_rec *r, size_t n) {
    if (r->dropped || wi_trace_buffer_reserve(r, n) != 0) {
        r->dropped = 1;
        return NULL;
    }
    unsigned char *at = r->buf + r->used;
    r->used += n;
    return at;
}

/* The hot path: bytes is a constant at every call site, so this compiles to a bounds check and
 * byte stores the compiler merges. */
static inline __attribute__((always_inline)) void put(wi_trace_rec *r, uint64_t value, int bytes) {
    unsigned char *at;
    if (__builtin_expect(r->used + (size_t)bytes <= r->capacity && !r->dropped, 1)) {
        at = r->buf + r->used;
        r->used += (size_t)bytes;
    } else if (!(at = room(r, (size_t)bytes))) {
        return;
    }
    for (int i = bytes - 1; i >= 0; i--) { /* big-endian; unrolled for a constant width */
        at[i] = (unsigned char)value;
        value >>= 8;
    }
}

/* A time as DUMPI stores it: seconds minus the clock's bias cut to 16 bits, then nanoseconds. */
static void put_time(wi_trace_rec *r, int64_t sec, int32_t nsec, int64_t bias) {
    put(r, (uint64_t)(sec - bias), 2);
    put(r, (uint32_t)nsec, 4);
}

void wi_trace_begin(wi_trace_rec *r, int label) {
    struct timespec cpu_end = {0, 0};
    int64_t wall_end = 0;
    uint8_t mask = wi_trace_state.mask;
    if (mask & WI_TRACE_MASK_WALL)
        wall_end = wi_trace_wall_ns();
    if (mask & WI_TRACE_MASK_CPU)
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_end);
    r->record_start = r->used;
    r->dropped = 0;
    put(r, (uint16_t)label, 2);
    put(r, mask, 1);
    put(r, r->id, 2);
    if (mask & WI_TRACE_MASK_CPU) {
        put_time(r, r->start.cpu_sec, r->start.cpu_nsec, wi_trace_state.cpu_bias);
        put_time(r, cpu_end.tv_sec, (int32_t)cpu_end.tv_nsec, wi_trace_state.cpu_bias);
    }
    if (mask & WI_TRACE_MASK_WALL) {
        put_time(r, r->start.wall_sec, r->start.wall_nsec, wi_trace_state.wall_bias);
        put_time(r, wall_end / 1000000000, (int32_t)(wall_end % 1000000000), wi_trace_state.wall_bias);
    }
}

void wi_trace_commit(wi_trace_rec *r) {
    if (r->dropped)
        r->used = r->record_start;
    r->dropped = 0;
    r->record_start = r->used;
    __atomic_store_n(&r->committed, r->used, __ATOMIC_RELEASE);
    r->depth = 0;
}

void wi_trace_i8(wi_trace_rec *r, int32_t value) { put(r, (uint8_t)value, 1); }
void wi_trace_i16(wi_trace_rec *r, int32_t value) { put(r, (uint16_t)value, 2); }
void wi_trace_i32(wi_trace_rec *r, int32_t value) { put(r, (uint32_t)value, 4); }
void wi_trace_i64(wi_trace_rec *r, int64_t value) { put(r, (uint64_t)value, 8); }
void wi_trace_aint(wi_trace_rec *r, int64_t value) { put(r, (uint32_t)(int32_t)value, 4); }

static void put_array(wi_trace_rec *r, int32_t count, const int32_t *values, int width) {
    if (!values || count < 0)
        count = 0;
    put(r, (uint32_t)count, 4);
    for (int32_t i = 0; i < count; i++)
        put(r, (uint32_t)values[i], width);
}

void wi_trace_i8_array(wi_trace_rec *r, int32_t count, const int32_t *values) {
    put_array(r, count, values, 1);
}
void wi_trace_i16_array(wi_trace_rec *r, int32_t count, const int32_t *values) {
    put_array(r, count, values, 2);
}
void wi_trace_i32_array(wi_trace_rec *r, int32_t count, const int32_t *values) {
    put_array(r, count, values, 4);
}

void wi_trace_i32_arrays(wi_trace_rec *r, int32_t count, const int32_t *lengths,
                         const int32_t *const *values) {
    if (!lengths || !values || count < 0)
        count = 0;
    put(r, (uint32_t)count, 4);
    for (int32_t i = 0; i < count; i++)
        put_array(r, lengths[i], values[i], 4);
}

void wi_trace_chars(wi_trace_rec *r, const char *text) {
    size_t length = text ? strlen(text) : 0;
    put(r, (uint32_t)length, 4);
    unsigned char *at = room(r, length);
    if (at)
        memcpy(at, text, length);
}

void wi_trace_strings(wi_trace_rec *r, int32_t count, const char *const *texts) {
    if (!texts)
        count = 0;
    else if (count < 0)
        for (count = 0; texts[count]; count++)
            ;
    put(r, (uint32_t)count, 4);
    for (int32_t i = 0; i < count; i++)
        wi_trace_chars(r, texts[i]);
}

void wi_trace_string_arrays(wi_trace_rec *r, int32_t count, const char *const *const *arrays) {
    if (!arrays || count < 0)
        count = 0;
    put(r, (uint32_t)count, 4);
    for (int32_t i = 0; i < count; i++)
        wi_trace_strings(r, -1, arrays[i]);
}

void wi_trace_statuses(wi_trace_rec *r, int32_t count, const wi_trace_status *statuses) {
    if ((wi_trace_state.mask & WI_TRACE_MASK_STATUS_ENABLE) == 0)
        return;
    if (!statuses || count < 0)
        count = 0;
    put(r, (uint32_t)count, 4);
    for (int32_t i = 0; i < count; i++) {
        put(r, (uint32_t)statuses[i].bytes, 4);
        put(r, (uint32_t)statuses[i].source, 4);
        put(r, (uint8_t)statuses[i].cancelled, 1);
        put(r, (uint8_t)statuses[i].error, 1);
        put(r, (uint32_t)statuses[i].tag, 4);
    }
}
