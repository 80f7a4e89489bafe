<#import "banner.ftl" as b>
<@b.banner template="wi_loader.c.ftl"/>
/* Loads the runtime MPI library and the tools below the translation, and resolves every runtime
 * function and object the pair uses. */
#include <dlfcn.h>
#include <pthread.h>

#include "wi_convert.h"
#include "wi_loader.h"
#include "wi_log.h"
#include "wi_target_tools.h"

static int wi_runtime_loaded;

static void wi_missing(const char *name)
{
    if (!wi_runtime_loaded)
        wi_fatal("%s was called before the target MPI library was loaded", name);
    wi_fatal("%s is not provided by the target MPI library (%s)", name, WI_TO_NAME);
}

/* Until the runtime library is loaded, every pointer leads to a stub that reports the symbol by name. */
<#list pair.functions.runtimeFunctions as f>
static void wi_missing_P${f.name}(void) { wi_missing("P${f.name}"); }
WI_HIDDEN ${f.runtimeReturn} (*R_P${f.name})(${f.runtimeParamTypes()}) = (${f.runtimeReturn} (*)(${f.runtimeParamTypes()}))wi_missing_P${f.name};
WI_HIDDEN ${f.runtimeReturn} (*T_${f.name})(${f.runtimeParamTypes()}) = (${f.runtimeReturn} (*)(${f.runtimeParamTypes()}))wi_missing_P${f.name};
</#list>
<#list pair.functions.untypedRuntimePointers as s>
static void wi_missing_${s}(void) { wi_missing("${s}"); }
WI_HIDDEN void (*wi_rfn_${s})(void) = wi_missing_${s};
</#list>

<#list pair.constants.runtimeObjects as sym>
WI_HIDDEN void *wi_r_object_${sym};
</#list>

void wi_register_predefined_handles(void);

static void *wi_resolve(void *lib, const char *name, void *missing)
{
    void *p = dlsym(lib, name);
    return p ? p : missing;
}

static void wi_load_runtime(void)
{
    void *lib = wi_open_runtime();
    wi_target_tools_open(lib);
    /* MPI_X: a tool's, else the runtime's (its PMPI_X where it has no MPI_X); PMPI_X: the runtime's. */
<#list pair.functions.runtimeFunctions as f>
    *(void **)&R_P${f.name} = wi_resolve(lib, "P${f.name}", (void *)wi_missing_P${f.name});
    *(void **)&T_${f.name} = wi_target_resolve(lib, "${f.name}", *(void **)&R_P${f.name});
</#list>
<#list pair.functions.untypedRuntimePointers as s>
<#-- the profiling names (PMPI_X, PMPIX_X) are always the runtime's -->
<#if s?starts_with("P")>
    *(void **)&wi_rfn_${s} = wi_resolve(lib, "${s}", (void *)wi_missing_${s});
<#else>
    *(void **)&wi_rfn_${s} = wi_target_resolve(lib, "${s}", (void *)wi_missing_${s});
</#if>
</#list>
<#list pair.constants.runtimeObjects as sym>
    wi_r_object_${sym} = dlsym(lib, "${sym}");
    if (!wi_r_object_${sym})
        wi_fatal("the target MPI library does not define %s, which %s needs", "${sym}", WI_TO_NAME);
</#list>
    wi_register_predefined_handles();
    wi_runtime_loaded = 1;
    wi_debug("%s→%s translation ready", WI_FROM_NAME, WI_TO_NAME);
}

static pthread_once_t wi_load_once = PTHREAD_ONCE_INIT;

WI_HIDDEN void wi_runtime_ensure(void)
{
    pthread_once(&wi_load_once, wi_load_runtime);
}

/* Processes that merely inherit LD_PRELOAD (launchers, shells) load nothing. */
__attribute__((constructor)) static void wi_loader_init(void)
{
    if (wi_application_uses_mpi())
        wi_runtime_ensure();
}
