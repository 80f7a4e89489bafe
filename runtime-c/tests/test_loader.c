/* Runtime library loading: the fatal sentences for an unset variable and
 * an unloadable library, a successful load, and the "is this an MPI
 * application" probe (built three times: without a library carrying an
 * application-side soname, with the C one, with only the Fortran one). */
#include <dlfcn.h>
#include <stdlib.h>

#include "wi_abi.h"
#include "wi_loader.h"
#include "wi_test.h"

#ifndef FAKE_RUNTIME_LIBRARY
#error "FAKE_RUNTIME_LIBRARY (path of a loadable library) must be defined"
#endif
#ifndef EXPECT_APPLICATION_USES_MPI
#error "EXPECT_APPLICATION_USES_MPI must be defined"
#endif

static void open_with(void *value)
{
    if (value == NULL)
        unsetenv("WI4MPI_RUN_MPI_C_LIB");
    else
        setenv("WI4MPI_RUN_MPI_C_LIB", value, 1);
    wi_open_runtime();
}

int main(void)
{
    wi_test_expect_fatal("unset", open_with, NULL,
                         "wi4mpi: WI4MPI_RUN_MPI_C_LIB is not set; run the application through "
                         "bin/wi4mpi or set it to the target MPI C library.\n");
    wi_test_expect_fatal("empty", open_with, "", "WI4MPI_RUN_MPI_C_LIB is not set");
    wi_test_expect_fatal("missing", open_with, "/nonexistent/libmpich.so.12",
                         "wi4mpi: cannot load the target MPI library '/nonexistent/libmpich.so.12' "
                         "(from WI4MPI_RUN_MPI_C_LIB): /nonexistent/libmpich.so.12: cannot open");

    setenv("WI4MPI_RUN_MPI_C_LIB", FAKE_RUNTIME_LIBRARY, 1);
    void *runtime = wi_open_runtime();
    CHECK(runtime != NULL);
    CHECK(runtime != NULL && dlsym(runtime, "wi_test_fake_runtime_marker") != NULL);

    CHECK_EQ(wi_application_uses_mpi(), EXPECT_APPLICATION_USES_MPI);
    CHECK_EQ(wi_application_uses_mpi(), EXPECT_APPLICATION_USES_MPI); /* no reference kept */
    return wi_test_finish("loader (application library loaded: " LOADED_SONAME ")");
}
