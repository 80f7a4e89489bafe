/* Minimal test support: checks that count failures, and running a piece
 * of code in a forked child that must end in wi_fatal. */
#ifndef WI_TEST_H
#define WI_TEST_H

#include <inttypes.h>
#include <stdio.h>

extern int wi_test_failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);              \
            wi_test_failures++;                                                                    \
        }                                                                                          \
    } while (0)

#define CHECK_EQ(actual, expected)                                                                 \
    do {                                                                                           \
        uint64_t wi_test_a_ = (uint64_t)(actual), wi_test_e_ = (uint64_t)(expected);               \
        if (wi_test_a_ != wi_test_e_) {                                                            \
            fprintf(stderr, "%s:%d: %s is 0x%" PRIx64 ", expected %s = 0x%" PRIx64 "\n", __FILE__, \
                    __LINE__, #actual, wi_test_a_, #expected, wi_test_e_);                         \
            wi_test_failures++;                                                                    \
        }                                                                                          \
    } while (0)

/* Runs body(arg) in a child process; passes when the child aborts (SIGABRT)
 * and its stderr contains expected_message. */
void wi_test_expect_fatal(const char *what, void (*body)(void *), void *arg,
                          const char *expected_message);

/* A new string of n letters from first on (a..z, then again from a), for long keys, values and
 * names; the caller frees it. */
char *wi_test_text(int n, char first);

/* Prints "<name>: 1 passed, 0 failed" (or the failure count) and returns
 * the exit status. */
int wi_test_finish(const char *name);

#endif
