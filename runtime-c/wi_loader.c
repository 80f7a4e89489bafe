/* Runtime library loading; see wi_loader.h. */
#include "wi_loader.h"

#include <dlfcn.h>
#include <stdlib.h>

#include "wi_abi.h"
#include "wi_log.h"
#include "wi_namespace.h"

void *wi_open_runtime(void)
{
    const char *path = getenv(WI_RUN_MPI_C_LIB_VAR);
    if (path == NULL || path[0] == '\0')
        wi_fatal(WI_RUN_MPI_C_LIB_VAR " is not set; run the application through bin/wi4mpi "
                                      "or set it to the target MPI C library.");
#ifdef WI_RUNTIME_NAMESPACE
    /* The application's ABI is another version of the runtime's, with the same library and object
     * names: the runtime and what it loads later live in a namespace of their own (wi_namespace.h). */
    void *handle = wi_namespace_open(path);
#else
    void *handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
#endif
    if (handle == NULL) {
        const char *reason = dlerror();
        wi_fatal("cannot load the target MPI library '%s' (from " WI_RUN_MPI_C_LIB_VAR "): %s",
                 path, reason != NULL ? reason : "unknown error");
    }
    wi_debug("translating " WI_FROM_NAME " -> " WI_TO_NAME ", runtime library '%s'", path);
    return handle;
}

int wi_application_uses_mpi(void)
{
    /* RTLD_NOLOAD only looks the soname up among loaded objects; the
     * reference it takes is dropped at once. */
    static const char *const sonames[] = {WI_A_SONAMES};
    for (size_t i = 0; i < sizeof sonames / sizeof sonames[0]; i++) {
        void *handle = dlopen(sonames[i], RTLD_LAZY | RTLD_NOLOAD);
        if (handle != NULL) {
            dlclose(handle);
            return 1;
        }
    }
    return 0;
}
