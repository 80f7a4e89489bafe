/* wi4mpi-trace-check-config FILE: reads FILE as the tracing tools read WI4MPI_TRACE_CONFIG (the
 * dumpi.conf format, wi_trace_conf.h) and exits 0 when they would accept it; otherwise prints the
 * same one sentence naming the file and line and exits 2. The launcher runs it before starting a
 * traced run, so that a bad configuration stops nothing half-way. */
#include <stdio.h>

#include "wi_trace_conf.h"

/* The generated table of DUMPI labels (wi_trace_labels.c). */
int wi_trace_label_by_name(const char *name);

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: wi4mpi-trace-check-config FILE\n");
        return 2;
    }
    wi_trace_settings settings;
    wi_trace_settings_default(&settings);
    return wi_trace_settings_read(argv[1], wi_trace_label_by_name, &settings) == 0 ? 0 : 2;
}
