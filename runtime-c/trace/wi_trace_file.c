/* See wi_trace_file.h. The .bin file is written front to back: lead-in and clock biases at open,
 * the stream as thread buffers fill, the trailer (end of stream, header, footer, keyval, empty
 * performance-counter labels, datatype sizes, empty function addresses, index) at close. */
#include "wi_trace_file.h"
#include "wi_trace_clock.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wi_trace_buffer.h"
#include "wi_trace_encode.h"
#include "wi_trace_state.h"
#include "wi_trace_unlabelled.h"

#define LEAD_IN_MAGIC 0xffaadd44554d5049ULL
#define FOOTER_MAGIC 0x00000000f007fee7ULL
/* The keyval value listing unlabelled calls is kept below the 16-bit string limit. */
#define UNLABELLED_MAX 16384
/* Datatype sizes the signal path can write from its prepared storage. */
#define SIGNAL_SIZES_MAX 4096

struct wi_trace_state wi_trace_state;

static pthread_mutex_t file_lock = PTHREAD_MUTEX_INITIALIZER;
static int fd = -1;
static uint64_t file_offset;
static int write_failed;
static char path[4096];
static char hostname[256];
static const char *username;
static time_t start_time;

static pthread_mutex_t sizes_lock = PTHREAD_MUTEX_INITIALIZER;
static int32_t *sizes;
static int32_t sizes_count, sizes_capacity;

/* Storage for the trailer written from a signal handler (allocated at open). */
static unsigned char *signal_trailer;
static size_t signal_trailer_size;

static int write_all(const unsigned char *bytes, size_t n) {
    while (n > 0) {
        ssize_t done = write(fd, bytes, n);
        if (done < 0 && errno == EINTR)
            continue;
        if (done <= 0)
            return -1;
        bytes += done;
        n -= (size_t)done;
        file_offset += (uint64_t)done;
    }
    return 0;
}

static uint64_t appends;
static volatile sig_atomic_t in_signal_handler; /* no stdio there */

uint64_t wi_trace_file_writes(void) { return __atomic_load_n(&appends, __ATOMIC_RELAXED); }

static int append_locked(const unsigned char *bytes, size_t n) {
    if (fd < 0)
        return 0;
    __atomic_fetch_add(&appends, 1, __ATOMIC_RELAXED);
    if (write_all(bytes, n) != 0) {
        if (!write_failed && !in_signal_handler)
            fprintf(stderr, "wi4mpi: cannot write the trace %s: %s\n", path, strerror(errno));
        write_failed = 1;
        return -1;
    }
    return 1;
}

int wi_trace_file_append(const unsigned char *bytes, size_t n) {
    pthread_mutex_lock(&file_lock);
    int done = append_locked(bytes, n);
    pthread_mutex_unlock(&file_lock);
    return done;
}

uint8_t wi_trace_mask(void) { return wi_trace_state.mask; }

const char *wi_trace_path(void) { return path; }

static void put(unsigned char **at, uint64_t value, int bytes) {
    for (int i = bytes - 1; i >= 0; i--) {
        (*at)[i] = (unsigned char)value;
        value >>= 8;
    }
    *at += bytes;
}

static void put_string(unsigned char **at, const char *text, size_t length) {
    put(at, length, 2);
    memcpy(*at, text, length);
    *at += length;
}

/* Bytes the trailer needs besides the datatype sizes and the unlabelled list. */
static size_t trailer_base_size(void) {
    return 2 + 3 + 8 + 2 + strlen(hostname) + 2 + strlen(username) + 4 + 4 /* header */
           + 8 + 2 * 4 * WI_TRACE_LABEL_COUNT                             /* footer */
           + 4 + 2 + sizeof WI_TRACE_UNLABELLED_KEY + 2                    /* keyval */
           + 4 + 4 + 4 + 64;                /* counter labels, sizes count, addresses, index */
}

/* Writes the trailer into out (room for trailer_base_size() + UNLABELLED_MAX + 4 * max_sizes
 * bytes), the file being at file_offset. Reads thread counts and sizes without locks. */
static size_t build_trailer(unsigned char *out, int32_t max_sizes) {
    unsigned char *at = out;
    uint64_t base = file_offset;
    put(&at, WI_TRACE_END_OF_STREAM, 2);

    uint64_t header = base + (uint64_t)(at - out);
    put(&at, WI_TRACE_VERSION_MAJOR, 1);
    put(&at, WI_TRACE_VERSION_MINOR, 1);
    put(&at, WI_TRACE_VERSION_PATCH, 1);
    put(&at, (uint64_t)start_time, 8);
    put_string(&at, hostname, strlen(hostname));
    put_string(&at, username, strlen(username));
    put(&at, 0, 4); /* mesh coordinates */
    put(&at, 0, 4); /* mesh sizes */

    uint64_t footer = base + (uint64_t)(at - out);
    put(&at, FOOTER_MAGIC, 8);
    for (int kind = 0; kind < 2; kind++)
        for (int label = 0; label < WI_TRACE_LABEL_COUNT; label++) {
            uint32_t sum = 0;
            for (wi_trace_thread *t = wi_trace_threads(); t; t = t->next)
                sum += kind == 0 ? t->called[label] : t->ignored[label];
            put(&at, sum, 4);
        }

    uint64_t keyval = base + (uint64_t)(at - out);
    char list[UNLABELLED_MAX];
    size_t list_length = wi_trace_unlabelled_list(list, sizeof list);
    put(&at, list_length ? 1 : 0, 4);
    if (list_length) {
        put_string(&at, WI_TRACE_UNLABELLED_KEY, strlen(WI_TRACE_UNLABELLED_KEY));
        put_string(&at, list, list_length);
    }

    uint64_t counter_labels = base + (uint64_t)(at - out);
    put(&at, 0, 4);

    uint64_t datatype_sizes = base + (uint64_t)(at - out);
    int32_t count = sizes_count < max_sizes ? sizes_count : max_sizes;
    put(&at, (uint32_t)count, 4);
    for (int32_t i = 0; i < count; i++)
        put(&at, (uint32_t)sizes[i], 4);

    uint64_t addresses = base + (uint64_t)(at - out);
    put(&at, 0, 4);

    put(&at, LEAD_IN_MAGIC, 8);
    put(&at, datatype_sizes, 8);
    put(&at, addresses, 8);
    put(&at, counter_labels, 8);
    put(&at, header, 8);
    put(&at, 8, 8); /* the body follows the lead-in */
    put(&at, footer, 8);
    put(&at, list_length ? keyval : 0, 8);
    return (size_t)(at - out);
}

static void flush_every_thread(void) {
    for (wi_trace_thread *t = wi_trace_threads(); t; t = t->next)
        wi_trace_buffer_flush(t);
}

int wi_trace_close(void) {
    if (!__atomic_exchange_n(&wi_trace_state.running, 0, __ATOMIC_ACQ_REL))
        return 0;
    flush_every_thread();
    pthread_mutex_lock(&file_lock);
    int result = 0;
    if (fd >= 0) {
        pthread_mutex_lock(&sizes_lock);
        unsigned char *trailer =
            malloc(trailer_base_size() + UNLABELLED_MAX + 4 * (size_t)sizes_count);
        size_t length = trailer ? build_trailer(trailer, sizes_count) : 0;
        pthread_mutex_unlock(&sizes_lock);
        if (!trailer || append_locked(trailer, length) < 0 || write_failed)
            result = -1;
        free(trailer);
        if (close(fd) != 0)
            result = -1;
        fd = -1;
    }
    pthread_mutex_unlock(&file_lock);
    return result;
}

static void close_at_exit(void) { wi_trace_close(); }

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM};
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction previous[FATAL_COUNT];

/* The fatal-signal path: only write(), lock-free reads and storage prepared at open. */
static void on_fatal_signal(int signal_number) {
    if (__atomic_exchange_n(&wi_trace_state.running, 0, __ATOMIC_ACQ_REL) &&
        pthread_mutex_trylock(&file_lock) == 0) {
        in_signal_handler = 1;
        if (fd >= 0) {
            for (wi_trace_thread *t = wi_trace_threads(); t; t = t->next) {
                size_t ready = __atomic_load_n(&t->committed, __ATOMIC_ACQUIRE);
                if (ready)
                    append_locked(t->buf, ready);
            }
            if (signal_trailer)
                append_locked(signal_trailer, build_trailer(signal_trailer, SIGNAL_SIZES_MAX));
            close(fd);
            fd = -1;
        }
        pthread_mutex_unlock(&file_lock);
    }
    /* The disposition the program had before (often the default action), then the signal again. */
    for (size_t i = 0; i < FATAL_COUNT; i++)
        if (fatal_signals[i] == signal_number)
            sigaction(signal_number, &previous[i], NULL);
    raise(signal_number);
}

static void install_signal_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_fatal_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    for (size_t i = 0; i < FATAL_COUNT; i++)
        sigaction(fatal_signals[i], &action, &previous[i]);
}

int wi_trace_start(const wi_trace_config *config) {
    if (config->statuses != 0 && config->statuses != 1 && config->statuses != 3) {
        fprintf(stderr, "wi4mpi: trace status setting %d is not 0, 1 or 3.\n", config->statuses);
        return -1;
    }
    uint8_t mask = WI_TRACE_MASK_THREAD | (uint8_t)config->statuses;
    if (config->wall)
        mask |= WI_TRACE_MASK_WALL;
    if (config->cpu)
        mask |= WI_TRACE_MASK_CPU;
    wi_trace_state.mask = mask;
    if (config->disabled)
        memcpy(wi_trace_state.disabled, config->disabled, sizeof wi_trace_state.disabled);
    struct timespec now;
    wi_trace_clock_init();
    wi_trace_state.wall_bias = wi_trace_wall_ns() / 1000000000;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    wi_trace_state.cpu_bias = now.tv_sec;
    atexit(close_at_exit);
    if (config->signals)
        install_signal_handlers();
    __atomic_store_n(&wi_trace_state.running, 1, __ATOMIC_RELEASE);
    return 0;
}

int wi_trace_prefix(char *out, size_t size, const char *fileroot, time_t start) {
    struct tm local;
    if (!localtime_r(&start, &local))
        return -1;
    int n = snprintf(out, size, "%s-%04d.%02d.%02d.%02d.%02d.%02d", fileroot,
                     local.tm_year + 1900, local.tm_mon + 1, local.tm_mday, local.tm_hour,
                     local.tm_min, local.tm_sec);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

static int write_meta(const char *dir, const char *prefix, int nprocs) {
    char meta[4096];
    if (snprintf(meta, sizeof meta, "%s%s%s.meta", prefix[0] == '/' ? "" : dir,
                 prefix[0] == '/' ? "" : "/", prefix) >= (int)sizeof meta)
        return -1;
    FILE *f = fopen(meta, "w");
    if (!f) {
        fprintf(stderr, "wi4mpi: cannot create the trace meta file %s: %s\n", meta,
                strerror(errno));
        return -1;
    }
    fprintf(f, "hostname=%s\nnumprocs=%d\nusername=%s\nstartime=%llu\nfileprefix=%s\n", hostname,
            nprocs, username, (unsigned long long)start_time, prefix);
    fprintf(f, "version=%d\nsubversion=%d\nsubsubversion=%d\n", WI_TRACE_VERSION_MAJOR,
            WI_TRACE_VERSION_MINOR, WI_TRACE_VERSION_PATCH);
    if (fclose(f) != 0) {
        fprintf(stderr, "wi4mpi: cannot write the trace meta file %s\n", meta);
        return -1;
    }
    return 0;
}

int wi_trace_open(const char *dir, const char *prefix, int rank, int nprocs, time_t start) {
    /* An absolute prefix (a fileroot that was a path) is used as it is, as libdumpi does. */
    if (snprintf(path, sizeof path, "%s%s%s-%04d.bin", prefix[0] == '/' ? "" : dir,
                 prefix[0] == '/' ? "" : "/", prefix, rank) >= (int)sizeof path) {
        fprintf(stderr, "wi4mpi: the trace path under %s is too long.\n", dir);
        path[0] = '\0';
        return -1;
    }
    start_time = start;
    if (gethostname(hostname, sizeof hostname - 1) != 0)
        hostname[0] = '\0';
    username = getenv("LOGNAME") ? getenv("LOGNAME") : "<none>";
    if (strlen(username) > 255)
        username = "<none>";
    signal_trailer_size = trailer_base_size() + UNLABELLED_MAX + 4 * SIGNAL_SIZES_MAX;
    signal_trailer = malloc(signal_trailer_size);
    int opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (opened < 0) {
        fprintf(stderr, "wi4mpi: cannot create the trace file %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (rank == 0 && write_meta(dir, prefix, nprocs) != 0) {
        close(opened);
        unlink(path);
        return -1;
    }
    unsigned char lead_in[16], *at = lead_in;
    put(&at, LEAD_IN_MAGIC, 8);
    put(&at, (uint32_t)wi_trace_state.cpu_bias, 4);
    put(&at, (uint32_t)wi_trace_state.wall_bias, 4);
    pthread_mutex_lock(&file_lock);
    fd = opened;
    file_offset = 0;
    int written = write_all(lead_in, sizeof lead_in) == 0;
    pthread_mutex_unlock(&file_lock);
    if (!written)
        fprintf(stderr, "wi4mpi: cannot write the trace file %s: %s\n", path, strerror(errno));
    return written ? 0 : -1;
}

void wi_trace_datatype_size(int32_t number, int32_t size) {
    if (number < 0)
        return;
    pthread_mutex_lock(&sizes_lock);
    if (number >= sizes_capacity) {
        int32_t capacity = sizes_capacity ? sizes_capacity : 64;
        while (capacity <= number)
            capacity *= 2;
        int32_t *grown = realloc(sizes, (size_t)capacity * sizeof *grown);
        if (!grown) {
            pthread_mutex_unlock(&sizes_lock);
            return;
        }
        memset(grown + sizes_capacity, 0, (size_t)(capacity - sizes_capacity) * sizeof *grown);
        sizes = grown;
        sizes_capacity = capacity;
    }
    sizes[number] = size;
    if (number >= sizes_count)
        sizes_count = number + 1;
    pthread_mutex_unlock(&sizes_lock);
}
