/* Fortran conventions: blank trimming and padding of strings, the hidden
 * length read as an int when so configured, the value of .TRUE.. */
#include <stdlib.h>
#include <string.h>

#include "wi_fortran.h"
#include "wi_test.h"

static void test_string_in(void)
{
    char out[16];
    wi_fortran_string_in(out, "name   ", 7);
    CHECK(strcmp(out, "name") == 0);
    wi_fortran_string_in(out, "  a b  xyz", 7); /* only the first 7 bytes belong to the string */
    CHECK(strcmp(out, "  a b") == 0);
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

int main(void)
{
    test_string_in();
    test_string_out();
    test_int_lengths_and_true();
    return wi_test_finish("fortran");
}
