/* Attribute values set from Fortran live in boxes (C reads a pointer to the integer, Fortran the
 * integer); the keyval trampolines, used for the predefined callbacks too, keep one box reference
 * per attribute: MPI_COMM_DUP_FN and a C copy returning its input add one, a delete drops one, a
 * Fortran copy makes a new box, a failed delete keeps it; threads may do all of it at once. */
#include <pthread.h>
#include <stdint.h>

#include "wi_attribute_boxes.h"
#include "wi_attributes.h"
#include "wi_callbacks.h"
#include "wi_convert.h"
#include "wi_test.h"
#include "wi_tls.h"

typedef int (*r_copy_fn)(R_MPI_Comm, int, void *, void *, void *, int *);
typedef int (*r_delete_fn)(R_MPI_Comm, int, void *, void *);

static int next_keyval = 1000;

/* A runtime keyval created for the application's copy and delete functions, as the wrapper does;
 * fortran: wi_callback_fortran during the call. */
static void keyval(void *copy_fn, void *delete_fn, int fortran, int *r_keyval, r_copy_fn *copy, r_delete_fn *del)
{
    *r_keyval = next_keyval++;
    *copy = (r_copy_fn)wi_callback_comm_copy_attr_a2r(copy_fn);
    *del = (r_delete_fn)wi_callback_comm_delete_attr_a2r(delete_fn);
    wi_callback_fortran = fortran;
    wi_callback_comm_copy_attr_created(copy_fn, (wi_word)*r_keyval);
    wi_callback_comm_delete_attr_created(delete_fn, (wi_word)*r_keyval);
    wi_callback_fortran = 0;
}

static void test_boxes(void)
{
    unsigned base = wi_attribute_box_count();
    void *box = wi_attribute_box(-7);
    CHECK_EQ(*(int64_t *)box, -7); /* what C reads through the pointer */
    CHECK_EQ(*(int *)box, -7);     /* an MPI-1 reader's int */
    int64_t value = 0;
    CHECK(wi_attribute_unbox(box, &value));
    CHECK_EQ(value, -7);
    int not_a_box;
    value = 99;
    CHECK(!wi_attribute_unbox(&not_a_box, &value));
    CHECK(!wi_attribute_unbox(NULL, &value));
    CHECK_EQ(value, 99);
    CHECK_EQ(wi_attribute_fortran_value(box), -7);
    CHECK_EQ(wi_attribute_fortran_value(&not_a_box), (int64_t)(intptr_t)&not_a_box);
    CHECK_EQ(wi_attribute_box_count(), base + 1);
    wi_attribute_box_retain(box);
    wi_attribute_box_release(box);
    CHECK_EQ(wi_attribute_box_count(), base + 1);
    wi_attribute_box_release(&not_a_box); /* not a box: nothing */
    wi_attribute_box_release(box);
    CHECK_EQ(wi_attribute_box_count(), base);
}

static void test_predefined_callbacks(void)
{
    unsigned base = wi_attribute_box_count();
    int r_keyval;
    r_copy_fn copy;
    r_delete_fn del;
    keyval(A_MPI_COMM_DUP_FN, A_MPI_COMM_NULL_DELETE_FN, 0, &r_keyval, &copy, &del);
    CHECK((void *)copy != R_MPI_COMM_DUP_FN && (void *)del != R_MPI_COMM_NULL_DELETE_FN);

    /* MPI_COMM_DUP_FN: the value copied, a box now held by two attributes. */
    void *box = wi_attribute_box(42);
    void *out = NULL;
    int flag = 0;
    CHECK_EQ(copy(R_MPI_COMM_WORLD, r_keyval, NULL, box, &out, &flag), R_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    CHECK(out == box);
    CHECK_EQ(del(R_MPI_COMM_WORLD, r_keyval, box, NULL), R_MPI_SUCCESS);
    CHECK_EQ(wi_attribute_box_count(), base + 1); /* the copy still holds it */
    CHECK_EQ(*(int64_t *)out, 42);
    CHECK_EQ(del(R_MPI_COMM_WORLD, r_keyval, out, NULL), R_MPI_SUCCESS);
    CHECK_EQ(wi_attribute_box_count(), base);

    /* A C pointer is copied as it is. */
    int c_value = 5;
    CHECK_EQ(copy(R_MPI_COMM_WORLD, r_keyval, NULL, &c_value, &out, &flag), R_MPI_SUCCESS);
    CHECK(out == &c_value && flag == 1);
    CHECK_EQ(del(R_MPI_COMM_WORLD, r_keyval, &c_value, NULL), R_MPI_SUCCESS);

    /* MPI_COMM_NULL_COPY_FN: not copied. */
    keyval(A_MPI_COMM_NULL_COPY_FN, A_MPI_COMM_NULL_DELETE_FN, 0, &r_keyval, &copy, &del);
    flag = 1;
    out = NULL;
    box = wi_attribute_box(3);
    CHECK_EQ(copy(R_MPI_COMM_WORLD, r_keyval, NULL, box, &out, &flag), R_MPI_SUCCESS);
    CHECK_EQ(flag, 0);
    CHECK(out == NULL);
    CHECK_EQ(del(R_MPI_COMM_WORLD, r_keyval, box, NULL), R_MPI_SUCCESS);
    CHECK_EQ(wi_attribute_box_count(), base);
}

/* C callbacks in the style of the MPICH suite's attrlangc.c: the copy hands on its input pointer
 * and increments what it points to, the delete decrements it. */
static int c_delete_result = 0;

static int c_copy(A_MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)comm, (void)keyval, (void)extra;
    *(int *)in += 1;
    *(void **)out = in;
    *flag = 1;
    return A_MPI_SUCCESS;
}

static int c_delete(A_MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)extra;
    *(int *)value -= 1;
    return c_delete_result;
}

static void test_c_callbacks_see_the_box(void)
{
    unsigned base = wi_attribute_box_count();
    int r_keyval;
    r_copy_fn copy;
    r_delete_fn del;
    keyval((void *)c_copy, (void *)c_delete, 0, &r_keyval, &copy, &del);
    void *box = wi_attribute_box(10);
    void *out = NULL;
    int flag = 0;
    CHECK_EQ(copy(R_MPI_COMM_WORLD, r_keyval, NULL, box, &out, &flag), R_MPI_SUCCESS);
    CHECK(out == box && flag == 1);
    CHECK_EQ(wi_attribute_fortran_value(box), 11); /* Fortran reads what C wrote */
    CHECK_EQ(del(R_MPI_COMM_WORLD, r_keyval, out, NULL), R_MPI_SUCCESS);
    CHECK_EQ(wi_attribute_fortran_value(box), 10);
    CHECK_EQ(wi_attribute_box_count(), base + 1);

    /* A failed delete leaves the attribute, and its box. */
    c_delete_result = A_MPI_ERR_OTHER;
    CHECK(del(R_MPI_COMM_WORLD, r_keyval, box, NULL) != R_MPI_SUCCESS);
    CHECK_EQ(wi_attribute_box_count(), base + 1);
    c_delete_result = A_MPI_SUCCESS;
    CHECK_EQ(del(R_MPI_COMM_WORLD, r_keyval, box, NULL), R_MPI_SUCCESS);
    CHECK_EQ(wi_attribute_box_count(), base);
}

/* Fortran callbacks (MPI_COMM_CREATE_KEYVAL from Fortran): integers in and out. */
static int64_t f_seen_in = -1, f_seen_deleted = -1;
static int f_seen_in_w = -1;

static void f_copy(A_MPI_Fint *object, int *keyval, int64_t *extra, int64_t *in, int64_t *out, A_MPI_Fint *flag,
                   A_MPI_Fint *ierr)
{
    (void)object, (void)keyval, (void)extra;
    f_seen_in = *in;
    f_seen_in_w = wi_in_w;
    *out = *in + 1;
    *flag = 1;
    *ierr = A_MPI_SUCCESS;
}

static void f_delete(A_MPI_Fint *object, int *keyval, int64_t *value, int64_t *extra, A_MPI_Fint *ierr)
{
    (void)object, (void)keyval, (void)extra;
    f_seen_deleted = *value;
    *ierr = A_MPI_SUCCESS;
}

static void test_fortran_callbacks_get_integers(void)
{
    unsigned base = wi_attribute_box_count();
    int r_keyval;
    r_copy_fn copy;
    r_delete_fn del;
    keyval((void *)f_copy, (void *)f_delete, WI_CALLBACK_FORTRAN, &r_keyval, &copy, &del);
    void *box = wi_attribute_box(41);
    void *out = NULL;
    int flag = 0;
    wi_in_w = 1;
    CHECK_EQ(copy(R_MPI_COMM_WORLD, r_keyval, NULL, box, &out, &flag), R_MPI_SUCCESS);
    CHECK_EQ(wi_in_w, 1);
    wi_in_w = 0;
    CHECK_EQ(f_seen_in_w, 0);
    CHECK_EQ(f_seen_in, 41);
    CHECK(flag == 1 && out != box);
    CHECK_EQ(*(int64_t *)out, 42); /* the copy's value, set from Fortran: boxed */
    CHECK_EQ(wi_attribute_box_count(), base + 2);
    CHECK_EQ(del(R_MPI_COMM_WORLD, r_keyval, out, NULL), R_MPI_SUCCESS);
    CHECK_EQ(f_seen_deleted, 42);
    CHECK_EQ(del(R_MPI_COMM_WORLD, r_keyval, box, NULL), R_MPI_SUCCESS);
    CHECK_EQ(f_seen_deleted, 41);
    CHECK_EQ(wi_attribute_box_count(), base);

    /* A value C set is the pointer value in Fortran. */
    int c_value;
    CHECK_EQ(copy(R_MPI_COMM_WORLD, r_keyval, NULL, &c_value, &out, &flag), R_MPI_SUCCESS);
    CHECK_EQ(f_seen_in, (int64_t)(intptr_t)&c_value);
    CHECK_EQ(del(R_MPI_COMM_WORLD, r_keyval, out, NULL), R_MPI_SUCCESS);
    CHECK_EQ(f_seen_deleted, (int64_t)(intptr_t)&c_value + 1);
    CHECK_EQ(wi_attribute_box_count(), base);
}

/* Threads setting, copying, reading and deleting Fortran values at once (run under ThreadSanitizer
 * too): every value read back is the one boxed, and every box is freed. */
#define BOX_THREADS 4
#define BOX_ROUNDS 20000

static void *box_worker(void *arg)
{
    intptr_t id = (intptr_t)arg;
    long wrong = 0;
    for (int i = 0; i < BOX_ROUNDS; i++) {
        int64_t value = id * 1000000 + i;
        void *box = wi_attribute_box(value);
        wi_attribute_box_retain(box); /* a copy */
        int64_t read = -1;
        if (!wi_attribute_unbox(box, &read) || read != value || wi_attribute_fortran_value(box) != value)
            wrong++;
        wi_attribute_box_release(box);
        wi_attribute_box_release(box);
    }
    return (void *)wrong;
}

static void test_concurrent_boxes(void)
{
    unsigned base = wi_attribute_box_count();
    pthread_t threads[BOX_THREADS];
    for (intptr_t t = 0; t < BOX_THREADS; t++)
        CHECK_EQ(pthread_create(&threads[t], NULL, box_worker, (void *)t), 0);
    for (int t = 0; t < BOX_THREADS; t++) {
        void *wrong = NULL;
        pthread_join(threads[t], &wrong);
        CHECK_EQ((long)(intptr_t)wrong, 0);
    }
    CHECK_EQ(wi_attribute_box_count(), base);
}

int main(void)
{
    wi_fixture_register_predefined();
    test_boxes();
    test_predefined_callbacks();
    test_c_callbacks_see_the_box();
    test_fortran_callbacks_get_integers();
    test_concurrent_boxes();
    return wi_test_finish("attributes (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
