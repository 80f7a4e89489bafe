/* Predefined handles the runtime lacks: an alias names the runtime handle given, a created datatype is
 * made once, after MPI_Init only, named as the application's handle, and reached through the slow
 * path of wi_handle_a2r, and freed when the runtime finalizes. */
#include <string.h>

#include "wi_convert.h"
#include "wi_lifecycle.h"
#include "wi_r_functions.h"
#include "wi_substitutes.h"
#include "wi_test.h"

static int initialized, contiguous_calls, last_count;
static R_MPI_Datatype last_base;
static char last_name[64];

static int fake_initialized(int *flag) { *flag = initialized; return R_MPI_SUCCESS; }
static int fake_finalized(int *flag) { *flag = 0; return R_MPI_SUCCESS; }

static int fake_contiguous(int count, R_MPI_Datatype base, R_MPI_Datatype *made)
{
    contiguous_calls++;
    last_count = count;
    last_base = base;
    *made = R_MPI_INT; /* any runtime value: the test checks it comes back */
    return R_MPI_SUCCESS;
}

static int fake_commit(R_MPI_Datatype *type) { (void)type; return R_MPI_SUCCESS; }

static int fake_set_name(R_MPI_Datatype type, const char *name)
{
    (void)type;
    strncpy(last_name, name, sizeof last_name - 1);
    return R_MPI_SUCCESS;
}

static int freed;

static int fake_free(R_MPI_Datatype *type) { (void)type; freed++; return R_MPI_SUCCESS; }

static void run(void)
{
    /* Application handles that are no predefined handle of the fixture: an int above the predefined
     * range for MPICH-style applications, the address of a local object for Open MPI-style ones. */
    static char objects[2][16];
    wi_word alias_a = wi_a_is_pointer[WI_KIND_DATATYPE] ? (wi_word)(uintptr_t)objects[0] : 0x4c00ff01u;
    wi_word made_a = wi_a_is_pointer[WI_KIND_DATATYPE] ? (wi_word)(uintptr_t)objects[1] : 0x4c00ff02u;

    R_PMPI_Initialized = fake_initialized;
    R_PMPI_Finalized = fake_finalized;
    R_PMPI_Type_contiguous = fake_contiguous;
    R_PMPI_Type_commit = fake_commit;
    R_PMPI_Type_set_name = fake_set_name;
    R_PMPI_Type_free = fake_free;

    R_MPI_Datatype r_int = R_MPI_INT;
    wi_substitute_define(WI_KIND_DATATYPE, alias_a, "MPI_LOGICAL1", 0, WI_WORD_OF(r_int));
    wi_substitute_define(WI_KIND_DATATYPE, made_a, "MPI_LOGICAL16", 2, WI_WORD_OF(r_int));
    CHECK_EQ(wi_substitute_count, 2);

    CHECK(strcmp(wi_substitute_name(WI_KIND_DATATYPE, alias_a), "MPI_LOGICAL1") == 0);
    CHECK(strcmp(wi_substitute_name(WI_KIND_DATATYPE, made_a), "MPI_LOGICAL16") == 0);
    CHECK(wi_substitute_name(WI_KIND_COMM, made_a) == NULL); /* substitutes are per kind */
    CHECK(!wi_substitute_derived(WI_KIND_DATATYPE, alias_a));
    CHECK(wi_substitute_derived(WI_KIND_DATATYPE, made_a));

    wi_word r = 0;
    CHECK(!wi_substitute_a2r(WI_KIND_DATATYPE, alias_a, &r)); /* aliases are predefined registrations */
    CHECK(!wi_substitute_a2r(WI_KIND_DATATYPE, made_a, &r));  /* before MPI_Init: nothing created */
    CHECK_EQ(contiguous_calls, 0);

    initialized = 1;
    CHECK(wi_substitute_a2r(WI_KIND_DATATYPE, made_a, &r));
    CHECK_EQ(r, WI_WORD_OF(r_int));
    CHECK_EQ(contiguous_calls, 1);
    CHECK_EQ(last_count, 2);
    CHECK_EQ(WI_WORD_OF(last_base), WI_WORD_OF(r_int));
    CHECK(strcmp(last_name, "MPI_LOGICAL16") == 0);
    r = 0;
    CHECK(wi_substitute_a2r(WI_KIND_DATATYPE, made_a, &r)); /* created once */
    CHECK_EQ(contiguous_calls, 1);
    CHECK_EQ(r, WI_WORD_OF(r_int));
    CHECK_EQ(wi_handle_a2r(WI_KIND_DATATYPE, made_a), WI_WORD_OF(r_int)); /* through the handle tables */

    /* MPI_Finalize's hook frees the created datatype, once; a later use after a new initialization
     * makes it again. */
    wi_substitutes_finalizing();
    CHECK_EQ(freed, 1);
    wi_substitutes_finalizing();
    CHECK_EQ(freed, 1);
    CHECK(wi_substitute_a2r(WI_KIND_DATATYPE, made_a, &r));
    CHECK_EQ(contiguous_calls, 2);

    /* After MPI_Finalize (its hook records it in wi_lifecycle): nothing is created any more. */
    wi_substitutes_finalizing();
    wi_lifecycle_finalized();
    CHECK(!wi_substitute_a2r(WI_KIND_DATATYPE, made_a, &r));
    CHECK_EQ(contiguous_calls, 2);
}

int main(void)
{
    wi_fixture_register_predefined();
    run();
    return wi_test_finish("substitutes (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
