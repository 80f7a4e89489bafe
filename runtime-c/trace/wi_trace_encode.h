/* Encoding one traced call into the calling thread's buffer, as a DUMPI stream record
 * (docs/tracing.md, "The stream: one record per call" and "Arguments"). Values are given already
 * converted to DUMPI's: predefined objects as DUMPI constants, user handles through
 * wi_trace_handle, MPI_ANY_SOURCE/MPI_ANY_TAG as -1 and MPI_ROOT as -2. No MPI header is needed.
 *
 * A generated wrapper of a labelled function does, in this order:
 *
 *   wi_trace_rec *r = wi_trace_enter(label);  // counts the call; takes the start time
 *   rc = PMPI_X(...);
 *   if (r) {                                  // NULL: not recorded (tracing off, function
 *       wi_trace_begin(r, label);             //   disabled, or a call made inside another
 *       wi_trace_i32(r, count);               //   traced call of this thread)
 *       ...                                   // fields in the order of the DUMPI field table
 *       wi_trace_commit(r);                   // the record becomes part of the stream
 *   }
 *
 * wi_trace_begin takes the end time and writes label, mask, thread id and times. Between begin and
 * commit only the encoders below are called, by the thread that called enter. A non-NULL enter
 * must always be followed by begin and commit (also when PMPI_X fails): until then the thread's
 * further calls count as nested and are not recorded. A function without a
 * DUMPI label calls wi_trace_unlabelled instead, and nothing else.
 */
#ifndef WI_TRACE_ENCODE_H
#define WI_TRACE_ENCODE_H

#include <stdint.h>

#include "wi_trace_labels.h"

typedef struct wi_trace_thread wi_trace_rec;

/* Counts a call of label (0 .. WI_TRACE_ALL_FUNCTIONS - 1) and returns the record to fill, or NULL
 * when the call is not recorded (then counted as ignored, unless tracing is off altogether). */
wi_trace_rec *wi_trace_enter(int label);

/* Starts the record of label: end time, then label, mask, thread id, CPU and wall times. */
void wi_trace_begin(wi_trace_rec *r, int label);

/* Ends the record; the thread may trace its next call. */
void wi_trace_commit(wi_trace_rec *r);

/* Arguments, each in the width the field table gives it. */
void wi_trace_i8(wi_trace_rec *r, int32_t value);  /* op, combiner, comparison, whence, ... */
void wi_trace_i16(wi_trace_rec *r, int32_t value); /* comm, datatype, group, info, win, file, ... */
void wi_trace_i32(wi_trace_rec *r, int32_t value); /* int, count, rank, tag, request, flag */
void wi_trace_i64(wi_trace_rec *r, int64_t value); /* MPI_Offset */
/* MPI_Aint: DUMPI stores it as int, so values beyond 32 bits are cut as the reference cuts them. */
void wi_trace_aint(wi_trace_rec *r, int64_t value);

/* Arrays: a 32-bit count then the elements (count 0 and nothing else when values is NULL). */
void wi_trace_i8_array(wi_trace_rec *r, int32_t count, const int32_t *values);
void wi_trace_i16_array(wi_trace_rec *r, int32_t count, const int32_t *values);
void wi_trace_i32_array(wi_trace_rec *r, int32_t count, const int32_t *values);
/* An array of count arrays, array i of lengths[i] values (e.g. MPI_Graph_create's edges). */
void wi_trace_i32_arrays(wi_trace_rec *r, int32_t count, const int32_t *lengths,
                         const int32_t *const *values);

/* A character array (32-bit length, bytes); NULL is length 0. */
void wi_trace_chars(wi_trace_rec *r, const char *text);
/* An array of strings (argv); count < 0: up to the first NULL. */
void wi_trace_strings(wi_trace_rec *r, int32_t count, const char *const *texts);
/* An array of count string arrays (MPI_Comm_spawn_multiple's argvs), each NULL-terminated. */
void wi_trace_string_arrays(wi_trace_rec *r, int32_t count, const char *const *const *arrays);

/* A status as DUMPI keeps it (converted by the wrapper). */
typedef struct wi_trace_status {
    int32_t bytes;  /* MPI_Get_count with MPI_CHAR */
    int32_t source; /* -1 for MPI_ANY_SOURCE */
    int8_t cancelled;
    int8_t error; /* the MPI_ERROR field, cut to 8 bits */
    int32_t tag;  /* -1 for MPI_ANY_TAG */
} wi_trace_status;

/* A status field: count statuses (count 0 or statuses NULL for MPI_STATUS(ES)_IGNORE). Writes
 * nothing when statuses are not recorded (mask status bits 0). */
void wi_trace_statuses(wi_trace_rec *r, int32_t count, const wi_trace_status *statuses);

/* The DUMPI number of a user handle of kind (its value in the application's ABI, as an integer),
 * given on its first sight from DUMPI_FIRST_USER_<KIND> on and never reused; *first_seen (may be
 * NULL) tells whether the number was given by this call. Lock-free for handles the thread has seen
 * recently; a new value takes the kind's lock. Request numbers match a request's Isend/Irecv
 * record to its Wait/Test records. */
int32_t wi_trace_handle(wi_trace_kind kind, uint64_t value, int *first_seen);

/* A function without a DUMPI label: its counter lives in the wrapper, e.g.
 *   static wi_trace_unlabelled_counter counter = {"MPI_Comm_idup"};
 *   wi_trace_unlabelled(&counter);
 * The counts are listed in the keyval record as one pair (docs/tracing.md). Lock-free. */
typedef struct wi_trace_unlabelled_counter {
    const char *name;
    uint64_t count;    /* atomic */
    int registered;    /* atomic */
    struct wi_trace_unlabelled_counter *next;
} wi_trace_unlabelled_counter;
void wi_trace_unlabelled(wi_trace_unlabelled_counter *counter);

/* Key of the keyval pair listing unlabelled calls; its value is "MPI_A=3 MPI_B=1" (names sorted). */
#define WI_TRACE_UNLABELLED_KEY "wi4mpi.unlabelled"

#endif
