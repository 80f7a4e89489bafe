<#import "banner.ftl" as b>
<#import "lengths.ftl" as l>
<#--
  Every translated function's A_ function is rendered by this one file, in three sections: the
  function (below), the conversion of each argument by its mapper kind ("==== Mapper kinds") and the
  hooks of hooks.json ("==== Hooks"). Array lengths are spelled by lengths.ftl, which the Fortran
  layer shares; the C the functions call is runtime-c's.
-->
<@b.banner template="wi_functions.c.ftl"/>
/*
 * A_MPI_X: what the application's call runs. Convert every input to the runtime ABI, call the
 * target's MPI_X with wi_in_w set (so that its own MPI calls are not translated again), convert
 * every output back, translate the error code.
 *
 * This file is compiled twice (native/CMakeLists.txt): as it is, each function is A_MPI_X, the entry of
 * the application's MPI_X, and calls T_MPI_X (a PMPI tool below the translation that defines MPI_X,
 * else the runtime's MPI_X); with WI_PMPI_ENTRY defined, each function that calls the runtime is
 * AP_MPI_X, the entry of PMPI_X, and calls the runtime's PMPI_X (R_PMPI_X), so that a tool below counts
 * each call once and does not see its own PMPI_ calls again. Both cost the same: only the pointer cell
 * read differs. The functions answered without the runtime are defined once, as A_.
 *
 * The code chooser enters an A_ function only when wi_in_w is 0 (callback trampolines clear it before
 * running user code, and restore their own value after), so restoring the flag means writing 0.
 */
#include <limits.h>
#include <string.h>

#include "wi_convert.h"
#include "wi_abi_fortran.h"
#include "wi_cxx_mpich.h"
#include "wi_attributes.h"
#include "wi_callbacks.h"
#include "wi_datarep.h"
#include "wi_composite.h"
#include "wi_procnull.h"
#include "wi_emulated.h"
#include "wi_errors.h"
#include "wi_grequests.h"
#include "wi_guided.h"
#include "wi_lacking.h"
#include "wi_lifecycle.h"
#include "wi_local.h"
#include "wi_pending.h"
#include "wi_log.h"
#include "wi_scratch.h"
#include "wi_status.h"
#include "wi_tls.h"
#include "wi_translate.h"
#include "wi_substitutes.h"
#include "wi_type_contents.h"
#include "wi_unset.h"

#ifdef WI_PMPI_ENTRY
#define WI_ENTRY(name) AP_##name
#define WI_TARGET(name) R_P##name
#else
#define WI_ENTRY(name) A_##name
#define WI_TARGET(name) T_##name
#endif


<#list pair.tables.guidedSets as g>

/* ${g.role}: constants the info key "${g.key}" completes (mappers.json guided_by_info). */
<#if g.refined?has_content>
static const struct wi_guided_refined wi_${g.role}_refined[] = {
<#list g.refined as e>
    {"${e.value}", ${e.runtime?c}}, /* ${e.name} */
</#list>
};
</#if>
<#if g.expanded?has_content>
static const struct wi_guided_expanded wi_${g.role}_expanded[] = {
<#list g.expanded as e>
    {${e.application?c}, "${e.value}"}, /* ${e.name} */
</#list>
};
</#if>
static const struct wi_guided wi_${g.role}_guided = {
    .key = "${g.key}",
<#if g.refined?has_content>
    .refines = 1, .application_constant = ${g.applicationConstant?c},
    .refined = wi_${g.role}_refined, .refined_count = ${g.refined?size},
</#if>
<#if g.expanded?has_content>
    .expands = 1, .runtime_constant = ${g.runtimeConstant?c},
    .expanded = wi_${g.role}_expanded, .expanded_count = ${g.expanded?size},
</#if>
};
</#list>

<#-- The runtime code of a call the runtime cannot take (a count beyond its int), raised as the call's
     own error would be. -->
<#function lacking f message>
<#if !f.errorObject??>
<#return "wi_lacking_comm(" + message + ", R_MPI_COMM_SELF)">
</#if>
<#local o = f.errorObject>
<#return "wi_lacking_" + o.table + "(" + message + ", wi_" + o.table + "_a2r(" + o.argument + "))">
</#function>
<#-- The C function a translated call calls: the target's, through the typed pointer of the entry
     (WI_TARGET), or runtime-c's. -->
<#function calleeOf f>
<#return (f.callee.kind == "runtime_pointer")?then("WI_TARGET(" + f.callee.name + ")", f.callee.name)>
</#function>
<#function narrowsArrays f>
<#return f.args?filter(a -> a.narrowing == "array")?has_content>
</#function>
<#list pair.functions.functions as f>

WI_HIDDEN ${f.applicationReturn} WI_ENTRY(${f.name})(${f.applicationParams()})
{
<#list f.args?filter(a -> a.narrowing == "scalar" || (a.narrowing == "pointer" && a.reads())) as a>
<#assign value = (a.narrowing == "pointer")?then("*" + a.name, a.name)>
    if (WI_UNLIKELY(<#if a.narrowing == "pointer">${a.name} != NULL && (</#if>${value} < INT_MIN || ${value} > INT_MAX<#if a.narrowing == "pointer">)</#if>)) /* the runtime's ${f.runtimeName} takes an int */
        return wi_error_r2a(${lacking(f, "\"" + f.name + " with " + article(a.name) + " " + a.name + " beyond the int range\"")});
</#list>
<@hook_before f/>
    wi_in_w = 1;
<#if f.scratch>
    __typeof__(wi_scratch_mark()) wi_mark = wi_scratch_mark();
</#if>
<#if narrowsArrays(f)>
    const char *wi_beyond = NULL; /* the first array element beyond the int range, reported instead of the call */
</#if>
<#list f.args?filter(a -> !a.array) as a><@convert_before a f/></#list>
<#list f.args?filter(a -> a.array) as a><@convert_before a f/></#list>
<@hook_before_call f/>
<#assign call>${hook_callee(f, calleeOf(f))}(<#list f.args?filter(a -> a.narrowing != "absent") as a>${runtime_arg(a, f)}<#sep>, </#sep></#list>)</#assign>
<#if narrowsArrays(f)>
    ${f.runtimeReturn} wi_ret = WI_UNLIKELY(wi_beyond != NULL) ? ${lacking(f, "wi_beyond")}
        : ${call};
<#else>
    ${f.runtimeReturn} wi_ret = ${call};
</#if>
<@hook_after_call f/>
<#list f.args?filter(a -> !a.array) as a><@convert_after a f/></#list>
<#list f.args?filter(a -> a.array) as a><@convert_after a f/></#list>
<#if f.scratch>
    wi_scratch_release(wi_mark);
</#if>
<#switch f.returns.kind>
<#case "error_code">
    int wi_result = wi_error_r2a(wi_ret);
<#break>
<#case "handle">
    ${f.applicationReturn} wi_result = wi_${f.returns.table}_r2a(wi_ret);
<#break>
<#default>
    ${f.applicationReturn} wi_result = (${f.applicationReturn})wi_ret;
</#switch>
<@hook_after f/>
    wi_in_w = 0;
    return wi_result;
}
</#list>
#ifndef WI_PMPI_ENTRY
<#list pair.functions.localFunctions as f>

<#if f.report == "local">
/* ${f.name} is defined by the application's ABI alone: computed here. */
<#else>
/* The runtime's MPI has no ${f.name}: the call fails through the error path (wi_lacking.h). */
</#if>
WI_HIDDEN ${f.applicationReturn} A_${f.name}(${f.applicationParams})
{
<#list f.argNames as n>
<#if n != ((f.errorObject.argument)!"") && f.report != "local">
    (void)${n};
</#if>
</#list>
<#switch f.report>
<#case "object">
    return wi_error_r2a(wi_lacking_${f.errorObject.table}("${f.name}", wi_${f.errorObject.table}_a2r(${f.errorObject.argument})));
<#break>
<#case "self">
    return wi_error_r2a(wi_lacking_comm("${f.name}", R_MPI_COMM_SELF));
<#break>
<#case "local">
    return ${f.local}(${f.argNames?join(", ")});
<#break>
<#case "tool">
    return wi_lacking_tool("${f.name}");
<#break>
<#case "fatal">
    wi_lacking_fatal("${f.name}");
</#switch>
}
</#list>

/* Functions the application's MPI exports but this translation does not cover: abort with the name. */
<#list pair.functions.unsupported as name>
WI_HIDDEN void wi_unsupported_${name}(void) { wi_unsupported("${name}"); }
</#list>
#endif /* WI_PMPI_ENTRY */
<#--
  ==== Mapper kinds: one case per mapper kind of mappers.json in each phase of an A_ function:
    convert_before - declare the runtime temporary and convert the application value (a2r)
    runtime_arg    - the expression passed to the runtime function
    convert_after  - convert the runtime result back (r2a)
  Scalars are handled before arrays in both phases, so that array lengths can use converted scalars.
  `a` is an ArgView: a.kind the mapper kind, a.types both spellings of its type, a.length the length
  expressions sizing an array (spelled in C by lengths.ftl), a.translation what its kind needs (handle table, callback family, string_out max and
  result length, status delivery flag); temporaries are named r_<argument>.
-->
<#-- Elements to allocate and convert before the call: an in/out length's value on input, bounded. -->
<#function len a>
  <#local capacity = l.expression(a.length.capacity, l.c)>
  <#return "wi_len(" + a.length.inOutLength?then("wi_len" + capacity, capacity) + ")">
</#function>

<#-- Elements to convert back: the allocated count unless the function reports fewer (*outcount),
     never more than were allocated. -->
<#function cnt a>
  <#return a.length.countIsCapacity()?then(a.temp() + "_n", "wi_len_within(" + l.expression(a.length.count, l.c) + ", " + a.temp() + "_n)")>
</#function>

<#-- The runtime value of the object a call creates (FunctionView.created) as a wi_word. -->
<#function createdWord c>
<#if c.kind == "handle"><#return "wi_" + c.translation.table + "_rword(" + c.temp() + ")"></#if>
<#return "(wi_word)(uint32_t)" + c.temp()>
</#function>

<#-- "a" or "an" before an argument's name, in messages. -->
<#function article name>
  <#return name?matches("[aeiou].*")?then("an", "a")>
</#function>

<#-- Prefix of the conversion of *a: a pointer passed as NULL is not read. -->
<#function nullOr a>
  <#return a.nullPassedOn()?then(a.name + " == NULL ? 0 : ", "")>
</#function>

<#macro convert_before a f>
<#local t = a.temp()>
<#if a.narrowing == "absent">
<#if !a.writes() || a.array>
    (void)${a.name}; /* the runtime's ${f.runtimeName} has no such argument */
</#if>
<#return>
</#if>
<#switch a.kind>
<#case "passthrough">
<#if a.narrowing == "pointer">
    int ${t} = <#if a.reads()>${a.name} == NULL ? 0 : (int)*${a.name}; /* range-checked on entry */<#else>0;</#if>
<#elseif a.narrowing == "array">
    const int ${t}_n = ${len(a)};
    int *${t} = wi_scratch_alloc(sizeof(int) * (${t}_n > 0 ? ${t}_n : 1));
<#if a.unusedIfInPlace??>
    /* ignored by MPI when ${a.unusedIfInPlace} is MPI_IN_PLACE: then not even read */
    if (${a.name} != NULL && (const void *)${a.unusedIfInPlace} != (const void *)A_MPI_IN_PLACE)
<#else>
    if (${a.name} != NULL)
</#if>
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++) {
        if (WI_UNLIKELY(${a.name}[wi_i] < INT_MIN || ${a.name}[wi_i] > INT_MAX))
            wi_beyond = "${f.name} with ${article(a.name)} ${a.name} entry beyond the int range";
        ${t}[wi_i] = (int)${a.name}[wi_i];
    }
</#if>
<#break>
<#case "int_constants">
<#case "bitmask">
<#if a.array>
    const int ${t}_n = ${len(a)};
    int *${t} = wi_scratch_alloc(sizeof(int) * ${t}_n);
<#if a.reads()>
<#if a.nullPassedOn()>
    if (${a.name} != NULL)
</#if>
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++)
        ${t}[wi_i] = wi_${a.role}_a2r(${a.name}[wi_i]);
<#else>
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++) /* entries the runtime leaves alone stay as they are */
        ${t}[wi_i] = WI_UNSET_INT;
</#if>
<#elseif a.pointer && a.types.runtimeElement != "int">
<#-- A wider integer (MPI_Count): the constants are ints, so only values in int range can be one. -->
    ${a.types.runtimeElement} ${t} = <#if a.reads()>${nullOr(a)}(*${a.name} >= INT_MIN && *${a.name} <= INT_MAX) ? wi_${a.role}_a2r((int)*${a.name}) : *${a.name}<#else>WI_UNSET_OF(${a.types.runtimeElement})</#if>;
<#elseif a.pointer>
    int ${t} = <#if a.reads()>${nullOr(a)}wi_${a.role}_a2r(*${a.name})<#else>WI_UNSET_INT</#if>;
<#else>
    int ${t} = wi_${a.role}_a2r(${a.name});
</#if>
<#break>
<#case "handle">
<#if a.array>
    const int ${t}_n = ${len(a)};
    ${a.types.runtimeElement} *${t} = wi_scratch_alloc(sizeof(${a.types.runtimeElement}) * ${t}_n);
<#if a.writes() && a.reads()>
    ${a.types.runtimeElement} *${t}_before = wi_scratch_alloc(sizeof(${a.types.runtimeElement}) * ${t}_n);
<#elseif a.writes()>
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++) /* entries the runtime leaves alone stay as they are */
        ${t}[wi_i] = WI_UNSET_OF(${a.types.runtimeElement});
</#if>
<#if a.reads()>
<#if a.unusedIfInPlace??>
    /* ignored by MPI when ${a.unusedIfInPlace} is MPI_IN_PLACE: then not even read */
    if (<#if a.nullPassedOn()>${a.name} != NULL && </#if>(const void *)${a.unusedIfInPlace} != (const void *)A_MPI_IN_PLACE)
<#elseif a.nullPassedOn()>
    if (${a.name} != NULL)
</#if>
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++) {
        ${t}[wi_i] = wi_${a.translation.table}_a2r(${a.name}[wi_i]);
<#if a.writes()>
        ${t}_before[wi_i] = ${t}[wi_i];
<#if a.completesPending()>
        if (WI_UNLIKELY(wi_pending_any())) /* this call may complete an MPI_Comm_idup (wi_pending.h) */
            wi_pending_claim(${t}[wi_i], &${a.name}[wi_i]);
</#if>
</#if>
    }
</#if>
<#elseif a.pointer>
    ${a.types.runtimeElement} ${t} = <#if a.reads()>${nullOr(a)}wi_${a.translation.table}_a2r(*${a.name})<#else>WI_UNSET_OF(${a.types.runtimeElement})</#if>;
<#if a.reads() && a.writes()>
    ${a.types.runtimeElement} ${t}_before = ${t};
<#if a.completesPending()>
    if (WI_UNLIKELY(wi_pending_any()) && ${a.name} != NULL) /* this call may complete an MPI_Comm_idup (wi_pending.h) */
        wi_pending_claim(${t}, ${a.name});
</#if>
</#if>
<#elseif a.unusedIfInPlace??>
    /* ignored by MPI when ${a.unusedIfInPlace} is MPI_IN_PLACE: then not converted (it may be anything) */
    ${a.types.runtime} ${t} = (const void *)${a.unusedIfInPlace} == (const void *)A_MPI_IN_PLACE
        ? R_MPI_${a.translation.table?upper_case}_NULL : wi_${a.translation.table}_a2r(${a.name});
<#else>
    ${a.types.runtime} ${t} = wi_${a.translation.table}_a2r(${a.name});
</#if>
<#break>
<#case "pending_handle">
    ${a.types.runtimeElement} *${t} = wi_pending_${a.translation.table}_slot(${a.name});
<#break>
<#case "status">
<#if a.array>
    const int ${t}_n = ${len(a)};
    R_MPI_Status *${t} = ((const void *)${a.name} == (const void *)A_MPI_STATUSES_IGNORE)
        ? (R_MPI_Status *)R_MPI_STATUSES_IGNORE
        : wi_scratch_alloc(sizeof(R_MPI_Status) * ${t}_n);
    if (${t} != (R_MPI_Status *)R_MPI_STATUSES_IGNORE)
        for (int wi_i = 0; wi_i < ${t}_n; wi_i++)
            wi_status_prepare(&${t}[wi_i]);
<#else>
    R_MPI_Status ${t}_storage;
    R_MPI_Status *${t} = ((const void *)${a.name} == (const void *)A_MPI_STATUS_IGNORE)
        ? (R_MPI_Status *)R_MPI_STATUS_IGNORE : &${t}_storage;
    if (${t} == &${t}_storage) /* the storage itself, not ${t}: GCC's bounds check follows the other branch */
<#if a.reads()>
        wi_status_a2r(${a.name}, &${t}_storage);
<#else>
        wi_status_prepare(&${t}_storage);
</#if>
</#if>
<#break>
<#case "error_code">
<#if a.array>
    const int ${t}_n = ${len(a)};
    int *${t} = ((const void *)${a.name} == (const void *)A_MPI_ERRCODES_IGNORE)
        ? (int *)R_MPI_ERRCODES_IGNORE
        : wi_scratch_alloc(sizeof(int) * (${t}_n > 0 ? ${t}_n : 1));
    /* entries the runtime leaves alone keep the application's value */
    if (${t} != (int *)R_MPI_ERRCODES_IGNORE)
        for (int wi_i = 0; wi_i < ${t}_n; wi_i++)
            ${t}[wi_i] = WI_UNSET_INT;
<#elseif a.pointer>
    int ${t} = <#if a.reads()>${nullOr(a)}wi_error_a2r(*${a.name})<#else>WI_UNSET_INT</#if>;
<#else>
    int ${t} = wi_error_a2r(${a.name});
</#if>
<#break>
<#case "string_out">
    char ${t}[R_${a.translation.max} + 2];
    ${t}[0] = WI_UNSET_CHAR; /* "\xA5" then NUL: what no runtime writes, so an unwritten string is seen */
    ${t}[1] = '\0';
<#break>
<#case "callback">
    void *${t} = wi_callback_${a.translation.family}_a2r((void *)${a.name});
<#break>
<#default>
</#switch>
</#macro>

<#function runtime_arg a f>
<#local t = a.temp()>
<#local shared = sharedArray(a, f)>
<#if shared?has_content><#return shared></#if>
<#switch a.kind>
<#case "passthrough">
<#if a.narrowing == "pointer"><#return "(" + a.name + " == NULL ? NULL : &" + t + ")"></#if>
<#if a.narrowing == "array"><#return "(" + a.name + " == NULL ? NULL : " + t + ")"></#if>
<#return "(" + a.types.runtime + ")" + a.name>
<#case "pointer_constants"><#return "(" + a.types.runtime + ")wi_" + a.role + "_a2r(" + a.name + ")">
<#case "int_constants">
<#case "bitmask">
<#case "handle">
<#case "error_code">
<#if a.array><#return a.nullPassedOn()?then("(" + a.name + " == NULL ? NULL : " + t + ")", t)></#if>
<#return a.pointer?then(a.nullPassedOn()?then("(" + a.name + " == NULL ? NULL : &" + t + ")", "&" + t), t)>
<#case "status"><#return "(" + a.types.runtime + ")" + t>
<#case "pending_handle"><#return t>
<#case "string_out"><#return t>
<#case "callback"><#return "(" + a.types.runtime + ")" + t>
</#switch>
<#return a.name>
</#function>

<#-- A handle array passed twice (Alltoallw's sendtypes and recvtypes) reaches the runtime as one
     array too: MPICH detects aliased buffers only when both type arrays are the same pointer. -->
<#function sharedArray a f>
<#if !(a.kind == "handle" && a.array && a.reads() && !a.writes())><#return ""></#if>
<#list f.args as b>
<#if b.name == a.name><#return ""></#if>
<#if b.kind == "handle" && b.array && b.reads() && !b.writes() && (b.translation.table!"") == (a.translation.table!"")>
<#local converted = b.unusedIfInPlace???then(" && (const void *)" + b.unusedIfInPlace + " != (const void *)A_MPI_IN_PLACE", "")>
<#local shared = "(" + a.name + " == " + b.name + converted + " ? " + b.temp() + " : " + a.temp() + ")">
<#return a.nullPassedOn()?then("(" + a.name + " == NULL ? NULL : " + shared + ")", shared)>
</#if>
</#list>
<#return "">
</#function>

<#macro convert_after a f>
<#local t = a.temp()>
<#if a.kind == "callback">
<#if f.created??>
    if (wi_ret == R_MPI_SUCCESS)
        wi_callback_${a.translation.family}_created((void *)${a.name}, ${createdWord(f.created)});
</#if>
<#return>
</#if>
<#if !a.writes()><#return></#if>
<#if a.nullPassedOn()>
    if (${a.name} != NULL) {
</#if>
<#switch a.kind>
<#case "passthrough">
<#if a.narrowing == "pointer">
    if (${a.name} != NULL && wi_ret == R_MPI_SUCCESS)
        *${a.name} = ${t};
<#elseif a.narrowing == "absent" && !a.array>
    if (${a.name} != NULL && wi_ret == R_MPI_SUCCESS) /* the runtime's ${f.runtimeName} has none */
        *${a.name} = 0;
</#if>
<#break>
<#case "int_constants">
<#case "bitmask">
<#if a.array>
    for (int wi_i = 0, wi_n = ${cnt(a)}; wi_i < wi_n; wi_i++)
<#if a.reads()>
        ${a.name}[wi_i] = wi_${a.role}_r2a(${t}[wi_i]);
<#else>
        if (${t}[wi_i] != WI_UNSET_INT)
            ${a.name}[wi_i] = wi_${a.role}_r2a(${t}[wi_i]);
</#if>
<#elseif a.types.runtimeElement != "int">
<#if !a.reads()>
    if (${t} != WI_UNSET_OF(${a.types.runtimeElement})) /* a call that produced nothing leaves the output alone */
<#else>
    {
</#if>
        *${a.name} = (${t} >= INT_MIN && ${t} <= INT_MAX) ? wi_${a.role}_r2a((int)${t}) : ${t};
<#if a.reads()>
    }
</#if>
<#elseif a.reads()>
    *${a.name} = wi_${a.role}_r2a(${t});
<#else>
    if (${t} != WI_UNSET_INT) /* a call that produced nothing leaves the output alone */
        *${a.name} = wi_${a.role}_r2a(${t});
</#if>
<#break>
<#case "handle">
<#if a.array>
<#if a.reads()>
    for (int wi_i = 0, wi_n = ${cnt(a)}; wi_i < wi_n; wi_i++)
        wi_${a.translation.table}_update(&${a.name}[wi_i], ${t}_before[wi_i], ${t}[wi_i]);
<#else>
    if (wi_ret == R_MPI_SUCCESS)
        for (int wi_i = 0, wi_n = ${cnt(a)}; wi_i < wi_n; wi_i++)
            if (${t}[wi_i] != WI_UNSET_OF(${a.types.runtimeElement}))
                ${a.name}[wi_i] = wi_${a.translation.table}_r2a(${t}[wi_i]);
</#if>
<#elseif a.reads()>
    wi_${a.translation.table}_update(${a.name}, ${t}_before, ${t});
<#else>
    /* not written by the runtime (a failed call, or one that produced nothing): left alone */
    if (${t} != WI_UNSET_OF(${a.types.runtimeElement})) {
        if (wi_ret == R_MPI_SUCCESS)
            *${a.name} = wi_${a.translation.table}_r2a(${t});
        else if (${t} == R_MPI_${a.translation.table?upper_case}_NULL) /* a failed call that says so (MPI_Comm_dup) */
            *${a.name} = A_MPI_${a.translation.table?upper_case}_NULL;
    }
</#if>
<#break>
<#case "pending_handle">
<#list f.args?filter(x -> x.kind == "handle" && x.completesPending() && x.writes()) as r>
    wi_pending_commit(${t}, wi_ret == R_MPI_SUCCESS, ${r.temp()});
</#list>
<#break>
<#case "status">
<#-- Whether the call says it delivered the statuses: success, and its flag true where it has one. -->
<#local flag = a.translation.deliveredFlag!"">
<#local delivered = "wi_ret == R_MPI_SUCCESS" + flag?has_content?then(" && " + flag + " != NULL && *" + flag, "")>
<#if a.array>
    if (${t} != (R_MPI_Status *)R_MPI_STATUSES_IGNORE)
        for (int wi_i = 0, wi_n = ${cnt(a)}; wi_i < wi_n; wi_i++)
            wi_status_r2a_delivered(&${t}[wi_i], &${a.name}[wi_i], ${delivered});
<#else>
    if (${t} == &${t}_storage)
        wi_status_r2a_delivered(${t}, ${a.name}, ${delivered});
</#if>
<#break>
<#case "error_code">
<#if a.array>
    if (${t} != (int *)R_MPI_ERRCODES_IGNORE)
        for (int wi_i = 0, wi_n = ${cnt(a)}; wi_i < wi_n; wi_i++)
            if (${t}[wi_i] != WI_UNSET_INT)
                ${a.name}[wi_i] = wi_error_r2a(${t}[wi_i]);
<#elseif a.reads()>
    *${a.name} = wi_error_r2a(${t});
<#else>
    if (${t} != WI_UNSET_INT)
        *${a.name} = wi_error_r2a(${t});
</#if>
<#break>
<#case "string_out">
    if (wi_ret == R_MPI_SUCCESS && !(${t}[0] == WI_UNSET_CHAR && ${t}[1] == '\0')) {
        int wi_n = wi_copy_string(${a.name}, A_${a.translation.max}, ${t});
<#if a.translation.resultLength??>
        *${a.translation.resultLength} = wi_n;
<#else>
        (void)wi_n;
</#if>
    }
<#break>
<#default>
</#switch>
<#if a.nullPassedOn()>
    }
</#if>
</#macro>

<#--
  ==== Hooks: named hooks of functions.json ("hook": "<name>"): code a role cannot express, added before the
  translation starts, just before the runtime call, just after it or just before the function returns. The hooks, what
  each does, the arguments each reads and the parameters each binds are listed once, in
  dictionaries/hooks.json; the dictionary loader accepts only those names, on functions that have those
  arguments. A hook's code names an argument by a name hooks.json declares ("arguments") or through
  the parameter it binds (f.hook.parameters.<parameter>, "parameters"); it never tests a function's
  name. Each hook macro (hook_before, hook_before_call, hook_after_call, hook_after, hook_callee) has one case per hook
  it has code for; this section is the last of the file (HooksContractTest reads its cases). Keep the
  list short.
-->
<#macro hook_before f>
<#local hook = (f.hook.name)!"">
<#switch hook>
<#case "type_contents">
    if (datatype != A_MPI_DATATYPE_NULL) {
        /* Only as many datatypes as the type has are asked for: Open MPI 4.1 retains max_datatypes
         * entries of the output array, whatever they hold (natively too), and the entries past the
         * type's would be converted back. */
        int wi_ni, wi_na, wi_nd, wi_combiner;
        if (R_PMPI_Type_get_envelope(wi_datatype_a2r(datatype), &wi_ni, &wi_na, &wi_nd, &wi_combiner) == R_MPI_SUCCESS
            && wi_nd >= 0 && wi_nd < max_datatypes)
            max_datatypes = wi_nd;
    }
<#break>
<#case "errhandler_free">
    if (errhandler != NULL && wi_cxx_throw_exceptions(*errhandler)) { /* not a runtime object: nothing to free */
        *errhandler = A_MPI_ERRHANDLER_NULL;
        return A_MPI_SUCCESS;
    }
<#break>
<#case "error_class">
    if (wi_error_class_lacking(errorcode)) { /* a class of the application's ABI alone is its own class */
        *errorclass = errorcode;
        return A_MPI_SUCCESS;
    }
<@served f "ERROR_CLASS" "error_class"/>
<#break>
<#case "anytime_wtime">
<@served f "WTIME" "wtime"/>
<#break>
<#case "anytime_wtick">
<@served f "WTICK" "wtick"/>
<#break>
<#case "lacking_error_string">
<@served f "ERROR_STRING" "error_string"/>
<#break>
<#case "finalize">
    wi_lifecycle_finalizing();
    if (wi_substitute_count > 0)
        wi_substitutes_finalizing(); /* the datatypes made for predefined ones (wi_substitutes.h) */
<#break>
<#case "info_create_detached">
    if (WI_UNLIKELY(!wi_lifecycle_active()) && info != NULL && wi_info_detached_now()) { /* wi_info_detached.h */
        wi_word wi_made;
        int wi_detached_rc = wi_info_detached_create(&wi_made);
        *info = wi_info_r2a((R_MPI_Info)(uintptr_t)wi_made);
        return wi_detached_rc;
    }
<#break>
<#case "info_free_detached">
    if (WI_UNLIKELY(wi_info_detached_any()) && info != NULL) {
        wi_word wi_detached = wi_info_rword(wi_info_a2r(*info));
        if (wi_info_detached_is(wi_detached)) { /* never used once the runtime was initialized */
            int wi_detached_rc = wi_info_detached_free(wi_detached);
            wi_handle_forget(WI_KIND_INFO, WI_WORD_OF(*info));
            *info = A_MPI_INFO_NULL;
            return wi_detached_rc;
        }
    }
<#break>
<#case "request_free">
    if (WI_UNLIKELY(wi_pending_any()))
        wi_pending_abandon(wi_request_a2r(*request));
<#break>
<#case "grequest_start">
    extra_state = wi_grequest_wrap((void *)query_fn, (void *)free_fn, (void *)cancel_fn, extra_state);
<#break>
<#case "datarep_register">
    extra_state = wi_datarep_wrap((void *)read_conversion_fn, (void *)write_conversion_fn,
                                  (void *)dtype_file_extent_fn, extra_state);
<#break>
<#case "load_runtime">
    wi_runtime_ensure();
<#break>
<#case "substitute_name">
    if (WI_UNLIKELY(wi_substitute_count > 0) && type_name != NULL && resultlen != NULL) {
        const char *wi_name = wi_substitute_name(WI_KIND_DATATYPE, WI_WORD_OF(datatype));
        if (wi_name != NULL) { /* a predefined datatype the runtime lacks: the application's name */
            *resultlen = wi_copy_string(type_name, A_MPI_MAX_OBJECT_NAME, wi_name);
            return A_MPI_SUCCESS;
        }
    }
<#break>
</#switch>
</#macro>

<#-- A call wi4mpi answers outside the runtime's init-finalize interval (wi_lifecycle.h): the served
     function's WI_LIFECYCLE_ constant and wi_lifecycle_ function. -->
<#macro served f constant function>
    if (WI_UNLIKELY(!wi_lifecycle_active()) && wi_lifecycle_served(WI_LIFECYCLE_${constant})) /* before MPI_Init or after MPI_Finalize */
        return wi_lifecycle_${function}(${f.args?map(a -> a.name)?join(", ")});
</#macro>

<#-- Between the runtime call and the conversions back: the runtime's outputs as it wrote them. -->
<#macro hook_after_call f>
<#local hook = (f.hook.name)!"">
<#switch hook>
<#case "procnull_receive">
    if (WI_UNLIKELY(source == A_MPI_PROC_NULL) && WI_PROCNULL_MENDED && wi_procnull_noted() == 0 && wi_ret == R_MPI_SUCCESS
        && request != NULL)
        wi_procnull_note(r_request); /* its statuses get the empty status's source and tag (wi_procnull.h) */
<#break>
<#case "complete_wait">
<#case "complete_test">
<#case "complete_waitany">
<#case "complete_waitsome">
<@procnull_statuses f/>
<#break>
</#switch>
</#macro>

<#-- The statuses a completion call returns for a receive from MPI_PROC_NULL (wi_procnull.h): the
     argument of role request as it was before the call, that of role status, and where statuses are
     not one per request the index argument: the position of the one status (MPI_Waitany, _Testany)
     or the count of those in the array of indices, the int array the call writes (MPI_Waitsome,
     _Testsome). -->
<#macro procnull_statuses f>
<#local rq = f.args?filter(a -> a.role == "request")?first>
<#local st = f.args?filter(a -> a.role == "status")?first>
<#local ix = f.args?filter(a -> a.role == "index")>
<#local before = rq.writes()?then(rq.temp() + "_before", rq.temp())>
<#local ignore = st.array?then("R_MPI_STATUSES_IGNORE", "R_MPI_STATUS_IGNORE")>
<#if !rq.array>
    if (WI_UNLIKELY(wi_procnull_is(${before}))<#if rq.pointer> && ${rq.name} != NULL</#if>
        && (const void *)${st.temp()} != (const void *)${ignore})
        wi_procnull_mend(${st.temp()}); /* wi_procnull.h */
<#else>
<#local guard = "">
<#if !ix?has_content>
<#local indices = "NULL">
<#local nstatuses = st.array?then(st.temp() + "_n", "1")>
<#elseif !st.array>
<#local indices = "&" + ix?first.temp()>
<#local nstatuses = "1">
<#else>
<#local indices = f.args?filter(a -> a.role == "value" && a.writes() && a.pointer)?first.name>
<#local nstatuses = ix?first.temp()>
<#local guard = " && " + indices + " != NULL">
</#if>
    if (WI_UNLIKELY(wi_procnull_any()) && ${rq.name} != NULL${guard} && (const void *)${st.temp()} != (const void *)${ignore})
        wi_procnull_statuses(${before}, ${rq.temp()}_n, ${indices}, ${nstatuses}, ${st.temp()}); /* wi_procnull.h */
</#if>
</#macro>

<#-- After the arguments are converted, just before the runtime call. -->
<#macro hook_before_call f>
<#local hook = (f.hook.name)!"">
<#switch hook>
<#case "substitute_named">
<#case "type_contents">
<#case "type_contents_c">
<#local dt = f.hook.parameters.datatype>
<#if dt.pointer>
    if (WI_UNLIKELY(wi_substitute_count > 0) && datatype != NULL
        && wi_substitute_derived(WI_KIND_DATATYPE, WI_WORD_OF(*datatype)))
        r_datatype_before = r_datatype = R_MPI_INT; /* a named datatype to the application (wi_substitutes.h) */
<#else>
    if (WI_UNLIKELY(wi_substitute_count > 0) && wi_substitute_derived(WI_KIND_DATATYPE, WI_WORD_OF(datatype)))
        r_datatype = R_MPI_INT; /* a named datatype to the application (wi_substitutes.h) */
</#if>
<#break>
<#case "request_free">
    if (WI_UNLIKELY(wi_composite_any()) && request != NULL) /* a request made of several (wi_composite.h) */
        wi_composite_abandon(r_request);
<#break>
<#case "complete_wait">
<@settle f "1"/>
<#break>
<#case "complete_test">
<@settle f "0"/>
<#break>
<#case "errhandler_set">
<#local object = f.hook.parameters.object>
    r_errhandler = wi_cxx_throw_a2r(errhandler, WI_CXX_KIND_${object.table?upper_case}, r_errhandler);
<#break>
<#case "info_shadow_dup">
    if (WI_UNLIKELY(wi_info_detached_any()) && wi_info_detached_is(wi_info_rword(r_info))) { /* wi_info_detached.h */
        wi_word wi_made;
        int wi_detached_rc = wi_info_detached_dup(wi_info_rword(r_info), &wi_made);
        if (newinfo != NULL)
            *newinfo = wi_info_r2a((R_MPI_Info)(uintptr_t)wi_made);
        wi_in_w = 0;
        return wi_detached_rc;
    }
<#break>
<#case "info_shadow_set">
<@info_shadow f "set"/>
<#break>
<#case "info_shadow_get">
<@info_shadow f "get"/>
<#break>
<#case "info_shadow_get_valuelen">
<@info_shadow f "get_valuelen"/>
<#break>
<#case "info_shadow_get_string">
<@info_shadow f "get_string"/>
<#break>
<#case "info_shadow_get_nkeys">
<@info_shadow f "get_nkeys"/>
<#break>
<#case "info_shadow_get_nthkey">
<@info_shadow f "get_nthkey"/>
<#break>
<#case "info_shadow_delete">
<@info_shadow f "delete"/>
<#break>
<#case "object_name_get">
<#case "substitute_name">
<#local p = f.hook.parameters>
    if (wi_object_name_get(WI_KIND_${p.object.table?upper_case}, wi_${p.object.table}_rword(r_${p.object.name}), ${p.name.name}, ${p.resultlen.name})) {
        wi_in_w = 0; /* longer than the runtime keeps (wi_object_names.h) */
        return A_MPI_SUCCESS;
    }
<#break>
<#case "split_type">
<#local p = f.hook.parameters>
<#list pair.tables.guidedSets?filter(g -> g.role == p.value.role) as g>
    R_MPI_Info wi_made_info = R_MPI_INFO_NULL;
    r_${p.value.name} = wi_guided_a2r(&wi_${g.role}_guided, ${p.value.name}, r_${p.value.name}, &r_${p.info.name}, &wi_made_info);
</#list>
<#break>
</#switch>
</#macro>

<#-- The parts of the requests made of several (wi_composite.h) are waited for (wait "1") or tested
     first: the argument of role request. -->
<#macro settle f wait>
<#local rq = f.args?filter(a -> a.completesPending())?first>
<#if rq.array>
    if (WI_UNLIKELY(wi_composite_any()) && ${rq.name} != NULL) /* requests made of several (wi_composite.h) */
        wi_composite_settle(r_${rq.name}, r_${rq.name}_n, ${wait});
<#elseif rq.pointer>
    if (WI_UNLIKELY(wi_composite_any()) && ${rq.name} != NULL) /* a request made of several (wi_composite.h) */
        wi_composite_settle(&r_${rq.name}, 1, ${wait});
<#else>
    if (WI_UNLIKELY(wi_composite_any())) /* a request made of several (wi_composite.h) */
        wi_composite_settle(&r_${rq.name}, 1, ${wait});
</#if>
</#macro>

<#-- An MPI_Info_* call on an info of wi4mpi's (wi_info_detached.h), or on one holding entries the
     runtime cannot (wi_info_shadow.h), answered by the layer's function of the operation; the
     arguments after the info are passed on. -->
<#macro info_shadow f operation>
<#local further><#list f.hook.further as a>, ${a.name}</#list></#local>
    if (WI_UNLIKELY(wi_info_detached_any()) && wi_info_detached_is(wi_info_rword(r_info))) { /* wi_info_detached.h */
        int wi_detached_rc = wi_info_detached_${operation}(wi_info_rword(r_info)${further});
        wi_in_w = 0;
        return wi_detached_rc;
    }
    int wi_shadow_rc = R_MPI_SUCCESS;
    if (wi_info_shadow_${operation}(r_info${further}, &wi_shadow_rc)) {
        int wi_shadow_result = wi_error_r2a(wi_shadow_rc); /* answered by the layer (wi_info_shadow.h) */
        wi_in_w = 0;
        return wi_shadow_result;
    }
</#macro>

<#macro hook_after f>
<#local hook = (f.hook.name)!"">
<#switch hook>
<#case "finalize">
    if (wi_ret == R_MPI_SUCCESS)
        wi_lifecycle_finalized();
<#break>
<#case "info_shadow_dup">
    if (WI_UNLIKELY(wi_info_shadow_any()) && wi_ret == R_MPI_SUCCESS) /* the copy has the entries the runtime lacks */
        wi_info_shadow_dup(r_info, r_newinfo);
<#break>
<#case "object_name_set">
<#local p = f.hook.parameters>
    if (wi_ret == R_MPI_SUCCESS) /* longer than the runtime keeps: kept whole (wi_object_names.h) */
        wi_object_name_set(WI_KIND_${p.object.table?upper_case}, wi_${p.object.table}_rword(r_${p.object.name}), ${p.name.name});
<#break>
<#case "call_errhandler">
    wi_error_cxx_handled_forget(); /* the handler ran for this call, which succeeds anyway */
<#break>
<#case "split_type">
<#list pair.tables.guidedSets?filter(g -> g.role == f.hook.parameters.value.role) as g>
    wi_guided_release(&wi_made_info);
</#list>
<#break>
<#case "errhandler_get">
    if (wi_ret == R_MPI_SUCCESS && errhandler != NULL)
        *errhandler = wi_cxx_throw_r2a(r_errhandler, *errhandler);
<#break>
<#case "grequest_start">
    if (wi_ret != R_MPI_SUCCESS)
        wi_grequest_discard(extra_state);
<#break>
<#case "datarep_register">
    if (wi_ret != R_MPI_SUCCESS)
        wi_datarep_discard(extra_state);
<#break>
<#case "win_attr">
    if (wi_ret == R_MPI_SUCCESS && *flag)
        wi_win_attr_r2a(r_win_keyval, attribute_val);
<#break>
<#case "user_error_class">
<#case "user_error_code">
<#local created = f.hook.parameters.created>
    if (wi_ret == R_MPI_SUCCESS)
        *${created.name} = wi_error_user_created(*${created.name});
<#break>
<#case "lacking_error_string">
    if (wi_ret == R_MPI_SUCCESS)
        wi_lacking_error_string(r_errorcode, string, A_MPI_MAX_ERROR_STRING, resultlen);
<#break>
<#case "comm_attr">
    if (wi_ret == R_MPI_SUCCESS && *flag)
        wi_comm_attr_r2a(r_comm_keyval, attribute_val);
<#break>
<#case "type_contents_c">
    if (wi_ret == R_MPI_SUCCESS) {
        R_MPI_Count wi_ni, wi_na, wi_nc, wi_nd;
        int wi_combiner;
        if (R_PMPI_Type_get_envelope_c(r_datatype, &wi_ni, &wi_na, &wi_nc, &wi_nd, &wi_combiner) == R_MPI_SUCCESS) {
            if (wi_nc == 0)
                wi_type_contents_r2a(r_datatype, max_integers < INT_MAX ? (int)max_integers : INT_MAX, array_of_integers);
            else
                wi_type_contents_large_r2a(wi_combiner, max_integers, array_of_integers);
        }
    }
<#break>
<#case "type_contents">
    if (wi_ret == R_MPI_SUCCESS)
        wi_type_contents_r2a(r_datatype, max_integers, array_of_integers);
<#break>
</#switch>
</#macro>

<#-- The C function a translated call calls: the runtime's, or one of runtime-c's in its place. -->
<#function hook_callee f target>
<#switch (f.hook.name)!"">
<#case "complete_waitany">
<#return "(WI_UNLIKELY(wi_composite_any()) ? wi_composite_waitany : " + target + ")">
<#case "complete_waitsome">
<#return "(WI_UNLIKELY(wi_composite_any()) ? wi_composite_waitsome : " + target + ")">
</#switch>
<#return target>
</#function>
