/* Opening a rank's trace: libdumpi's file prefix, a directory that does not exist (one sentence, an
 * error), an absolute prefix used as it is, the meta file of rank 0, and the smallest trace
 * (no call) closed at once. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "wi_test.h"
#include "wi_trace_file.h"

static size_t file_size(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 ? (size_t)st.st_size : 0;
}

int main(void) {
    setenv("TZ", "UTC", 1);
    tzset();
    char prefix[64];
    CHECK_EQ(wi_trace_prefix(prefix, sizeof prefix, "dumpi", 1700000000), 0);
    CHECK(strcmp(prefix, "dumpi-2023.11.14.22.13.20") == 0);
    CHECK_EQ(wi_trace_prefix(prefix, 10, "dumpi", 1700000000), -1);

    char dir[] = "/tmp/wi4mpi-trace-open-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    wi_trace_config config = {.wall = 1, .statuses = 3};
    CHECK_EQ(wi_trace_start(&config), 0);

    char missing[128];
    snprintf(missing, sizeof missing, "%s/missing", dir);
    fprintf(stderr, "(an error message about %s/missing is expected here)\n", dir);
    CHECK_EQ(wi_trace_open(missing, "run", 0, 2, 1700000000), -1);

    char absolute[128], bin[160], meta[160];
    snprintf(absolute, sizeof absolute, "%s/abs-run", dir);
    snprintf(bin, sizeof bin, "%s-0000.bin", absolute);
    snprintf(meta, sizeof meta, "%s.meta", absolute);
    CHECK_EQ(wi_trace_open("/nonexistent-directory-ignored", absolute, 0, 3, 1700000000), 0);
    CHECK(strcmp(wi_trace_path(), bin) == 0);
    CHECK_EQ(wi_trace_close(), 0);
    CHECK_EQ(wi_trace_close(), 0); /* a second close does nothing */

    /* Lead-in and biases (16), end label (2), header (3 + 8 + host + user + 8), footer
     * (8 + 2 * 291 * 4), empty keyval, counter labels, sizes and addresses (4 each), index (64). */
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    const char *user = getenv("LOGNAME") ? getenv("LOGNAME") : "<none>";
    size_t expected = 16 + 2 + 3 + 8 + 2 + strlen(host) + 2 + strlen(user) + 8 + 8 + 2 * 291 * 4 +
                      4 * 4 + 64;
    CHECK_EQ(file_size(bin), expected);

    char text[1024] = "";
    FILE *f = fopen(meta, "r");
    CHECK(f != NULL);
    if (f) {
        text[fread(text, 1, sizeof text - 1, f)] = '\0';
        fclose(f);
    }
    char expected_meta[1024];
    snprintf(expected_meta, sizeof expected_meta,
             "hostname=%s\nnumprocs=3\nusername=%s\nstartime=1700000000\nfileprefix=%s\n"
             "version=13\nsubversion=0\nsubsubversion=0\n",
             host, user, absolute);
    CHECK(strcmp(text, expected_meta) == 0);
    unlink(bin);
    unlink(meta);
    rmdir(dir);
    return wi_test_finish("test_trace_open");
}
