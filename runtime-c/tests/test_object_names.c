/* Object names longer than the runtime keeps (wi_object_names.h): mpich -> openmpi keeps a name of up
 * to 127 characters where the runtime keeps 63, cut at the application's length, per kind and handle,
 * until a short name replaces it or the object is freed; openmpi -> mpich keeps nothing. */
#include <stdlib.h>
#include <string.h>

#include "wi_object_names.h"
#include "wi_test.h"

int main(void)
{
    char name[A_MPI_MAX_OBJECT_NAME];
    int length = -1;
    char *long_name = wi_test_text(A_MPI_MAX_OBJECT_NAME - 1, 'n'), *too_long = wi_test_text(A_MPI_MAX_OBJECT_NAME + 9, 'm');
    const wi_word comm = 0x1000, other = 0x2000;

    wi_object_name_set(WI_KIND_COMM, comm, "short");
    CHECK(!wi_object_names_any());
    wi_object_name_set(WI_KIND_COMM, comm, long_name);
    if (A_MPI_MAX_OBJECT_NAME <= R_MPI_MAX_OBJECT_NAME) { /* the runtime keeps the application's names */
        CHECK(!wi_object_names_any());
        CHECK(!wi_object_name_get(WI_KIND_COMM, comm, name, &length));
        free(long_name);
        free(too_long);
        return wi_test_finish("test_object_names");
    }
    CHECK(wi_object_names_any());
    CHECK(wi_object_name_get(WI_KIND_COMM, comm, name, &length));
    CHECK(strcmp(name, long_name) == 0);
    CHECK_EQ(length, A_MPI_MAX_OBJECT_NAME - 1);
    /* another kind with the same handle word, another handle: the runtime's name */
    CHECK(!wi_object_name_get(WI_KIND_DATATYPE, comm, name, &length));
    CHECK(!wi_object_name_get(WI_KIND_COMM, other, name, &length));

    /* beyond the application's length: cut there, as its MPI does */
    wi_object_name_set(WI_KIND_DATATYPE, comm, too_long);
    CHECK(wi_object_name_get(WI_KIND_DATATYPE, comm, name, &length));
    CHECK_EQ(length, A_MPI_MAX_OBJECT_NAME - 1);
    CHECK(strncmp(name, too_long, A_MPI_MAX_OBJECT_NAME - 1) == 0 && name[length] == '\0');

    /* a name the runtime keeps whole replaces the long one */
    wi_object_name_set(WI_KIND_COMM, comm, "short");
    CHECK(!wi_object_name_get(WI_KIND_COMM, comm, name, &length));
    /* freed objects lose theirs */
    wi_object_name_forget(WI_KIND_DATATYPE, comm);
    CHECK(!wi_object_name_get(WI_KIND_DATATYPE, comm, name, &length));
    CHECK(!wi_object_names_any());
    free(long_name);
    free(too_long);
    return wi_test_finish("test_object_names");
}
