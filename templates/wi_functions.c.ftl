<#import "banner.ftl" as b>
<#import "mappers.ftl" as m>
<#import "hooks.ftl" as h>
<@b.banner template="wi_functions.c.ftl"/>
/*
 * A_MPI_X: what the application's call runs. Convert every input to the runtime ABI, call the
 * runtime's PMPI_X with wi_in_w set (so that its own MPI calls are not translated again), convert
 * every output back, translate the error code.
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
#include "wi_substitutes.h"
#include "wi_type_contents.h"
#include "wi_unset.h"

#ifndef WI_HIDDEN
#define WI_HIDDEN __attribute__((visibility("hidden")))
#endif

/* Marks an error-code array entry the runtime did not write (no MPI error code is INT_MIN). */
#define WI_ERRCODE_UNSET INT_MIN

/* A negative or undefined count (e.g. MPI_UNDEFINED outcount) converts nothing. */
static inline int wi_len(int n)
{
    return n > 0 ? n : 0;
}

/* A count reported by the call (*outcount, an in/out length), at most the capacity allocated. */
static inline int wi_len_within(int n, int capacity)
{
    return n < 0 ? 0 : n < capacity ? n : capacity;
}

/* The sum of n ints (the processes of MPI_Comm_spawn_multiple's commands); no array counts none. */
static inline int wi_sum(const int *v, int n)
{
    long long sum = 0;
    for (int i = 0; v != NULL && i < n; i++)
        sum += v[i];
    return sum > INT_MAX ? INT_MAX : (int)sum;
}
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

/* Copies a runtime string into an application buffer of the application's MPI_MAX_* size. */
static inline int wi_copy_string(char *dst, int capacity, const char *src)
{
    size_t n = strlen(src);
    if (n > (size_t)(capacity - 1))
        n = (size_t)(capacity - 1);
    memcpy(dst, src, n);
    dst[n] = '\0';
    return (int)n;
}
<#-- The runtime code of a call the runtime cannot take (a count beyond its int), raised as the call's
     own error would be. -->
<#function lacking f message>
<#if !f.errorObject??>
<#return "wi_lacking_comm(" + message + ", R_MPI_COMM_SELF)">
</#if>
<#local o = f.errorObject>
<#return "wi_lacking_" + o.table + "(" + message + ", wi_" + o.table + "_a2r(" + o.argument + "))">
</#function>
<#-- The C function a translated call calls: the runtime's, through its typed pointer, or runtime-c's. -->
<#function calleeOf f>
<#return (f.callee.kind == "runtime_pointer")?then("R_P" + f.callee.name, f.callee.name)>
</#function>
<#function narrowsArrays f>
<#return f.args?filter(a -> a.narrowing == "array")?has_content>
</#function>
<#list pair.functions.functions as f>

WI_HIDDEN ${f.applicationReturn} A_${f.name}(${f.applicationParams()})
{
<#list f.args?filter(a -> a.narrowing == "scalar" || (a.narrowing == "pointer" && a.reads())) as a>
<#assign value = (a.narrowing == "pointer")?then("*" + a.name, a.name)>
    if (WI_UNLIKELY(<#if a.narrowing == "pointer">${a.name} != NULL && (</#if>${value} < INT_MIN || ${value} > INT_MAX<#if a.narrowing == "pointer">)</#if>)) /* the runtime's ${f.runtimeName} takes an int */
        return wi_error_r2a(${lacking(f, "\"" + f.name + " with " + m.article(a.name) + " " + a.name + " beyond the int range\"")});
</#list>
<@h.before f/>
    wi_in_w = 1;
<#if f.scratch>
    __typeof__(wi_scratch_mark()) wi_mark = wi_scratch_mark();
</#if>
<#if narrowsArrays(f)>
    const char *wi_beyond = NULL; /* the first array element beyond the int range, reported instead of the call */
</#if>
<#list f.args?filter(a -> !a.array) as a><@m.before a f/></#list>
<#list f.args?filter(a -> a.array) as a><@m.before a f/></#list>
<@h.before_call f/>
<#assign call>${h.callee(f, calleeOf(f))}(<#list f.args?filter(a -> a.narrowing != "absent") as a>${m.arg(a, f)}<#sep>, </#sep></#list>)</#assign>
<#if narrowsArrays(f)>
    ${f.runtimeReturn} wi_ret = WI_UNLIKELY(wi_beyond != NULL) ? ${lacking(f, "wi_beyond")}
        : ${call};
<#else>
    ${f.runtimeReturn} wi_ret = ${call};
</#if>
<#list f.args?filter(a -> !a.array) as a><@m.after a f/></#list>
<#list f.args?filter(a -> a.array) as a><@m.after a f/></#list>
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
<@h.after f/>
    wi_in_w = 0;
    return wi_result;
}
</#list>
<#list pair.functions.localFunctions as f>

<#if f.report == "local">
/* ${f.name} is defined by the application's ABI alone: computed here. */
<#else>
/* The runtime's MPI has no ${f.name}: the call fails through the error path (wi_lacking.h). */
</#if>
WI_HIDDEN ${f.applicationReturn} A_${f.name}(${f.applicationParams})
{
<#list f.argNames as n>
<#if n != (f.object!"") && f.report != "local">
    (void)${n};
</#if>
</#list>
<#switch f.report>
<#case "comm">
<#case "win">
<#case "file">
    return wi_error_r2a(wi_lacking_${f.report}("${f.name}", wi_${f.report}_a2r(${f.object})));
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
<#default>
    wi_lacking_fatal("${f.name}");
</#switch>
}
</#list>

/* Functions the application's MPI exports but this translation does not cover: abort with the name. */
<#list pair.functions.unsupported as name>
WI_HIDDEN void wi_unsupported_${name}(void) { wi_unsupported("${name}"); }
</#list>
