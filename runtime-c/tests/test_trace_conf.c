/* Trace settings in the dumpi.conf format: defaults, comments and separators, first setting wins,
 * MPI_Default for the functions not named, and bad lines rejected with the file and line named and
 * the settings left as they were. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wi_test.h"
#include "wi_trace_conf.h"

static int label_of(const char *name) {
    if (strcmp(name, "MPI_Send") == 0)
        return 0;
    if (strcmp(name, "MPI_Recv") == 0)
        return 1;
    if (strcmp(name, "MPI_Barrier") == 0)
        return 52;
    return -1;
}

static char conf_path[] = "/tmp/wi4mpi-trace-conf-XXXXXX";
static char err_path[] = "/tmp/wi4mpi-trace-conf-err-XXXXXX";

static void write_conf(const char *text) {
    FILE *f = fopen(conf_path, "w");
    fputs(text, f);
    fclose(f);
}

/* Reads conf_path into *s with stderr captured; returns the result, the message in message. */
static int read_capturing(wi_trace_settings *s, char *message, size_t size) {
    fflush(stderr);
    int saved = dup(2);
    FILE *err = fopen(err_path, "w+");
    dup2(fileno(err), 2);
    int result = wi_trace_settings_read(conf_path, label_of, s);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(err);
    size_t n = fread(message, 1, size - 1, err);
    message[n] = '\0';
    fclose(err);
    return result;
}

int main(void) {
    int fd = mkstemp(conf_path);
    close(fd);
    fd = mkstemp(err_path);
    close(fd);
    char message[512];

    wi_trace_settings s;
    wi_trace_settings_default(&s);
    CHECK_EQ(s.config.wall, 1);
    CHECK_EQ(s.config.cpu, 1);
    CHECK_EQ(s.config.statuses, 3);
    CHECK(strcmp(s.fileroot, "dumpi") == 0);
    CHECK(s.config.disabled == s.disabled);
    CHECK_EQ(s.disabled[0] + s.disabled[1] + s.disabled[52], 0);

    write_conf("# tracing of sends only\n"
               "MPI_Default=disable\n"
               "MPI_Send enable   # first setting wins\n"
               "MPI_Send disable\n"
               "\n"
               "statuses\tsuccess\n"
               "timestamp wall\n"
               "timestamp cpu\n"
               "fileroot=/tmp/run/trace extra words\n"
               "PAPI_TOT_CYC x\n"
               "debug none\n");
    CHECK_EQ(read_capturing(&s, message, sizeof message), 0);
    CHECK_EQ(message[0], '\0');
    CHECK_EQ(s.disabled[0], 0);
    CHECK_EQ(s.disabled[1], 1);
    CHECK_EQ(s.disabled[52], 1);
    CHECK_EQ(s.config.statuses, 1);
    CHECK_EQ(s.config.wall, 1);
    CHECK_EQ(s.config.cpu, 0);
    CHECK(strcmp(s.fileroot, "/tmp/run/trace") == 0);
    CHECK(s.config.disabled == s.disabled);

    static const struct { const char *text, *message; } bad[] = {
        {"statuses enable\ntimestamp sometimes\n",
         "line 2: timestamp takes full, wall, cpu or none, not 'timestamp sometimes'.\n"},
        {"MPI_Ibarrier disable\n",
         "line 1: no MPI function with a DUMPI label is named 'MPI_Ibarrier disable'.\n"},
        {"MPI_Recv off\n",
         "line 1: a function takes enable, success or disable, not 'MPI_Recv off'.\n"},
        {"# x\nstatuses\n", "line 2: 'statuses' has no value.\n"},
        {"colour blue\n", "line 1: unknown setting 'colour blue'.\n"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        wi_trace_settings before = s, after = s;
        write_conf(bad[i].text);
        CHECK_EQ(read_capturing(&after, message, sizeof message), -1);
        const char *line = strstr(message, "line ");
        if (!line || strcmp(line, bad[i].message) != 0 || !strstr(message, conf_path)) {
            fprintf(stderr, "case %zu: message '%s', expected '%s'\n", i, message, bad[i].message);
            wi_test_failures++;
        }
        CHECK(memcmp(&before, &after, sizeof before) == 0);
    }
    unlink(conf_path);
    CHECK_EQ(read_capturing(&s, message, sizeof message), -1);
    CHECK(strstr(message, "cannot read the trace settings") != NULL);
    unlink(err_path);
    return wi_test_finish("test_trace_conf");
}
