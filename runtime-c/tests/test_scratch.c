/* Scratch arena: alignment, growth without moving earlier allocations,
 * nested marks, reuse after release, and chunks freed at thread exit. */
#include <malloc.h>
#include <pthread.h>
#include <string.h>

#include "wi_scratch.h"
#include "wi_test.h"

static void fill(unsigned char *p, size_t n, unsigned char seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)(seed + i);
}

static int intact(const unsigned char *p, size_t n, unsigned char seed)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != (unsigned char)(seed + i))
            return 0;
    return 1;
}

static void test_alignment_and_growth(void)
{
    wi_scratch_mark_t mark = wi_scratch_mark();
    unsigned char *blocks[200];
    size_t sizes[200];
    for (int i = 0; i < 200; i++) {
        sizes[i] = (size_t)(i * 997 % 20000) + (size_t)i % 3;
        blocks[i] = wi_scratch_alloc(sizes[i]);
        CHECK((uintptr_t)blocks[i] % WI_SCRATCH_ALIGN == 0);
        fill(blocks[i], sizes[i], (unsigned char)i);
    }
    unsigned char *big = wi_scratch_alloc(3 * 1024 * 1024); /* larger than any chunk so far */
    fill(big, 3 * 1024 * 1024, 9);
    for (int i = 0; i < 200; i++)
        CHECK(intact(blocks[i], sizes[i], (unsigned char)i));
    CHECK(intact(big, 3 * 1024 * 1024, 9));
    CHECK(wi_scratch_alloc(0) != wi_scratch_alloc(0));
    wi_scratch_release(mark);
    CHECK_EQ(wi_scratch_mark(), mark);
}

/* A translated call whose callback makes a translated call of its own. */
static void test_nesting(void)
{
    wi_scratch_mark_t outer = wi_scratch_mark();
    unsigned char *outer_buf = wi_scratch_alloc(1000);
    fill(outer_buf, 1000, 1);

    wi_scratch_mark_t inner = wi_scratch_mark();
    unsigned char *inner_buf = wi_scratch_alloc(200000); /* forces a new chunk */
    fill(inner_buf, 200000, 2);
    wi_scratch_mark_t innermost = wi_scratch_mark();
    unsigned char *innermost_buf = wi_scratch_alloc(64);
    fill(innermost_buf, 64, 3);
    wi_scratch_release(innermost);
    CHECK(intact(inner_buf, 200000, 2));
    wi_scratch_release(inner);

    CHECK(intact(outer_buf, 1000, 1));
    /* The outer call goes on allocating after the nested one returned. */
    unsigned char *after = wi_scratch_alloc(1000);
    CHECK(after >= outer_buf + 1000 || after + 1000 <= outer_buf);
    fill(after, 1000, 4);
    CHECK(intact(outer_buf, 1000, 1));
    wi_scratch_release(outer);
    CHECK_EQ(wi_scratch_mark(), outer);

    /* Released space is reused: same addresses the second time round. */
    unsigned char *again = wi_scratch_alloc(1000);
    CHECK(again == outer_buf);
    wi_scratch_release(outer);
}

static void *thread_using_scratch(void *unused)
{
    (void)unused;
    wi_scratch_mark_t mark = wi_scratch_mark();
    for (int i = 0; i < 6; i++)
        memset(wi_scratch_alloc(1 << 20), 0xa5, 1 << 20);
    wi_scratch_release(mark);
    return NULL;
}

/* 100 threads x 6 MiB: without the exit destructor that is 600 MiB of
 * mmapped chunks still in use afterwards. */
static void test_thread_exit_frees_chunks(void)
{
    struct mallinfo2 before = mallinfo2();
    for (int i = 0; i < 100; i++) {
        pthread_t thread;
        pthread_create(&thread, NULL, thread_using_scratch, NULL);
        pthread_join(thread, NULL);
    }
    struct mallinfo2 after = mallinfo2();
    size_t before_bytes = before.hblkhd + before.uordblks;
    size_t after_bytes = after.hblkhd + after.uordblks;
    CHECK(after_bytes < before_bytes + 16 * 1024 * 1024);
}

int main(void)
{
    CHECK_EQ(wi_scratch_mark(), 0);
    test_alignment_and_growth();
    test_nesting();
    test_alignment_and_growth(); /* again, on kept chunks */
    test_thread_exit_frees_chunks();
    return wi_test_finish("scratch");
}
