/* The keyval record's value listing the calls of functions without a DUMPI label. Internal. */
#ifndef WI_TRACE_UNLABELLED_H
#define WI_TRACE_UNLABELLED_H

#include <stddef.h>

/* Writes "MPI_A=3 MPI_B=1" (registered counters, names in byte order, counts at this moment) into
 * out (NUL-terminated, cut at a whole entry when too small). Allocates nothing, takes no lock
 * (usable from a signal handler). Returns the length; 0 when nothing was counted. */
size_t wi_trace_unlabelled_list(char *out, size_t size);

#endif
