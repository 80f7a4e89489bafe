<#import "banner.ftl" as b>
<@b.banner template="wi_constants.c.ftl"/>
/* Handle kinds and the predefined handles both ABIs share, registered when the runtime is loaded. */
#include "wi_convert.h"
#include "wi_cxx_mpich.h"
#include "wi_substitutes.h"

const char *const wi_kind_names[WI_KIND_COUNT] = {
<#list pair.handles.handleKinds as k>
    [${k.enumName}] = "${k.type}",
</#list>
};

<#assign kindsByEnum = {}>
<#list pair.handles.handleKinds as k><#assign kindsByEnum = kindsByEnum + {k.enumName: k}></#list>
void wi_register_predefined_handles(void)
{
<#list pair.handles.registrations as r>
<#assign k = kindsByEnum[r.kindEnum]>
    wi_handle_predefined<#if r.object>_object</#if>(${r.kindEnum}, ${k.applicationPointer?then("(wi_word)(uintptr_t)", "(wi_word)(uint32_t)")}${r.applicationWord},
                         ${k.runtimePointer?then("(wi_word)(uintptr_t)", "(wi_word)(uint32_t)")}${r.runtimeWord}); /* ${r.name} */
</#list>
<#-- Predefined handles the runtime lacks (wi_substitutes.h); their aliases are registered above. -->
<#list pair.handles.substitutes as s>
<#assign k = kindsByEnum[s.kindEnum]>
    wi_substitute_define(${s.kindEnum}, ${k.applicationPointer?then("(wi_word)(uintptr_t)", "(wi_word)(uint32_t)")}${s.applicationWord}, "${s.name}", ${s.count},
                         ${k.runtimePointer?then("(wi_word)(uintptr_t)", "(wi_word)(uint32_t)")}${s.runtimeWord});
</#list>
    wi_cxx_register_predefined();
}
