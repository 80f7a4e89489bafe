<#import "banner.ftl" as b>
<@b.banner template="wi_r_functions.h.ftl"/>
#ifndef WI_R_FUNCTIONS_H
#define WI_R_FUNCTIONS_H

#include "wi_abi.h"

#ifndef WI_HIDDEN
#define WI_HIDDEN __attribute__((visibility("hidden")))
#endif

/* Typed pointers to the runtime's PMPI functions, called by the AP_ functions and the runtime support. */
<#list pair.functions.runtimeFunctions as f>
extern WI_HIDDEN ${f.runtimeReturn} (*R_P${f.name})(${f.runtimeParamTypes()});
</#list>

/* Typed pointers to the target's MPI functions, called by the A_ functions: the first tool below the
 * translation defining the function (wi_target_tools.h), else the runtime's MPI_X, which Open MPI and
 * MPICH define as an alias of PMPI_X. */
<#list pair.functions.runtimeFunctions as f>
extern WI_HIDDEN ${f.runtimeReturn} (*T_${f.name})(${f.runtimeParamTypes()});
</#list>

/* Untyped pointers: the code chooser only jumps through them. */
<#list pair.functions.untypedRuntimePointers as s>
extern WI_HIDDEN void (*wi_rfn_${s})(void);
</#list>

/* Makes sure the runtime library is loaded and every pointer above is resolved. */
WI_HIDDEN void wi_runtime_ensure(void);

#endif /* WI_R_FUNCTIONS_H */
