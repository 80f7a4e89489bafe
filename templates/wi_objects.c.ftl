<#import "banner.ftl" as b>
<@b.banner template="wi_objects.c.ftl"/>
/*
 * The application family's data objects, at the vendor's sizes. Binaries hold COPY relocations for
 * them (Open MPI's predefined handles are their addresses); a size mismatch would make the dynamic
 * loader warn, and a missing one would fail the link at load time.
 */
<#if pair.exports.exportedObjects?has_content>
<#list pair.exports.exportedObjects as o>
<#if o.sentinel>
__attribute__((visibility("default"))) void *const ${o.symbol} = (void *)&${o.symbol};
<#else>
__attribute__((visibility("default"), aligned(64))) unsigned char ${o.symbol}[${o.size?c}];
</#if>
</#list>
<#else>
/* Identity pair: the real library provides them. */
typedef int wi_objects_none;
</#if>
<#if pair.exports.exportedFunctions?has_content>

/*
 * Functions the application's mpi.h names in constants: the predefined attribute callbacks. The
 * translation hands the runtime its own equivalents when they are passed to MPI; these bodies only run
 * when the application calls one directly, and do what the standard says it does.
 */
#include "wi_log.h"

#define WI_EXPORTED __attribute__((visibility("default")))
<#list pair.exports.exportedFunctions as f>
<#switch f.behaviour>
<#case "dup">
WI_EXPORTED int ${f.symbol}(void *object, int keyval, void *extra_state, void *in, void *out, int *flag)
{
    (void)object, (void)keyval, (void)extra_state;
    *(void **)out = in;
    *flag = 1;
    return 0; /* MPI_SUCCESS in both families */
}
<#break>
<#case "null_copy">
WI_EXPORTED int ${f.symbol}(void *object, int keyval, void *extra_state, void *in, void *out, int *flag)
{
    (void)object, (void)keyval, (void)extra_state, (void)in, (void)out;
    *flag = 0;
    return 0;
}
<#break>
<#case "null_delete">
WI_EXPORTED int ${f.symbol}(void *object, int keyval, void *value, void *extra_state)
{
    (void)object, (void)keyval, (void)value, (void)extra_state;
    return 0;
}
<#break>
<#default>
WI_EXPORTED void ${f.symbol}(void)
{
    wi_unsupported("${f.symbol}");
}
</#switch>
</#list>
</#if>
