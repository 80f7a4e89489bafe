/* What the generated Fortran wrappers use (wi_fortran_wrappers.h): array lengths and the datatype
 * of a non-contiguous mpi_f08 section, against scripted A_ functions (fake_application.h). */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "fake_application.h"
#include "gfortran_descriptor.h"
#include "wi_fortran_wrappers.h"
#include "wi_test.h"

static void lengths(void)
{
    fake_application_reset();
    fake_application.comm_size = 6;
    fake_application.comm_remote_size = 4;
    CHECK_EQ(wi_f_comm_size(A_MPI_COMM_WORLD), 6);
    CHECK_EQ(wi_f_comm_remote_size(A_MPI_COMM_WORLD), 4);
    CHECK_EQ(wi_f_comm_peers(A_MPI_COMM_WORLD), 6);
    fake_application.comm_inter = 1;
    CHECK_EQ(wi_f_comm_peers(A_MPI_COMM_WORLD), 4);
}

static void root_peers(void)
{
    fake_application_reset();
    fake_application.comm_size = 6;
    fake_application.comm_remote_size = 4;
    fake_application.comm_rank = 2;
    CHECK_EQ(wi_f_root_peers(A_MPI_COMM_WORLD, 2), 6); /* the root of an intracommunicator */
    CHECK_EQ(wi_f_root_peers(A_MPI_COMM_WORLD, 0), 0);
    fake_application.comm_inter = 1;
    CHECK_EQ(wi_f_root_peers(A_MPI_COMM_WORLD, A_MPI_ROOT), 4); /* the root group's root */
    CHECK_EQ(wi_f_root_peers(A_MPI_COMM_WORLD, A_MPI_PROC_NULL), 0);
}

static void contiguous_sections_pass_as_they_are(void)
{
    fake_application_reset();
    struct desc whole = array(2, 1, 3, 3, 2);
    A_MPI_Count count = 12;
    A_MPI_Fint datatype = wi_datatype_a2f(A_MPI_INT);
    A_MPI_Datatype made = A_MPI_DATATYPE_NULL;
    CHECK(wi_f08_section(&whole, &count, &datatype, &made, "MPI_Send") == &gfortran_data[1]);
    CHECK_EQ(count, 12);
    CHECK_EQ(datatype, wi_datatype_a2f(A_MPI_INT));
    CHECK(made == A_MPI_DATATYPE_NULL);
    CHECK_EQ(fake_application.type_call_count, 0);
}

#if defined(WI_FX_DATATYPE_FORTRAN_ROUND_TRIP)
/* Every other element of 3 rows, 2 columns of a 6-row array; 2 ints per element. */
static void a_strided_section_gets_hvectors_of_its_dimensions(void)
{
    fake_application_reset();
    struct desc section = array(2, 2, 3, 6, 2);
    A_MPI_Count count = 12;
    A_MPI_Fint datatype = wi_datatype_a2f(A_MPI_INT);
    A_MPI_Datatype made = A_MPI_DATATYPE_NULL;
    CHECK(wi_f08_section(&section, &count, &datatype, &made, "MPI_Send") == &gfortran_data[1]);
    struct fake_type_call *c = fake_application.type_calls;
    CHECK_EQ(fake_application.type_call_count, 6);
    CHECK(c[0].what == 'c' && c[0].count == 2 && c[0].type == A_MPI_INT); /* 2 ints per element */
    CHECK(c[1].what == 'h' && c[1].count == 3 && c[1].stride == 8 && c[1].type == FAKE_TYPE(1));
    CHECK(c[2].what == 'f' && c[2].type == FAKE_TYPE(1)); /* intermediate types go */
    CHECK(c[3].what == 'h' && c[3].count == 2 && c[3].stride == 24 && c[3].type == FAKE_TYPE(2));
    CHECK(c[4].what == 'f' && c[4].type == FAKE_TYPE(2));
    CHECK(c[5].what == 'm' && c[5].type == FAKE_TYPE(3));
    CHECK(made == FAKE_TYPE(3));
    CHECK_EQ(count, 1);
    CHECK_EQ(datatype, wi_datatype_a2f(FAKE_TYPE(3)));

    fake_application_reset(); /* one item per element: the hvectors take the datatype itself */
    count = 6;
    datatype = wi_datatype_a2f(A_MPI_INT);
    CHECK(wi_f08_section(&section, &count, &datatype, &made, "MPI_Send") == &gfortran_data[1]);
    CHECK_EQ(fake_application.type_call_count, 4);
    CHECK(c[0].what == 'h' && c[0].type == A_MPI_INT);
    CHECK(c[1].what == 'h' && c[1].type == FAKE_TYPE(1));
    CHECK(c[2].what == 'f' && c[2].type == FAKE_TYPE(1));
    CHECK(c[3].what == 'm' && c[3].type == FAKE_TYPE(2));
}
#endif

static void indivisible_count(void *arg)
{
    (void)arg;
    struct desc section = array(1, 2, 3, 0, 0);
    A_MPI_Count count = 4;
    A_MPI_Fint datatype = 0;
    A_MPI_Datatype made;
    wi_f08_section(&section, &count, &datatype, &made, "MPI_Send");
}

int main(void)
{
    lengths();
    root_peers();
    contiguous_sections_pass_as_they_are();
#if defined(WI_FX_DATATYPE_FORTRAN_ROUND_TRIP)
    a_strided_section_gets_hvectors_of_its_dimensions();
#endif
    wi_test_expect_fatal("a count that does not divide among the elements", indivisible_count, NULL,
                         "MPI_Send (Fortran 2008): the count 4 does not divide among the 3 elements");
    return wi_test_finish("Fortran wrapper support (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
