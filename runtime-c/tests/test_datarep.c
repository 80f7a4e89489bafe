/* Data representation trampolines (MPI_Register_datarep): the runtime gets the bundle as its
 * extra_state and a trampoline per callback; each trampoline calls the user's function with the
 * application's datatype, count, position and extra_state, wi_in_w cleared, and turns the user's
 * error code into the runtime's. Null conversion functions stay null. Fortran-registered functions
 * get INTEGER handles and every argument by reference. */
#include <stdint.h>

#include "wi_callbacks.h"
#include "wi_convert.h"
#include "wi_datarep.h"
#include "wi_errors.h"
#include "wi_fixture_kinds.h"
#include "wi_test.h"
#include "wi_tls.h"

typedef int (*r_conversion_fn)(void *, R_MPI_Datatype, int, void *, R_MPI_Offset, void *);
typedef int (*r_conversion_c_fn)(void *, R_MPI_Datatype, R_MPI_Count, void *, R_MPI_Offset, void *);
typedef int (*r_extent_fn)(R_MPI_Datatype, R_MPI_Aint *, void *);

static A_MPI_Datatype seen_datatype;
static long long seen_count, seen_position;
static void *seen_state;
static int seen_in_w = -1;
static const char *seen_callback;

static int user_read(void *userbuf, A_MPI_Datatype datatype, int count, void *filebuf, A_MPI_Offset position,
                     void *extra_state)
{
    seen_callback = "read";
    seen_datatype = datatype, seen_count = count, seen_position = position, seen_state = extra_state;
    seen_in_w = wi_in_w;
    ((int *)userbuf)[0] = ((int *)filebuf)[0] + 1;
    return A_MPI_SUCCESS;
}

static int user_write(void *userbuf, A_MPI_Datatype datatype, int count, void *filebuf, A_MPI_Offset position,
                      void *extra_state)
{
    (void)userbuf, (void)filebuf;
    seen_callback = "write";
    seen_datatype = datatype, seen_count = count, seen_position = position, seen_state = extra_state;
    seen_in_w = wi_in_w;
    return A_MPI_ERR_OTHER;
}

static int user_read_c(void *userbuf, A_MPI_Datatype datatype, A_MPI_Count count, void *filebuf,
                       A_MPI_Offset position, void *extra_state)
{
    (void)userbuf, (void)filebuf;
    seen_callback = "read_c";
    seen_datatype = datatype, seen_count = count, seen_position = position, seen_state = extra_state;
    seen_in_w = wi_in_w;
    return A_MPI_SUCCESS;
}

static int user_extent(A_MPI_Datatype datatype, A_MPI_Aint *extent, void *extra_state)
{
    seen_callback = "extent";
    seen_datatype = datatype, seen_state = extra_state;
    seen_in_w = wi_in_w;
    *extent = 24;
    return A_MPI_SUCCESS;
}

static void test_c_callbacks(void)
{
    int state = 7;
    void *bundle = wi_datarep_wrap((void *)user_read, (void *)user_write, (void *)user_extent, &state);
    r_conversion_fn read = (r_conversion_fn)wi_callback_datarep_read_a2r((void *)user_read);
    r_conversion_fn write = (r_conversion_fn)wi_callback_datarep_write_a2r((void *)user_write);
    r_extent_fn extent = (r_extent_fn)wi_callback_datarep_extent_a2r((void *)user_extent);
    CHECK((void *)read != (void *)user_read && (void *)write != (void *)user_write && (void *)read != (void *)write);
    CHECK(bundle != (void *)&state);

    int user = 0, file = 41;
    wi_in_w = 1; /* the runtime converts from inside a translated call */
    CHECK_EQ(read(&user, R_MPI_INT, 3, &file, 4096, bundle), R_MPI_SUCCESS);
    CHECK(seen_callback[0] == 'r' && seen_callback[4] == '\0');
    CHECK(seen_datatype == A_MPI_INT);
    CHECK_EQ(seen_count, 3);
    CHECK_EQ(seen_position, 4096);
    CHECK(seen_state == (void *)&state);
    CHECK_EQ(seen_in_w, 0);
    CHECK_EQ(wi_in_w, 1);
    CHECK_EQ(user, 42);

    /* The user's error code becomes the runtime's. */
    CHECK_EQ(write(&user, R_MPI_INT, 1, &file, 0, bundle), R_MPI_ERR_OTHER);
    CHECK(seen_callback[0] == 'w');

    R_MPI_Aint file_extent = 0;
    CHECK_EQ(extent(R_MPI_INT, &file_extent, bundle), R_MPI_SUCCESS);
    CHECK_EQ(file_extent, 24);
    CHECK(seen_datatype == A_MPI_INT && seen_state == (void *)&state);
    wi_in_w = 0;
    wi_datarep_discard(bundle); /* a registered representation keeps its bundle; the test frees it */
}

static void test_null_conversions_stay_null(void)
{
    CHECK(wi_callback_datarep_read_a2r(NULL) == NULL);
    CHECK(wi_callback_datarep_write_a2r(NULL) == NULL);
    CHECK(wi_callback_datarep_read_c_a2r(NULL) == NULL);
    CHECK(wi_callback_datarep_write_c_a2r(NULL) == NULL);
}

static void test_large_count(void)
{
    void *bundle = wi_datarep_wrap((void *)user_read_c, NULL, (void *)user_extent, NULL);
    r_conversion_c_fn read_c = (r_conversion_c_fn)wi_callback_datarep_read_c_a2r((void *)user_read_c);
    int user = 0, file = 0;
    CHECK_EQ(read_c(&user, R_MPI_INT, (R_MPI_Count)1 << 40, &file, 8, bundle), R_MPI_SUCCESS);
    CHECK(seen_callback[4] == '_');
    CHECK_EQ(seen_count, 1LL << 40); /* not narrowed to an int */
    CHECK(seen_state == NULL);
    wi_datarep_discard(bundle);
}

/* A large-count function registered with a runtime's MPI_Register_datarep: its int count widened. */
static void test_large_count_through_int_form(void)
{
    int state = 3;
    void *bundle = wi_datarep_wrap((void *)user_read_c, NULL, (void *)user_extent, &state);
    r_conversion_fn read = (r_conversion_fn)wi_callback_datarep_read_c_int_a2r((void *)user_read_c);
    CHECK(read != NULL && (void *)read != wi_callback_datarep_read_c_a2r((void *)user_read_c));
    CHECK(wi_callback_datarep_read_c_int_a2r(NULL) == NULL);
    CHECK(wi_callback_datarep_write_c_int_a2r(NULL) == NULL);
    int user = 0, file = 0;
    seen_count = -1;
    wi_in_w = 1;
    CHECK_EQ(read(&user, R_MPI_INT, 5, &file, 16, bundle), R_MPI_SUCCESS);
    CHECK_EQ(wi_in_w, 1);
    CHECK_EQ(seen_in_w, 0);
    CHECK(seen_callback[4] == '_');
    CHECK_EQ(seen_count, 5);
    CHECK_EQ(seen_position, 16);
    CHECK(seen_datatype == A_MPI_INT && seen_state == (void *)&state);
    wi_in_w = 0;
    wi_datarep_discard(bundle);
}

/* Written in Fortran: every argument by reference, the datatype an INTEGER handle. */
static A_MPI_Fint seen_fortran_datatype;
static int64_t seen_fortran_state;

static void user_read_fortran(void *userbuf, A_MPI_Fint *datatype, A_MPI_Fint *count, void *filebuf,
                              int64_t *position, int64_t *extra_state, A_MPI_Fint *ierror)
{
    (void)userbuf, (void)filebuf;
    seen_fortran_datatype = *datatype, seen_count = *count, seen_position = *position;
    seen_fortran_state = *extra_state;
    seen_in_w = wi_in_w;
    *ierror = A_MPI_SUCCESS;
}

static void user_extent_fortran(A_MPI_Fint *datatype, int64_t *extent, int64_t *extra_state, A_MPI_Fint *ierror)
{
    seen_fortran_datatype = *datatype, seen_fortran_state = *extra_state;
    *extent = 16;
    *ierror = A_MPI_ERR_OTHER;
}

static void test_fortran_callbacks(void)
{
    wi_callback_fortran = WI_CALLBACK_FORTRAN; /* as the Fortran MPI_REGISTER_DATAREP wrapper does */
    void *bundle = wi_datarep_wrap((void *)user_read_fortran, NULL, (void *)user_extent_fortran, (void *)(intptr_t)99);
    wi_callback_fortran = 0;
    r_conversion_fn read = (r_conversion_fn)wi_callback_datarep_read_a2r((void *)user_read_fortran);
    r_extent_fn extent = (r_extent_fn)wi_callback_datarep_extent_a2r((void *)user_extent_fortran);
    int user = 0, file = 0;
    wi_in_w = 1;
    CHECK_EQ(read(&user, R_MPI_INT, 5, &file, 80, bundle), R_MPI_SUCCESS);
    CHECK_EQ(seen_fortran_datatype, wi_datatype_a2f(A_MPI_INT));
    CHECK_EQ(seen_count, 5);
    CHECK_EQ(seen_position, 80);
    CHECK_EQ(seen_fortran_state, 99);
    CHECK_EQ(seen_in_w, 0);
    R_MPI_Aint file_extent = 0;
    CHECK_EQ(extent(R_MPI_INT, &file_extent, bundle), R_MPI_ERR_OTHER);
    CHECK_EQ(file_extent, 16);
    wi_in_w = 0;
    wi_datarep_discard(bundle);
}

int main(void)
{
    wi_fixture_register_predefined();
    test_c_callbacks();
    test_null_conversions_stay_null();
    test_large_count();
    test_large_count_through_int_form();
    test_fortran_callbacks();
    return wi_test_finish("datarep trampolines (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
