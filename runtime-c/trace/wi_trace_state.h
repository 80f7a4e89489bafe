/* State shared by the trace writer's files: the settings of wi_trace_start and whether the trace
 * is running. Internal to runtime-c/trace. */
#ifndef WI_TRACE_STATE_H
#define WI_TRACE_STATE_H

#include <stdint.h>

#include "wi_trace_labels.h"

struct wi_trace_state {
    int running;  /* atomic: 1 between wi_trace_start and wi_trace_close */
    uint8_t mask; /* the mask of every record */
    unsigned char disabled[WI_TRACE_LABEL_COUNT];
    int64_t wall_bias, cpu_bias; /* whole seconds of each clock at start */
};

extern struct wi_trace_state wi_trace_state;

/* Writes n bytes at the end of the file (serialized, retried on short writes). 0 before the file is
 * open (the caller keeps its bytes), 1 once written, -1 on a failed write. */
int wi_trace_file_append(const unsigned char *bytes, size_t n);

#endif
