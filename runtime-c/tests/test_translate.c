/* The pair-independent helpers of the translated functions (wi_translate.h). */
#include <limits.h>
#include <string.h>

#include "wi_test.h"
#include "wi_translate.h"

static void test_counts(void)
{
    CHECK_EQ(wi_len(5), 5);
    CHECK_EQ(wi_len(0), 0);
    CHECK_EQ(wi_len(-32766), 0); /* MPI_UNDEFINED of a family */
    CHECK_EQ(wi_len_within(3, 8), 3);
    CHECK_EQ(wi_len_within(12, 8), 8); /* never more than were allocated */
    CHECK_EQ(wi_len_within(-1, 8), 0);
    CHECK_EQ(wi_len_within(8, 8), 8);
}

static void test_sum(void)
{
    int procs[] = {2, 3, 4};
    CHECK_EQ(wi_sum(procs, 3), 9);
    CHECK_EQ(wi_sum(procs, 0), 0);
    CHECK_EQ(wi_sum(NULL, 3), 0);
    int huge[] = {INT_MAX, INT_MAX};
    CHECK_EQ(wi_sum(huge, 2), INT_MAX); /* saturates instead of wrapping */
}

static void test_copy_string(void)
{
    char buf[8];
    memset(buf, 'x', sizeof buf);
    CHECK_EQ(wi_copy_string(buf, sizeof buf, "comm"), 4);
    CHECK(strcmp(buf, "comm") == 0);
    memset(buf, 'x', sizeof buf);
    CHECK_EQ(wi_copy_string(buf, sizeof buf, "MPI_COMM_WORLD"), 7); /* truncated, terminated */
    CHECK(strcmp(buf, "MPI_COM") == 0);
    CHECK_EQ(wi_copy_string(buf, sizeof buf, ""), 0);
    CHECK_EQ(buf[0], '\0');
}

int main(void)
{
    test_counts();
    test_sum();
    test_copy_string();
    return wi_test_finish("translate");
}
