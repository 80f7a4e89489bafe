/* Per-thread trace buffers. Each thread that makes a traced call owns one buffer (at least 1 MiB)
 * into which its records are encoded without any lock; a buffer is written to the rank's file with
 * one write() when it is full, and only that write is serialized (by the file lock of
 * wi_trace_file.c). Records are always written whole: a record that does not fit in what is left
 * is moved to the start of the emptied buffer (or the buffer grows if the record alone exceeds it).
 *
 * Thread states are never freed before the trace is closed: their call counts make the footer. */
#ifndef WI_TRACE_BUFFER_H
#define WI_TRACE_BUFFER_H

#include <stddef.h>
#include <stdint.h>

#include "wi_trace_labels.h"

/* Per-thread cache of handle numbers (see wi_trace_handles.c): direct-mapped, per kind. */
#define WI_TRACE_HANDLE_CACHE 64

struct wi_trace_cached_handle {
    uint64_t value;
    int32_t number; /* 0: empty slot */
};

typedef struct wi_trace_thread {
    unsigned char *buf;
    size_t capacity;
    size_t committed;    /* bytes of whole records, ready to be written */
    size_t record_start; /* start of the record being encoded (== committed between records) */
    size_t used;         /* end of what is encoded so far */
    uint16_t id;         /* 0 for the first thread that made an MPI call, then 1, 2, ... */
    int depth;           /* > 0 while a recorded call of this thread runs */
    int dropped;         /* the record being encoded lost memory: it is not committed */
    struct wi_trace_time_pair {
        int64_t wall_sec, cpu_sec;
        int32_t wall_nsec, cpu_nsec;
    } start;
    uint32_t called[WI_TRACE_LABEL_COUNT];
    uint32_t ignored[WI_TRACE_LABEL_COUNT];
    struct wi_trace_cached_handle cache[WI_TRACE_KIND_COUNT][WI_TRACE_HANDLE_CACHE];
    struct wi_trace_thread *next; /* list of every thread state, newest first */
} wi_trace_thread;

/* The size of the buffers of threads created from now on: 1 MiB unless set. */
size_t wi_trace_buffer_size(void);

/* Sets the buffer size of threads created from now on (at least 256 bytes; tests use small
 * buffers to have several writes in a short stream). */
void wi_trace_buffer_set_size(size_t bytes);

/* The calling thread's state, created on its first call (id given in order of creation). NULL only
 * when memory is exhausted. */
wi_trace_thread *wi_trace_thread_self(void);

/* The head of the list of every thread state (read with acquire; states are only prepended). */
wi_trace_thread *wi_trace_threads(void);

/* Makes room for n more bytes in the record being encoded; writes out the whole records before it
 * when the buffer is full. 0 on success, -1 when memory is exhausted. */
int wi_trace_buffer_reserve(wi_trace_thread *t, size_t n);

/* Writes the committed records of t to the file (serialized by the file lock); a no-op before the
 * file is open. */
void wi_trace_buffer_flush(wi_trace_thread *t);

#endif
