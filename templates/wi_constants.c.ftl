<#import "banner.ftl" as b>
<@b.banner template="wi_constants.c.ftl"/>
/* Handle kinds and the predefined handles both ABIs share, registered when the runtime is loaded. */
#include "wi_convert.h"
#include "wi_cxx_mpich.h"
#include "wi_substitutes.h"

const char *const wi_kind_names[WI_KIND_COUNT] = {
<#list pair.handles.handleKinds as k>
    [WI_KIND_${k.table?upper_case}] = "${k.type}",
</#list>
};

void wi_register_predefined_handles(void)
{
<#list pair.handles.registrations as r>
<#assign k = r.kind>
    wi_handle_predefined<#if r.object>_object</#if>(WI_KIND_${k.table?upper_case}, ${k.applicationPointer?then("(wi_word)(uintptr_t)", "(wi_word)(uint32_t)")}A_${r.name},
                         ${k.runtimePointer?then("(wi_word)(uintptr_t)", "(wi_word)(uint32_t)")}R_${r.runtimeName}); /* ${r.name} */
</#list>
<#-- Predefined handles the runtime lacks (wi_substitutes.h); their aliases are registered above. -->
<#list pair.handles.substitutes as s>
<#assign k = s.kind>
    wi_substitute_define(WI_KIND_${k.table?upper_case}, ${k.applicationPointer?then("(wi_word)(uintptr_t)", "(wi_word)(uint32_t)")}A_${s.name}, "${s.name}", ${s.count},
                         ${k.runtimePointer?then("(wi_word)(uintptr_t)", "(wi_word)(uint32_t)")}R_${s.base});
</#list>
    wi_cxx_register_predefined();
}
