/* Test support; see wi_test.h. */
#include "wi_test.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int wi_test_failures;

void wi_test_expect_fatal(const char *what, void (*body)(void *), void *arg,
                          const char *expected_message)
{
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) {
        perror("pipe");
        exit(2);
    }
    fflush(NULL);
    pid_t child = fork();
    if (child < 0) {
        perror("fork");
        exit(2);
    }
    if (child == 0) {
        close(pipe_fds[0]);
        dup2(pipe_fds[1], STDERR_FILENO);
        /* No core files for the expected aborts. */
        signal(SIGABRT, SIG_DFL);
        body(arg);
        _exit(0); /* reached only if body did not abort */
    }
    close(pipe_fds[1]);
    char output[4096];
    size_t length = 0;
    ssize_t n;
    while ((n = read(pipe_fds[0], output + length, sizeof output - 1 - length)) > 0)
        length += (size_t)n;
    output[length] = '\0';
    close(pipe_fds[0]);
    int status;
    waitpid(child, &status, 0);
    int aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
    int message_ok = strstr(output, expected_message) != NULL;
    if (!aborted || !message_ok) {
        fprintf(stderr, "%s: expected an abort with \"%s\"; got %s and stderr \"%s\"\n", what,
                expected_message, aborted ? "an abort" : "no abort", output);
        wi_test_failures++;
    }
}

int wi_test_finish(const char *name)
{
    if (wi_test_failures == 0)
        printf("%s: 1 passed, 0 failed\n", name);
    else
        printf("%s: 0 passed, 1 failed (%d failed checks)\n", name, wi_test_failures);
    return wi_test_failures == 0 ? 0 : 1;
}

char *wi_test_text(int n, char first)
{
    char *s = malloc((size_t)n + 1);
    if (s == NULL)
        abort();
    for (int i = 0; i < n; i++)
        s[i] = (char)('a' + (first - 'a' + i) % 26);
    s[n] = '\0';
    return s;
}
