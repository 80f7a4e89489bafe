/* Tools below the translation; see wi_target_tools.h. */
#define _GNU_SOURCE /* RTLD_DEEPBIND, dladdr1, dlinfo */
#include "wi_target_tools.h"

#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>

#include "wi_abi.h"
#include "wi_log.h"
#include "wi_namespace.h"
#include "wi_loader.h"

#define WI_TARGET_TOOLS_MAX 16

/* Cross pairs: the global scope starts with the translation library's symbols of the application's
 * ABI, so a tool looks in its own libraries first (its PMPI_X is the runtime's). Identity pairs: the
 * global scope is right as it is, and must be used, since the application may hold copies of the
 * runtime's objects (copy relocations of MPI_COMM_WORLD's object) that the runtime uses instead of
 * its own; its PMPI_X stubs jump straight to the runtime. */
#if WI_IDENTITY
#define WI_TARGET_TOOL_BINDING 0
#else
#define WI_TARGET_TOOL_BINDING RTLD_DEEPBIND
#endif

struct wi_target_tool {
    void *handle;
    struct link_map *map; /* the tool's own object, to tell its definitions from its libraries' */
};

static struct wi_target_tool wi_tools[WI_TARGET_TOOLS_MAX];
static int wi_tool_count;

static void wi_target_tool_open(void *runtime, const char *path)
{
    if (wi_tool_count == WI_TARGET_TOOLS_MAX)
        wi_fatal(WI_RUN_TARGET_TOOLS_VAR " lists more than %d tool libraries; '%s' is one too many",
                 WI_TARGET_TOOLS_MAX, path);
    /* Lazy, as a preloaded tool is bound natively: a wrap-generated tool wraps every function the
     * target's mpi.h declares, some of which its library does not define (MPICH 4.0's
     * PMPI_Status_f082f), and binding them now would refuse a tool that works natively. */
#ifdef WI_RUNTIME_NAMESPACE
    /* The runtime has a namespace of its own: the tool joins it, where its libmpi is the runtime. */
    void *handle = wi_namespace_dlopen(path, RTLD_LAZY | RTLD_LOCAL);
#else
    void *handle = dlopen(path, RTLD_LAZY | RTLD_LOCAL | WI_TARGET_TOOL_BINDING);
#endif
    if (handle == NULL) {
        const char *reason = dlerror();
        wi_fatal("cannot load the target tool library '%s' (from " WI_RUN_TARGET_TOOLS_VAR "): %s", path,
                 reason != NULL ? reason : "unknown error");
    }
    /* What the tool's PMPI_Init binds to: the runtime's only when the tool links the target MPI, whose
     * library the runtime already is; a tool of another family would reach a fake library or none. */
    void *own = dlsym(handle, "PMPI_Init");
    if (own == NULL || own != dlsym(runtime, "PMPI_Init"))
        wi_fatal("the target tool library '%s' (from " WI_RUN_TARGET_TOOLS_VAR ") does not call the target "
                 "MPI library '%s': build and link it with the mpicc of %s",
                 path, getenv(WI_RUN_MPI_C_LIB_VAR), WI_TO_NAME);
    struct link_map *map = NULL;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL)
        wi_fatal("cannot inspect the target tool library '%s': %s", path, dlerror());
    wi_tools[wi_tool_count].handle = handle;
    wi_tools[wi_tool_count].map = map;
    wi_tool_count++;
    wi_debug("PMPI tool '%s' loaded below the translation", path);
}

void wi_target_tools_open(void *runtime)
{
    const char *list = getenv(WI_RUN_TARGET_TOOLS_VAR);
    if (list == NULL || list[0] == '\0')
        return;
    char *copy = strdup(list);
    if (copy == NULL)
        wi_fatal("out of memory reading " WI_RUN_TARGET_TOOLS_VAR);
    char *save = NULL;
    for (char *path = strtok_r(copy, ":", &save); path != NULL; path = strtok_r(NULL, ":", &save))
        wi_target_tool_open(runtime, path);
    free(copy);
}

void *wi_target_resolve(void *runtime, const char *name, void *fallback)
{
    for (int i = 0; i < wi_tool_count; i++) {
        void *p = dlsym(wi_tools[i].handle, name);
        Dl_info info;
        struct link_map *where = NULL;
        if (p != NULL && dladdr1(p, &info, (void **)&where, RTLD_DL_LINKMAP) != 0 && where == wi_tools[i].map)
            return p;
    }
    void *p = dlsym(runtime, name);
    return p != NULL ? p : fallback;
}
