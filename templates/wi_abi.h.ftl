<#import "banner.ftl" as b>
<@b.banner template="wi_abi.h.ftl"/>
<#-- An integer literal of 64 bits. -->
<#function literal v>
<#return (v < 0)?then("(" + v?c + "LL)", v?c + "LL")>
</#function>
<#-- The C expression of a constant (ConstantValue) on one side: the application's objects are its own
     symbols, the runtime's are read through the addresses found when its library is loaded. -->
<#function constant v prefix runtime>
<#switch v.form>
<#case "address">
<#local address = runtime?then("wi_r_object_" + v.symbol, "(void *)&" + v.symbol)>
<#return v.type???then("((" + prefix + v.type + ")" + address + ")", "(" + address + ")")>
<#case "content">
<#return "(*(void *const *)" + runtime?then("wi_r_object_", "(void *)") + v.symbol + ")">
<#case "int">
<#return v.fitsInt?then("(" + v.value?c + ")", "(" + literal(v.value) + ")")>
<#case "pointer">
<#return "((" + v.type???then(prefix + v.type!"", "void *") + ")(intptr_t)" + literal(v.value) + ")">
<#case "handle">
<#return "((" + prefix + v.type + ")(intptr_t)" + literal(v.value) + ")">
</#switch>
</#function>
#ifndef WI_ABI_H
#define WI_ABI_H

#include <stddef.h>
#include <stdint.h>

#define WI_FROM_NAME "${pair.from}"
#define WI_TO_NAME "${pair.to}"
#define WI_IDENTITY ${pair.identity?then(1, 0)}
/* The application has MPICH's ABI: its C++ bindings library calls the hooks of runtime-c/wi_cxx_mpich.c. */
#define WI_FROM_MPICH ${(pair.from == "mpich")?then(1, 0)}
/* Both sides have MPI-4.0 sessions (a session handle table exists). */
#define WI_HAS_SESSIONS ${pair.handles.handleKinds?filter(k -> k.handle == "session")?has_content?then(1, 0)}
/* The application family's MPI libraries (its C one first): one of them loaded makes the process an MPI application. */
#define WI_A_SONAMES <#list pair.applicationSonames as so>"${so}"<#sep>, </#sep></#list>

enum wi_kind {
<#list pair.handles.handleKinds as k>
    WI_KIND_${k.table?upper_case},
</#list>
    WI_KIND_COUNT
};

extern const char *const wi_kind_names[WI_KIND_COUNT];

/* Which handle kinds are pointers on each side. Static constants, so that the compiler folds the
 * representation tests of the inline converters away. */
static const unsigned char wi_a_is_pointer[WI_KIND_COUNT] = {
<#list pair.handles.handleKinds as k>
    [WI_KIND_${k.table?upper_case}] = ${k.applicationPointer?then(1, 0)},
</#list>
};

static const unsigned char wi_r_is_pointer[WI_KIND_COUNT] = {
<#list pair.handles.handleKinds as k>
    [WI_KIND_${k.table?upper_case}] = ${k.runtimePointer?then(1, 0)},
</#list>
};

/* ---- application-side types (${pair.from}) */
<@typedefs pair.types.applicationTypes "A_"/>
typedef struct { unsigned char bytes[${pair.types.applicationStatus.size}]; } __attribute__((aligned(${pair.types.applicationStatus.alignment}))) A_MPI_Status;

/* ---- runtime-side types (${pair.to}) */
<@typedefs pair.types.runtimeTypes "R_"/>
typedef struct { unsigned char bytes[${pair.types.runtimeStatus.size}]; } __attribute__((aligned(${pair.types.runtimeStatus.alignment}))) R_MPI_Status;

/* ---- MPI_Status layouts: byte offsets */
<#macro statusLayout side s>
#define ${side}_STATUS_SOURCE ${s.offsets["MPI_SOURCE"]}
#define ${side}_STATUS_TAG ${s.offsets["MPI_TAG"]}
#define ${side}_STATUS_ERROR ${s.offsets["MPI_ERROR"]}
#define ${side}_STATUS_CODEC_${s.codec} 1
<#if s.codec == "UCOUNT">
#define ${side}_STATUS_UCOUNT ${s.offsets["_ucount"]}
#define ${side}_STATUS_CANCELLED ${s.offsets["_cancelled"]}
<#elseif s.codec == "INTERNAL">
#define ${side}_STATUS_COUNT ${s.offsets["count"]}
#define ${side}_STATUS_CANCELLED ${s.offsets["cancelled"]}
#define ${side}_STATUS_INTERNAL ${s.offsets["MPI_internal"]}
<#else>
#define ${side}_STATUS_COUNT_LO ${s.offsets["count_lo"]}
#define ${side}_STATUS_COUNT_HI_AND_CANCELLED ${s.offsets["count_hi_and_cancelled"]}
</#if>
</#macro>
<@statusLayout side="A" s=pair.types.applicationStatus/>
<@statusLayout side="R" s=pair.types.runtimeStatus/>

/* ---- application data objects the constants point at */
<#list pair.constants.applicationObjectSymbols as sym>
extern unsigned char ${sym}[];
</#list>

/* ---- runtime data objects, resolved when the runtime library is loaded */
<#list pair.constants.runtimeObjects as sym>
extern void *wi_r_object_${sym} __attribute__((visibility("hidden")));
</#list>

/* ---- constants of both sides */
<#list pair.constants.applicationConstants as c>
#define A_${c.name} ${constant(c.value, "A_", false)}
</#list>
<#list pair.constants.runtimeConstants as c>
#define R_${c.name} ${constant(c.value, "R_", true)}
</#list>

#endif /* WI_ABI_H */
<#-- The MPI types of one side under its prefix (SideType). -->
<#macro typedefs types prefix>
<#list types as t>
<#switch t.shape>
<#case "function">
typedef void ${prefix}${t.name}(void);
<#break>
<#case "pointer">
typedef void * ${prefix}${t.name};
<#break>
<#case "int">
typedef int ${prefix}${t.name};
<#break>
<#case "integer">
typedef ${t.signed?then("int", "uint")}${t.bits?c}_t ${prefix}${t.name};
<#break>
</#switch>
</#list>
</#macro>
