/* Trace settings read from a file in sst-dumpi's dumpi.conf format (docs/tracing.md, "dumpi.conf"):
 * each line cut at '#', split at blanks, tabs and '='; the first two words are a key and its value;
 * the first setting of a key wins. Keys:
 *   MPI_<Function> enable|success|disable   (a labelled function; MPI_Default: every other one)
 *   statuses enable|success|disable
 *   timestamp full|wall|cpu|none
 *   fileroot <path>
 *   PAPI<...>, tracing, debug                (accepted and ignored: no counters, no call tracing)
 * "success" records like "enable", as libdumpi does. */
#ifndef WI_TRACE_CONF_H
#define WI_TRACE_CONF_H

#include "wi_trace_file.h"
#include "wi_trace_labels.h"

typedef struct wi_trace_settings {
    wi_trace_config config; /* its disabled points at the array below */
    unsigned char disabled[WI_TRACE_LABEL_COUNT];
    char fileroot[1024];
} wi_trace_settings;

/* libdumpi's defaults: everything recorded, wall and CPU times, statuses, fileroot "dumpi". */
void wi_trace_settings_default(wi_trace_settings *settings);

/* Maps an MPI function name to its DUMPI label, or -1 (given by the generated wrappers). */
typedef int (*wi_trace_label_of)(const char *name);

/* Reads path over the defaults. 0, or -1 with one sentence on stderr naming the file and line
 * (unknown key or value, unreadable file); *settings is then unchanged. */
int wi_trace_settings_read(const char *path, wi_trace_label_of label_of,
                           wi_trace_settings *settings);

#endif
