/* Byte-level checks of a trace written by trace_writer_program (no DUMPI reader needed):
 *   test_trace_file FILE.bin complete|crashed
 * lead-in magic, index offsets, header, footer counts, keyval pair, datatype sizes, and a walk of
 * the whole stream that must end exactly at the end-of-stream label, with thread 0's calls in order
 * and 300 sends of each other thread. "crashed": the program died of SIGABRT before
 * MPI_Finalize, so that call is missing. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wi_test.h"

static unsigned char *data;
static size_t size;

static uint64_t get(size_t at, int bytes) {
    uint64_t value = 0;
    if (at + (size_t)bytes > size) {
        fprintf(stderr, "read of %d bytes at %zu beyond the end (%zu)\n", bytes, at, size);
        exit(1);
    }
    for (int i = 0; i < bytes; i++)
        value = value << 8 | data[at + (size_t)i];
    return value;
}

static int string_is(size_t at, int length_bytes, const char *expected) {
    size_t length = (size_t)get(at, length_bytes);
    return length == strlen(expected) && memcmp(data + at + (size_t)length_bytes, expected, length) == 0;
}

/* Thread 0's calls in order: label, then (for checks) the record's argument bytes. */
static const int thread0_labels[] = {124, 82, 0, 1, 8, 8, 18, 52, 125};

/* Bytes of the arguments of a record of label at `at` (statuses recorded). */
static size_t argument_bytes(int label, size_t at) {
    switch (label) {
    case 0: return 16;                       /* Send */
    case 1: return 16 + 4 + 14;              /* Recv, one status */
    case 8: return 20;                       /* Isend */
    case 18: return 4 + 4 + 8 + 4 + 2 * 14;  /* Waitall of two */
    case 52: return 2;                       /* Barrier */
    case 82: return 6;                       /* Comm_rank */
    case 125: return 0;                      /* Finalize */
    case 124: {                              /* Init: argv */
        size_t n = (size_t)get(at, 4), p = at + 4;
        for (size_t i = 0; i < n; i++)
            p += 4 + (size_t)get(p, 4);
        return p - at;
    }
    }
    fprintf(stderr, "unexpected label %d at %zu\n", label, at);
    exit(1);
}

int main(int argc, char **argv) {
    if (argc != 3)
        return 2;
    int complete = strcmp(argv[2], "complete") == 0;
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    data = malloc(1 << 20);
    size = fread(data, 1, 1 << 20, f);
    fclose(f);

    CHECK_EQ(get(0, 8), 0xffaadd44554d5049ULL);
    size_t index = size - 64;
    CHECK_EQ(get(index, 8), 0xffaadd44554d5049ULL);
    size_t sizes_at = get(index + 8, 8), addresses = get(index + 16, 8),
           counter_labels = get(index + 24, 8), header = get(index + 32, 8),
           body = get(index + 40, 8), footer = get(index + 48, 8), keyval = get(index + 56, 8);
    CHECK_EQ(body, 8);

    /* Header, right after the end-of-stream label. */
    CHECK_EQ(get(header - 2, 2), 293);
    CHECK_EQ(get(header, 1), 13);
    CHECK_EQ(get(header + 1, 2), 0);
    CHECK_EQ(get(header + 3, 8), 1700000000);
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    size_t at = header + 11;
    CHECK(string_is(at, 2, host));
    at += 2 + get(at, 2);
    const char *user = getenv("LOGNAME") ? getenv("LOGNAME") : "<none>";
    CHECK(string_is(at, 2, user));
    at += 2 + get(at, 2);
    CHECK_EQ(get(at, 4), 0); /* mesh coordinates */
    CHECK_EQ(get(at + 4, 4), 0);
    CHECK_EQ(at + 8, footer);

    /* Footer: 291 call counts then 291 ignored counts. */
    CHECK_EQ(get(footer, 8), 0xf007fee7ULL);
    uint32_t called[291], ignored[291];
    for (int i = 0; i < 291; i++) {
        called[i] = (uint32_t)get(footer + 8 + 4 * (size_t)i, 4);
        ignored[i] = (uint32_t)get(footer + 8 + 4 * 291 + 4 * (size_t)i, 4);
    }
    uint32_t expected_called[291] = {0}, expected_ignored[291] = {0};
    expected_called[0] = 601;
    expected_called[1] = 1;
    expected_called[8] = 2;
    expected_called[18] = 1;
    expected_called[52] = 1;
    expected_called[82] = 2;
    expected_called[124] = 1;
    expected_called[125] = complete ? 1 : 0;
    expected_called[290] = complete ? 610 : 609;
    expected_ignored[82] = 1;
    expected_ignored[290] = 1;
    for (int i = 0; i < 291; i++) {
        if (called[i] != expected_called[i] || ignored[i] != expected_ignored[i]) {
            fprintf(stderr, "label %d: called %u ignored %u, expected %u and %u\n", i, called[i],
                    ignored[i], expected_called[i], expected_ignored[i]);
            wi_test_failures++;
        }
    }

    /* Keyval: one pair listing the unlabelled calls; then the other records in order. */
    CHECK_EQ(keyval, footer + 8 + 8 * 291);
    CHECK_EQ(get(keyval, 4), 1);
    CHECK(string_is(keyval + 4, 2, "wi4mpi.unlabelled"));
    at = keyval + 4 + 2 + 17;
    CHECK(string_is(at, 2, "MPI_Comm_idup=2 MPI_Ibarrier=1"));
    at += 2 + get(at, 2);
    CHECK_EQ(counter_labels, at);
    CHECK_EQ(get(counter_labels, 4), 0);
    CHECK_EQ(sizes_at, counter_labels + 4);
    CHECK_EQ(get(sizes_at, 4), 29); /* numbers 0 .. 28: only the user datatype 28 has a size */
    for (size_t i = 0; i < 28; i++)
        CHECK_EQ(get(sizes_at + 4 + 4 * i, 4), 0);
    CHECK_EQ(get(sizes_at + 4 + 4 * 28, 4), 24);
    CHECK_EQ(addresses, sizes_at + 4 + 4 * 29);
    CHECK_EQ(get(addresses, 4), 0);
    CHECK_EQ(addresses + 4, index);

    /* The stream: biases, then whole records up to the end-of-stream label. */
    at = body + 8;
    size_t thread0 = 0;
    int sends[3] = {0, 0, 0}, bad_sends = 0, records = 0;
    while (at < header - 2) {
        int label = (int)get(at, 2), mask = (int)get(at + 2, 1), thread = (int)get(at + 3, 2);
        records++;
        if (mask != 0x4f || thread > 2) {
            fprintf(stderr, "record at %zu: mask 0x%x thread %d\n", at, mask, thread);
            return wi_test_finish("test_trace_file");
        }
        size_t args = at + 5 + 24;
        if (thread == 0) {
            CHECK(thread0 < sizeof thread0_labels / sizeof thread0_labels[0]);
            CHECK_EQ(label, thread0_labels[thread0]);
            if (label == 124) {
                CHECK_EQ(get(args, 4), 2);
                CHECK(string_is(args + 4, 4, "trace_writer_program"));
                CHECK(string_is(args + 4 + 24, 4, "-x"));
            } else if (label == 1) { /* count, datatype, source, tag, comm, status */
                CHECK_EQ(get(args, 4), 4);
                CHECK_EQ(get(args + 4, 2), 9);
                CHECK_EQ(get(args + 6, 4), 0xffffffffu);
                CHECK_EQ(get(args + 16, 4), 1);
                CHECK_EQ(get(args + 20, 4), 16);
                CHECK_EQ(get(args + 24, 4), 1);
                CHECK_EQ(get(args + 30, 4), 7);
            } else if (label == 8) { /* user datatype 28, requests 2 then 3 */
                CHECK_EQ(get(args + 4, 2), 28);
                CHECK_EQ(get(args + 16, 4), thread0 == 4 ? 2 : 3);
            } else if (label == 18) {
                CHECK_EQ(get(args, 4), 2);
                CHECK_EQ(get(args + 4, 4), 2);
                CHECK_EQ(get(args + 8, 4), 2);
                CHECK_EQ(get(args + 12, 4), 3);
                CHECK_EQ(get(args + 16, 4), 2);
                CHECK_EQ(get(args + 20 + 14 + 10, 4), 9); /* tag of the second status */
            }
            thread0++;
        } else {
            if (label != 0 || get(args + 6, 4) != (uint64_t)(sends[thread] % 2))
                bad_sends++;
            sends[thread]++;
        }
        at = args + argument_bytes(label, args);
    }
    CHECK_EQ(at, header - 2);
    CHECK_EQ(thread0, complete ? 9 : 8);
    CHECK_EQ(sends[1], 300);
    CHECK_EQ(sends[2], 300);
    CHECK_EQ(bad_sends, 0);
    CHECK_EQ(records, complete ? 609 : 608);
    free(data);
    return wi_test_finish("test_trace_file");
}
