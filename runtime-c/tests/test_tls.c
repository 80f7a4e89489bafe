/* wi_in_w as the code chooser sees it: a shared library built from
 * wi_tls.c and the chooser's exact instruction sequence must read the flag
 * per thread as it is set and cleared, and must not export it. */
#include <dlfcn.h>
#include <pthread.h>

#include "wi_test.h"

void wi_test_set_in_w(int value);
int wi_test_read_in_w(void);

static int thread_initial, thread_after_set;

static void *other_thread(void *unused)
{
    (void)unused;
    thread_initial = wi_test_read_in_w();
    wi_test_set_in_w(1);
    thread_after_set = wi_test_read_in_w();
    return NULL;
}

int main(void)
{
    CHECK_EQ(wi_test_read_in_w(), 0);
    wi_test_set_in_w(1);
    CHECK_EQ(wi_test_read_in_w(), 1);
    wi_test_set_in_w(0);
    CHECK_EQ(wi_test_read_in_w(), 0);
    wi_test_set_in_w(-7);
    CHECK_EQ(wi_test_read_in_w(), 1);
    wi_test_set_in_w(0);

    /* Thread-local: another thread starts at 0 and its changes stay its own. */
    pthread_t thread;
    pthread_create(&thread, NULL, other_thread, NULL);
    pthread_join(thread, NULL);
    CHECK_EQ(thread_initial, 0);
    CHECK_EQ(thread_after_set, 1);
    CHECK_EQ(wi_test_read_in_w(), 0);

    CHECK(dlsym(RTLD_DEFAULT, "wi_in_w") == NULL); /* hidden */
    return wi_test_finish("tls");
}
