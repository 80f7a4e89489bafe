/* See wi_trace_conf.h. */
#include "wi_trace_conf.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

void wi_trace_settings_default(wi_trace_settings *s) {
    memset(s, 0, sizeof *s);
    s->config.wall = 1;
    s->config.cpu = 1;
    s->config.statuses = 3;
    s->config.signals = 1;
    s->config.disabled = s->disabled;
    strcpy(s->fileroot, "dumpi");
}

/* enable 1, success 2, disable 0; -1 for anything else. */
static int switch_value(const char *value) {
    if (strcmp(value, "enable") == 0)
        return 1;
    if (strcmp(value, "success") == 0)
        return 2;
    if (strcmp(value, "disable") == 0)
        return 0;
    return -1;
}

struct reading {
    const char *path;
    int line;
    char seen_default, seen_statuses, seen_timestamp, seen_fileroot;
    char seen_function[WI_TRACE_LABEL_COUNT];
    int default_on; /* -1: not set */
};

static int bad(const struct reading *r, const char *what, const char *key, const char *value) {
    fprintf(stderr, "wi4mpi: %s line %d: %s '%s %s'.\n", r->path, r->line, what, key, value);
    return -1;
}

static int apply(struct reading *r, wi_trace_label_of label_of, wi_trace_settings *s,
                 const char *key, const char *value) {
    if (strcmp(key, "MPI_Default") == 0) {
        int on = switch_value(value);
        if (on < 0)
            return bad(r, "MPI_Default takes enable, success or disable, not", key, value);
        if (!r->seen_default++)
            r->default_on = on != 0;
    } else if (strncmp(key, "MPI_", 4) == 0) {
        int label = label_of(key);
        if (label < 0 || label >= WI_TRACE_ALL_FUNCTIONS)
            return bad(r, "no MPI function with a DUMPI label is named", key, value);
        int on = switch_value(value);
        if (on < 0)
            return bad(r, "a function takes enable, success or disable, not", key, value);
        if (!r->seen_function[label]++)
            s->disabled[label] = on == 0;
    } else if (strcmp(key, "statuses") == 0) {
        int on = switch_value(value);
        if (on < 0)
            return bad(r, "statuses takes enable, success or disable, not", key, value);
        if (!r->seen_statuses++)
            s->config.statuses = on == 1 ? 3 : on == 2 ? 1 : 0;
    } else if (strcmp(key, "timestamp") == 0) {
        int wall = strcmp(value, "full") == 0 || strcmp(value, "wall") == 0;
        int cpu = strcmp(value, "full") == 0 || strcmp(value, "cpu") == 0;
        if (!wall && !cpu && strcmp(value, "none") != 0)
            return bad(r, "timestamp takes full, wall, cpu or none, not", key, value);
        if (!r->seen_timestamp++) {
            s->config.wall = wall;
            s->config.cpu = cpu;
        }
    } else if (strcmp(key, "fileroot") == 0) {
        if (strlen(value) >= sizeof s->fileroot)
            return bad(r, "the fileroot is too long in", key, value);
        if (!r->seen_fileroot++)
            strcpy(s->fileroot, value);
    } else if (strncmp(key, "PAPI", 4) != 0 && strcmp(key, "tracing") != 0 &&
               strcmp(key, "debug") != 0) {
        return bad(r, "unknown setting", key, value);
    }
    return 0;
}

int wi_trace_settings_read(const char *path, wi_trace_label_of label_of,
                           wi_trace_settings *settings) {
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "wi4mpi: cannot read the trace settings %s: %s.\n", path, strerror(errno));
        return -1;
    }
    struct reading reading = {.path = path, .default_on = -1};
    wi_trace_settings s = *settings;
    s.config.disabled = settings->disabled;
    char text[4096];
    int result = 0;
    while (result == 0 && fgets(text, sizeof text, f)) {
        reading.line++;
        text[strcspn(text, "#\n")] = '\0';
        char *save = NULL, *key = strtok_r(text, " \t\r=", &save);
        if (!key)
            continue;
        char *value = strtok_r(NULL, " \t\r=", &save);
        if (!value) {
            fprintf(stderr, "wi4mpi: %s line %d: '%s' has no value.\n", path, reading.line, key);
            result = -1;
            break;
        }
        result = apply(&reading, label_of, &s, key, value);
    }
    fclose(f);
    if (result != 0)
        return -1;
    if (reading.default_on >= 0)
        for (int label = 0; label < WI_TRACE_ALL_FUNCTIONS; label++)
            if (!reading.seen_function[label])
                s.disabled[label] = !reading.default_on;
    *settings = s;
    settings->config.disabled = settings->disabled;
    return 0;
}
