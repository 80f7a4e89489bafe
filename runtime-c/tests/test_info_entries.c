/* An info's entries held by wi4mpi (wi_info_entries.h): set order, a key set again keeping its place,
 * removal keeping the order of the others, copies, and the two ways values are written out. */
#include <stdio.h>
#include <string.h>

#include "wi_info_entries.h"
#include "wi_test.h"

static const char *key_at(const struct wi_info_entries *e, int i) { return e->at[i].key; }
static const char *value_at(const struct wi_info_entries *e, int i) { return e->at[i].value; }

static void test_order(void)
{
    struct wi_info_entries e = {0};
    CHECK_EQ(wi_info_entries_index(&e, "a"), -1);
    /* more than the first allocation (8), so that the array grows */
    char key[8], value[8];
    for (int i = 0; i < 10; i++) {
        snprintf(key, sizeof key, "k%d", i);
        snprintf(value, sizeof value, "v%d", i);
        wi_info_entries_put(&e, key, value);
    }
    CHECK_EQ(e.count, 10);
    CHECK_EQ(wi_info_entries_index(&e, "k0"), 0);
    CHECK_EQ(wi_info_entries_index(&e, "k9"), 9);
    CHECK(strcmp(value_at(&e, 9), "v9") == 0);

    /* set again: new value, same place, no new entry */
    wi_info_entries_put(&e, "k3", "a longer value than before");
    CHECK_EQ(e.count, 10);
    CHECK_EQ(wi_info_entries_index(&e, "k3"), 3);
    CHECK(strcmp(value_at(&e, 3), "a longer value than before") == 0);

    wi_info_entries_remove(&e, 0);
    wi_info_entries_remove(&e, 8); /* the last one, k9 */
    CHECK_EQ(e.count, 8);
    CHECK_EQ(wi_info_entries_index(&e, "k0"), -1);
    CHECK_EQ(wi_info_entries_index(&e, "k9"), -1);
    CHECK(strcmp(key_at(&e, 0), "k1") == 0);
    CHECK(strcmp(key_at(&e, 7), "k8") == 0);

    /* the copy owns its strings: changing the original leaves it as it was */
    struct wi_info_entries copy = {0};
    wi_info_entries_copy(&copy, &e);
    wi_info_entries_put(&e, "k1", "changed");
    CHECK_EQ(copy.count, 8);
    CHECK(strcmp(key_at(&copy, 2), "k3") == 0);
    CHECK(strcmp(value_at(&copy, 0), "v1") == 0);

    wi_info_entries_clear(&e);
    CHECK_EQ(e.count, 0);
    CHECK(e.at == NULL);
    wi_info_entries_put(&e, "again", "1"); /* a cleared list is an empty one */
    CHECK_EQ(wi_info_entries_index(&e, "again"), 0);
    wi_info_entries_clear(&e);
    wi_info_entries_clear(&copy);
}

static void test_copies_out(void)
{
    char out[16];
    memset(out, '#', sizeof out);
    wi_info_copy_at_most(out, "abcdef", 3);
    CHECK(strcmp(out, "abc") == 0);
    wi_info_copy_at_most(out, "ab", 10);
    CHECK(strcmp(out, "ab") == 0);
    wi_info_copy_at_most(out, "ab", 0);
    CHECK(strcmp(out, "") == 0);

    /* MPI_Info_get_string: buflen in, the value's length plus one out */
    int buflen = 4;
    memset(out, '#', sizeof out);
    wi_info_copy_string(out, &buflen, "abcdef");
    CHECK(strcmp(out, "abc") == 0);
    CHECK_EQ(buflen, 7);
    buflen = 16;
    wi_info_copy_string(out, &buflen, "abcdef");
    CHECK(strcmp(out, "abcdef") == 0);
    CHECK_EQ(buflen, 7);
    buflen = 0; /* asks for the length only: nothing written */
    memset(out, '#', sizeof out);
    wi_info_copy_string(out, &buflen, "xyz");
    CHECK_EQ(buflen, 4);
    CHECK_EQ(out[0], '#');
}

int main(void)
{
    test_order();
    test_copies_out();
    return wi_test_finish("info entries");
}
