<#import "banner.ftl" as b>
<@b.banner template="wi_convert.h.ftl"/>
#ifndef WI_CONVERT_H
#define WI_CONVERT_H

#include "wi_abi.h"
#include "wi_handles.h"
#include "wi_info_detached.h"
#include "wi_info_shadow.h"
#include "wi_object_names.h"
#include "wi_pending.h"
#include "wi_r_functions.h"

/* ---- handles: a cast when both sides share the representation, the runtime tables otherwise */
<#list pair.handles.handleKinds as k>
<#assign aw = k.applicationPointer?then("(wi_word)(uintptr_t)", "(wi_word)(uint32_t)")>
<#assign rw = k.runtimePointer?then("(wi_word)(uintptr_t)", "(wi_word)(uint32_t)")>
<#assign ac = k.applicationPointer?then("(A_${k.type})(uintptr_t)", "(A_${k.type})(uint32_t)")>
<#assign rc = k.runtimePointer?then("(R_${k.type})(uintptr_t)", "(R_${k.type})(uint32_t)")>
WI_INLINE R_${k.type} wi_${k.table}_a2r(A_${k.type} a)
{
<#if k.identical>
    return (R_${k.type})a;
<#elseif k.table == "info">
    wi_word r = wi_handle_a2r(WI_KIND_${k.table?upper_case}, ${aw}a);
    if (WI_UNLIKELY(wi_info_detached_any())) /* an info made before MPI_Init (wi_info_detached.h) */
        r = wi_info_detached_resolve(r);
    return ${rc}r;
<#else>
    return ${rc}wi_handle_a2r(WI_KIND_${k.table?upper_case}, ${aw}a);
</#if>
}

WI_INLINE A_${k.type} wi_${k.table}_r2a(R_${k.type} r)
{
<#if k.identical>
    return (A_${k.type})r;
<#else>
    return ${ac}wi_handle_r2a(WI_KIND_${k.table?upper_case}, ${rw}r);
</#if>
}

WI_INLINE wi_word wi_${k.table}_rword(R_${k.type} r)
{
    return ${rw}r;
}

/* After a call that may have freed or replaced the runtime handle behind *a. */
WI_INLINE void wi_${k.table}_update(A_${k.type} *a, R_${k.type} before, R_${k.type} after)
{
<#if k.identical>
    (void)before;
    *a = (A_${k.type})after;
<#else>
    if (after == before) {
<#if k.completesPending>
        if (WI_UNLIKELY(wi_pending_any())) /* still incomplete: another call may claim it (wi_pending.h) */
            wi_pending_release(before, a);
</#if>
        return;
    }
    if (after == R_${k.nullConstant}) {
<#if k.completesPending>
        /* a completed MPI_Comm_idup hands over its new communicator now (wi_pending.h) */
        A_MPI_Comm *wi_out;
        R_MPI_Comm wi_value;
        if (WI_UNLIKELY(wi_pending_any()) && wi_pending_take(before, a, &wi_out, &wi_value))
            *wi_out = wi_comm_r2a(wi_value);
</#if>
<#if k.table == "info">
        if (WI_UNLIKELY(wi_info_shadow_any())) /* entries the runtime could not hold go too (wi_info_shadow.h) */
            wi_info_shadow_forget(${rw}before);
<#elseif k.table == "comm" || k.table == "datatype" || k.table == "win">
        if (WI_UNLIKELY(wi_object_names_any())) /* a name the runtime could not hold goes too (wi_object_names.h) */
            wi_object_name_forget(WI_KIND_${k.table?upper_case}, ${rw}before);
</#if>
        wi_handle_forget(WI_KIND_${k.table?upper_case}, ${aw}*a);
        *a = A_${k.nullConstant};
    } else {
        *a = wi_${k.table}_r2a(after);
    }
</#if>
}

</#list>
/* ---- integer roles: only the named constants whose values differ need code */
<#macro intSwitch fn entries fallback>
WI_INLINE int ${fn}(int v)
{
<#if entries?has_content>
    switch (v) {
<#list entries as e>
    case (${e.from?c}): return (${e.to?c}); /* ${e.name} */
</#list>
    default: return ${fallback};
    }
<#else>
    return ${fallback};
</#if>
}
</#macro>
<#-- The same mapping computed without a conditional branch, for values that may be undefined: a
     runtime leaves MPI_SOURCE and MPI_TAG of an MPI-IO status unset, and the whole status when a
     test or probe returns flag = false. The value is carried over, never tested. -->
<#macro intSelect fn entries>
WI_INLINE int ${fn}(int v)
{
<#if entries?has_content>
    return v
<#list entries as e>
        + ((${e.to?c}) - (${e.from?c})) * (v == (${e.from?c})) /* ${e.name} */
</#list>
        ;
<#else>
    return v;
</#if>
}
</#macro>
<#list pair.tables.constantSets as s>
<@intSwitch fn="wi_${s.role}_a2r" entries=s.toRuntime fallback="v"/>
<@intSwitch fn="wi_${s.role}_r2a" entries=s.toApplication fallback="v"/>
<@intSelect fn="wi_${s.role}_a2r_value" entries=s.toRuntime/>
<@intSelect fn="wi_${s.role}_r2a_value" entries=s.toApplication/>
</#list>
<#-- Flags: bits that differ are moved one by one, every other bit is kept. -->
<#macro bitMover fn flags from to keep>
WI_INLINE int wi_${fn}(int v)
{
<#if flags?has_content>
    int out = v & ~${keep?c};
<#list flags as f>
    if (v & ${f[from]?c})
        out |= ${f[to]?c}; /* ${f.name} */
</#list>
    return out;
<#else>
    return v;
</#if>
}
</#macro>
<#list pair.tables.bitmaskSets as s>
<@bitMover fn="${s.role}_a2r" flags=s.flags from="application" to="runtime" keep=s.applicationMask/>
<@bitMover fn="${s.role}_r2a" flags=s.flags from="runtime" to="application" keep=s.runtimeMask/>
</#list>
<#-- A negative code is no error code of any family: the runtime gets it as it is and refuses it
     (MPI_Error_class(-1) is MPI_ERR_ARG), where its MPI_ERR_UNKNOWN would be a valid class. -->
<@intSwitch fn="wi_error_class_a2r" entries=pair.tables.errorClasses.toRuntime fallback="v < 0 ? v : R_" + pair.tables.errorClasses.fallback/>
<@intSwitch fn="wi_error_class_r2a" entries=pair.tables.errorClasses.toApplication fallback="A_" + pair.tables.errorClasses.fallback/>

/* ---- pointer roles: sentinel addresses such as MPI_IN_PLACE */
<#list pair.tables.pointerSets as s>
WI_INLINE void *wi_${s.role}_a2r(const void *p)
{
<#list s.names as n>
    if (p == (const void *)A_${n})
        return (void *)R_${n};
</#list>
    return (void *)p;
}

</#list>
<#list pair.handles.fortranHandles as k>
/* ---- MPI_${k.prefix}_c2f/f2c: predefined objects keep the application family's Fortran values,
 * every other object is known by the runtime's Fortran handle. */
WI_INLINE A_MPI_Fint wi_${k.table}_c2f(A_${k.type} a)
{
<#list k.toFortran as e>
    if (a == A_${e.name})
        return ${e.fortran?c};
</#list>
<#if k.userOffset != 0>
    /* any other object: the runtime's Fortran handle + ${k.userOffset?c}, clear of the predefined values */
</#if>
<#if k.runtimeCalls>
    return (A_MPI_Fint)((uint32_t)R_PMPI_${k.prefix}_c2f(wi_${k.table}_a2r(a))<#if k.userOffset != 0> + ${k.userOffset?c}u</#if>);
<#else>
    return (A_MPI_Fint)((uint32_t)(intptr_t)wi_${k.table}_a2r(a)<#if k.userOffset != 0> + ${k.userOffset?c}u</#if>); /* the runtime's Fortran handle is its C handle */
</#if>
}

WI_INLINE A_${k.type} wi_${k.table}_f2c(A_MPI_Fint f)
{
    switch (f) {
<#list k.fromFortran as e>
    case ${e.fortran?c}: return A_${e.name};
</#list>
    default: break;
    }
<#if k.runtimeCalls>
    return wi_${k.table}_r2a(R_PMPI_${k.prefix}_f2c((R_MPI_Fint)((uint32_t)f<#if k.userOffset != 0> - ${k.userOffset?c}u</#if>)));
<#else>
    return wi_${k.table}_r2a((R_${k.type})(intptr_t)(int)((uint32_t)f<#if k.userOffset != 0> - ${k.userOffset?c}u</#if>));
</#if>
}

</#list>
/* ---- a handle as the application's Fortran INTEGER and back (Fortran callbacks, mpi_f08 sections) */
<#list pair.handles.handleKinds as k>
<#if pair.handles.fortranHandles?filter(f -> f.table == k.table)?has_content>
#define wi_${k.table}_a2f(a) wi_${k.table}_c2f(a)
#define wi_${k.table}_f2a(f) wi_${k.table}_f2c(f)
<#elseif !k.applicationPointer>
#define wi_${k.table}_a2f(a) ((A_MPI_Fint)(a)) /* the Fortran handle is the C handle */
#define wi_${k.table}_f2a(f) ((A_${k.type})(f))
</#if>
</#list>

/* ---- array lengths that depend on a communicator (internals §3) */
#include "wi_comm_lengths.h"

#endif /* WI_CONVERT_H */
