/* The few DUMPI numbers the trace writer itself needs (docs/tracing.md, "The DUMPI format"). The
 * label of each MPI function is given by the caller: the generated wrappers take it from the DUMPI
 * field table (dumpi-calls.txt). */
#ifndef WI_TRACE_LABELS_H
#define WI_TRACE_LABELS_H

/* DUMPI_ALL_FUNCTIONS: labels 0 .. 289 are functions; the footer has one more count, the total. */
#define WI_TRACE_ALL_FUNCTIONS 290
#define WI_TRACE_LABEL_COUNT (WI_TRACE_ALL_FUNCTIONS + 1)
#define WI_TRACE_END_OF_STREAM 293

/* DUMPI version written in the header (13.0.0, as sst-dumpi a4c8bf5). */
#define WI_TRACE_VERSION_MAJOR 13
#define WI_TRACE_VERSION_MINOR 0
#define WI_TRACE_VERSION_PATCH 0

/* Mask bits of a record. */
#define WI_TRACE_MASK_STATUS_ENABLE 0x03
#define WI_TRACE_MASK_STATUS_SUCCESS 0x01
#define WI_TRACE_MASK_CPU 0x04
#define WI_TRACE_MASK_WALL 0x08
#define WI_TRACE_MASK_THREAD 0x40

/* Kinds of handles numbered by the writer; each numbers its user handles from its first user value
 * (DUMPI_FIRST_USER_<KIND> of dumpi/common/constants.h). */
typedef enum wi_trace_kind {
    WI_TRACE_COMM,       /* first user number 4 */
    WI_TRACE_DATATYPE,   /* 28 */
    WI_TRACE_OP,         /* 15 */
    WI_TRACE_GROUP,      /* 3 */
    WI_TRACE_REQUEST,    /* 2 */
    WI_TRACE_INFO,       /* 1 */
    WI_TRACE_WIN,        /* 1 */
    WI_TRACE_FILE,       /* 1 */
    WI_TRACE_ERRHANDLER, /* 2 */
    WI_TRACE_KEYVAL,     /* 10 */
    WI_TRACE_KIND_COUNT
} wi_trace_kind;

#endif
