/* Diagnostics; see wi_log.h. Messages are formatted into one buffer and
 * written with a single write(2) so lines from many ranks sharing a
 * terminal do not interleave, and so no stdio lock is taken on the way
 * to abort(). */
#include "wi_log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wi_abi.h"

int wi_verbose WI_HIDDEN = 0;

enum { WI_LOG_LINE_MAX = 1024 };

static const char wi_log_prefix[] = "wi4mpi: ";

static void wi_log_write(const char *fmt, va_list ap)
{
    char line[WI_LOG_LINE_MAX];
    size_t len = sizeof wi_log_prefix - 1;
    memcpy(line, wi_log_prefix, len);
    int n = vsnprintf(line + len, sizeof line - len - 1, fmt, ap);
    if (n > 0)
        len += (size_t)n < sizeof line - len - 1 ? (size_t)n : sizeof line - len - 2;
    line[len++] = '\n';
    const char *p = line;
    while (len > 0) {
        ssize_t w = write(STDERR_FILENO, p, len);
        if (w <= 0)
            break;
        p += w;
        len -= (size_t)w;
    }
}

void wi_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    wi_log_write(fmt, ap);
    va_end(ap);
    abort();
}

void wi_message(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    wi_log_write(fmt, ap);
    va_end(ap);
}

void wi_unsupported(const char *function_name)
{
    wi_fatal("%s is not supported by the " WI_FROM_NAME " -> " WI_TO_NAME
             " translation; the application cannot continue.",
             function_name);
}

void wi_debug_message(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    wi_log_write(fmt, ap);
    va_end(ap);
}

/* WI4MPI_VERBOSE: a number is the level; any other non-empty text means 1. */
WI_EARLY_CONSTRUCTOR static void wi_log_init(void)
{
    const char *value = getenv("WI4MPI_VERBOSE");
    if (value == NULL || value[0] == '\0')
        return;
    char *end;
    long level = strtol(value, &end, 10);
    if (*end != '\0')
        level = 1;
    wi_verbose = level < 0 ? 1 : (level > 100 ? 100 : (int)level);
}
