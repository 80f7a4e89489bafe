/* Fortran conventions: blank trimming and padding of strings, the hidden
 * length read as an int when so configured, the value of .TRUE., the data
 * address of gfortran array descriptors and the refusal of strided ones,
 * arrays of Fortran strings as C argv arrays. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "gfortran_descriptor.h"
#include "wi_fortran.h"
#include "wi_test.h"

static void test_string_in(void)
{
    char out[16];
    wi_fortran_string_in(out, "name   ", 7);
    CHECK(strcmp(out, "name") == 0);
    wi_fortran_string_in(out, "  a b  xyz", 7); /* only the first 7 bytes belong to the string */
    CHECK(strcmp(out, "a b") == 0); /* leading and trailing blanks stripped, inner ones kept */
    wi_fortran_string_in(out, "    ", 4);
    CHECK(strcmp(out, "") == 0);
    wi_fortran_string_in(out, "", 0);
    CHECK(strcmp(out, "") == 0);
}

static void test_string_out(void)
{
    char out[9] = "########";
    wi_fortran_string_out(out, 6, "abc");
    CHECK(memcmp(out, "abc   ##", 8) == 0);
    wi_fortran_string_out(out, 4, "truncated");
    CHECK(memcmp(out, "trun  ##", 8) == 0);
}

static void test_int_lengths_and_true(void)
{
    setenv("WI4MPI_FORTRAN_STRLEN", "int", 1);
    setenv("WI4MPI_FORTRAN_TRUE", "-1", 1);
    CHECK_EQ(wi_fortran_len_kind(), WI_FORTRAN_LEN_INT);
    /* an int length leaves the upper half of its slot undefined */
    CHECK_EQ(wi_fortran_len((wi_fortran_len_t)0xdeadbeef00000005ULL), 5);
    CHECK_EQ(wi_fortran_len((wi_fortran_len_t)0x00000000ffffffffULL), 0);
    CHECK_EQ(wi_fortran_true(), -1);
}

static void strided_buffer(void *arg)
{
    wi_fortran_descriptor_address(arg, "MPI_Send");
}

static void test_descriptor_address(void)
{
    struct desc scalar = array(0, 0, 0, 0, 0);
    CHECK(wi_fortran_descriptor_address(&scalar, "MPI_Send") == &gfortran_data[1]);
    struct desc vector = array(1, 1, 10, 0, 0);          /* a(1:10) */
    CHECK(wi_fortran_descriptor_address(&vector, "MPI_Send") == &gfortran_data[1]);
    struct desc matrix = array(2, 1, 4, 4, 2);           /* m(:, 2:3) of m(4, 3) */
    CHECK(wi_fortran_descriptor_address(&matrix, "MPI_Send") == &gfortran_data[1]);
    struct desc column = array(2, 1, 4, 4, 1);           /* m(:, 2:2): one column */
    CHECK(wi_fortran_descriptor_address(&column, "MPI_Send") == &gfortran_data[1]);
    struct desc assumed_size = array(2, 1, 4, 4, -1);    /* last extent unknown, strides contiguous */
    CHECK(wi_fortran_descriptor_address(&assumed_size, "MPI_Send") == &gfortran_data[1]);
    struct desc every_other = array(1, 2, 5, 0, 0);      /* a(1:10:2) */
    wi_test_expect_fatal("strided section", strided_buffer, &every_other,
                         "MPI_Send (Fortran 2008): the buffer is a non-contiguous array section");
    struct desc block = array(2, 1, 2, 4, 3);            /* m(1:2, :) of m(4, 3) */
    wi_test_expect_fatal("2-D block", strided_buffer, &block, "non-contiguous array section");
    struct desc row = array(2, 1, 1, 4, 3);              /* m(2:2, :): elements 4 apart */
    wi_test_expect_fatal("row section", strided_buffer, &row, "non-contiguous array section");
    struct desc component = array(1, 1, 5, 0, 0);        /* x(:)%field: elements 8 bytes apart */
    component.span = 8;
    wi_test_expect_fatal("derived-type component", strided_buffer, &component, "non-contiguous array section");
}

/* Fortran string arrays: CHARACTER*8 ARGV(3) ended by a blank element, and ARGV(2, 3) column-major. */
static void test_string_arrays(void)
{
    const char argv[] = "first   second          third   ";
    char **a = wi_fortran_argv_in(argv, 8);
    CHECK(a[0] != NULL && strcmp(a[0], "first") == 0);
    CHECK(a[1] != NULL && strcmp(a[1], "second") == 0);
    CHECK(a[2] == NULL); /* the blank element ends the list: "third" is not read */

    char **s = wi_fortran_strings_in("cmd-a   cmd-b   ", 8, 2);
    CHECK(strcmp(s[0], "cmd-a") == 0 && strcmp(s[1], "cmd-b") == 0 && s[2] == NULL);

    /* ARGV(2, 3): (1,1) (2,1) (1,2) (2,2) (1,3) (2,3) in memory */
    const char argvs[] = "x1      y1      x2              " "        " "        ";
    char ***v = wi_fortran_argvs_in(argvs, 8, 2);
    CHECK(strcmp(v[0][0], "x1") == 0 && strcmp(v[0][1], "x2") == 0 && v[0][2] == NULL);
    CHECK(strcmp(v[1][0], "y1") == 0 && v[1][1] == NULL);
    CHECK(v[2] == NULL);
}

int main(void)
{
    test_descriptor_address();
    test_string_arrays();
    test_string_in();
    test_string_out();
    test_int_lengths_and_true();
    return wi_test_finish("fortran");
}
