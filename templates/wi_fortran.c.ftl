<#import "banner.ftl" as b>
<#import "lengths.ftl" as l>
<#import "declare.ftl" as c>
<@b.banner template="wi_fortran.c.ftl"/>
<#if !fortran.enabled>
/* Identity pair: the application keeps its real Fortran library. */
typedef int wi_fortran_none;
<#else>
/*
 * The application family's Fortran bindings (mpif.h, `use mpi`), docs/fortran.md. Each wrapper
 * turns the Fortran arguments (all by reference) into the application's C arguments, calls the A_
 * function that translates them for the runtime, and turns the outputs back; ierr gets the returned
 * code (application error codes are the same in C and Fortran).
 */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "wi_attribute_boxes.h"
#include "wi_callbacks.h"
#include "wi_convert.h"
#include "wi_fortran.h"
#include "wi_fortran_wrappers.h"
#include "wi_log.h"
#include "wi_scratch.h"
#include "wi_tls.h"

/*
 * The sentinel common blocks (MPI_BOTTOM, MPI_IN_PLACE, MPI_STATUS_IGNORE, ...), at the vendor's
 * sizes. The application's Fortran objects define them too, and the executable's definition wins:
 * these references go through the GOT, so the addresses compared below are the application's.
 */
<#list fortran.blocks as blk>
WI_EXPORTED __attribute__((aligned(32))) unsigned char ${blk.symbol}[${blk.size?c}];
</#list>
<#list fortran.declaredBlocks as blk>
extern unsigned char ${blk.symbol}[]; /* wi_objects.c */
</#list>

/* The A_ functions the wrappers call (wi_functions.c). */
<#list fortran.functions as f>
WI_HIDDEN ${f.callee.returns} A_${f.name}(${f.callee.params});
</#list>

/*
 * The Fortran value of an attribute the C call returned (MPI-4.1 §20.3.7): a predefined attribute
 * whose C value points to an int or an MPI_Aint gives that value, a box the integer a Fortran set
 * stored in it, any other the pointer value itself (a C pointer's address, MPI_WIN_BASE's base).
 */
__attribute__((unused)) static intptr_t wi_f_attribute_value(int keyval, void *c_value)
{
    switch (keyval) {
<#list fortran.intAttributes as k>
    case A_${k}:
</#list>
<#if fortran.intAttributes?has_content>
        return *(const int *)c_value;
</#if>
<#list fortran.aintAttributes as k>
    case A_${k}:
</#list>
<#if fortran.aintAttributes?has_content>
        return (intptr_t)*(const A_MPI_Aint *)c_value;
</#if>
    default:
        return (intptr_t)wi_attribute_fortran_value(c_value);
    }
}

/* A keyval from Fortran: the predefined ones whose Fortran value is not the C value are mapped back. */
__attribute__((unused)) static int wi_f_keyval(int keyval)
{
<#if fortran.fortranKeyvals?has_content>
    switch (keyval) {
<#list fortran.fortranKeyvals as fv, c>
    case ${fv?c}: return A_${c};
</#list>
    default: return keyval;
    }
<#else>
    return keyval;
</#if>
}

<#if fortran.predefinedProcedures?has_content>
/*
 * The predefined callbacks as Fortran procedures (EXTERNAL MPI_COMM_DUP_FN, ...), with the
 * standard's behaviour. Passed to a create_keyval wrapper (MPI_CONVERSION_FN_NULL: to
 * MPI_REGISTER_DATAREP), they stand for the application's C constant, which becomes the runtime's own.
 */
<#list fortran.predefinedProcedures as p>
<#assign vt = p.integer?then("A_MPI_Fint", "int64_t")>
<#if p.does == "null_conversion">
WI_HIDDEN void wi_fp_${p.constant}(void *userbuf, A_MPI_Fint *datatype, A_MPI_Fint *count, void *filebuf,
                                   int64_t *position, int64_t *extra_state, A_MPI_Fint *ierr)
{
    (void)userbuf, (void)datatype, (void)count, (void)filebuf, (void)position, (void)extra_state;
    *ierr = A_MPI_SUCCESS;
}
<#elseif p.does == "null_delete">
WI_HIDDEN void wi_fp_${p.constant}(A_MPI_Fint *object, int *keyval, ${vt} *value, ${vt} *extra_state, A_MPI_Fint *ierr)
{
    (void)object, (void)keyval, (void)value, (void)extra_state;
    *ierr = A_MPI_SUCCESS;
}
<#else>
WI_HIDDEN void wi_fp_${p.constant}(A_MPI_Fint *object, int *keyval, ${vt} *extra_state, ${vt} *in, ${vt} *out, A_MPI_Fint *flag, A_MPI_Fint *ierr)
{
    (void)object, (void)keyval, (void)extra_state;
<#if p.does == "dup">
    *out = *in;
    *flag = wi_fortran_true();
<#else>
    (void)in, (void)out;
    *flag = 0;
</#if>
    *ierr = A_MPI_SUCCESS;
}
</#if>
<#list p.symbols as sym>
WI_EXPORTED __typeof__(wi_fp_${p.constant}) ${sym} __attribute__((alias("wi_fp_${p.constant}")));
</#list>
</#list>

</#if>
<#-- The C type of a Fortran integer argument: a default INTEGER or an INTEGER(KIND=MPI_ADDRESS_KIND). -->
<#function integerType a><#return (a.parameter == "integer")?then("A_MPI_Fint", "int64_t")></#function>
<#-- The Fortran argument as a parameter of the wrapper (FortranParameter). -->
<#function fortranParam a>
<#switch a.parameter>
<#case "integer"><#case "address_integer"><#return integerType(a) + " *" + a.name>
<#case "character"><#return "char *" + a.name>
<#case "int"><#return "int *" + a.name>
<#case "address"><#return "void *" + a.name>
<#case "c_type"><#return c.declare(a.cType, a.name)>
<#case "c_reference"><#return a.cType + " *" + a.name>
</#switch>
<#stop "no Fortran parameter for " + a.name>
</#function>
<#-- The application-side temporary of an argument, and the hidden length parameter of a string. -->
<#function temp a><#return "a_" + a.name></#function>
<#function lengthParam a><#return a.name + "_len"></#function>
<#-- The address a sentinel is recognised by (FortranArgView.Sentinel). -->
<#function address s>
<#if s.block??><#return "((const char *)" + s.block + " + " + s.offset?c + ")"></#if>
<#return s.symbol!("wi_fp_" + s.name)>
</#function>
<#-- The wrapper's C parameters: the Fortran arguments (with descriptors: the choice buffers a
     descriptor binding passes as opaque pointers), ierr, then the hidden character lengths. -->
<#function params f descriptors>
<#local p = []>
<#list f.args?filter(a -> !a.conv.isOmitted()) as a>
<#local p = p + [(descriptors && f.descriptorArgs?seq_contains(a.name))?then("const void *" + a.name, fortranParam(a))]>
</#list>
<#if f.subroutine><#local p = p + ["A_MPI_Fint *ierr"]></#if>
<#list f.strings() as a><#local p = p + ["wi_fortran_len_t " + lengthParam(a)]></#list>
<#return p?has_content?then(p?join(", "), "void")>
</#function>
<#-- The arguments with which a descriptor binding calls the wrapper: each descriptor replaced by its
     data address, a section's count and datatype by those describing the section. -->
<#function descriptorCall f>
<#local p = []>
<#list f.args?filter(a -> !a.conv.isOmitted()) as a>
<#local arg = f.descriptorArgs?seq_contains(a.name)?then("wi_" + a.name, a.name)>
<#list f.descriptorSections as buffer, section>
<#if section[0] == a.name><#local arg = "&wi_" + buffer + "_count"><#elseif section[1] == a.name><#local arg = "&wi_" + buffer + "_type"></#if>
</#list>
<#local p = p + [arg]>
</#list>
<#if f.subroutine><#local p = p + ["ierr"]></#if>
<#list f.strings() as a><#local p = p + [lengthParam(a)]></#list>
<#return p?join(", ")>
</#function>
<#macro f2c a expr><#if a.handle.tableCalls>wi_${a.handle.table}_f2c(${expr})<#else>(A_${a.handle.type})${expr}</#if></#macro>
<#macro c2f a expr><#if a.handle.tableCalls>wi_${a.handle.table}_c2f(${expr})<#else>(A_MPI_Fint)${expr}</#if></#macro>
<#macro before a>
<#local t = temp(a)>
<#switch a.conv>
<#case "pointer">
<#if a.sentinels?has_content>
    ${a.cType} ${t} = (${a.cType})${a.name};
<#list a.sentinels as s>
    <#if !s?is_first>else </#if>if ((const void *)${a.name} == (const void *)${address(s)}) /* ${s.name} */
        ${t} = (${a.cType})A_${s.constant};
</#list>
</#if>
<#break>
<#case "callback">
<#if a.sentinels?has_content>
    void *${t} = (void *)${a.name};
<#list a.sentinels as sn>
    <#if !sn?is_first>else </#if>if ((const void *)${a.name} == (const void *)${address(sn)}) /* ${sn.name} */
        ${t} = (void *)A_${sn.constant};
</#list>
</#if>
<#break>
<#case "logical_out">
    int ${t} = 0;
<#break>
<#case "index_out">
    int ${t} = A_MPI_UNDEFINED;
<#break>
<#case "aint_int_out">
    A_MPI_Aint ${t} = 0;
<#break>
<#case "aint_int_array">
    const int ${t}_n = wi_len(*${a.length});
    A_MPI_Aint *${t} = wi_scratch_alloc(sizeof(A_MPI_Aint) * (size_t)${t}_n);
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++)
        ${t}[wi_i] = ${a.name}[wi_i]; /* MPI-1: INTEGER displacements */
<#break>
<#case "handle">
<#if a.array>
<#if a.handle.tableCalls>
    const int ${t}_n = wi_len(${l.expression(a.elements, l.fortran)});
    A_${a.handle.type} *${t} = wi_scratch_alloc(sizeof(A_${a.handle.type}) * (size_t)${t}_n);
<#if a.reads()>
<#if a.unusedIfInPlace??>
    /* ignored by MPI when ${a.unusedIfInPlace} is MPI_IN_PLACE: then not even read */
    if ((const void *)a_${a.unusedIfInPlace} != (const void *)A_MPI_IN_PLACE)
</#if>
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++)
        ${t}[wi_i] = <@f2c a "${a.name}[wi_i]"/>;
<#else>
    /* entries the call leaves unwritten convert back as the null handle */
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++)
        ${t}[wi_i] = A_${a.handle.nullConstant};
</#if>
</#if>
<#elseif a.unusedIfInPlace?? && a.reads()>
    /* ignored by MPI when ${a.unusedIfInPlace} is MPI_IN_PLACE: then not converted (it may be anything) */
    A_${a.handle.type} ${t} = (const void *)a_${a.unusedIfInPlace} == (const void *)A_MPI_IN_PLACE
        ? A_${a.handle.nullConstant} : <@f2c a "*${a.name}"/>;
<#else>
    A_${a.handle.type} ${t} = <#if a.reads()><@f2c a "*${a.name}"/><#else>(A_${a.handle.type})0</#if>;
</#if>
<#break>
<#case "string_in">
    char *${t} = wi_scratch_alloc(wi_fortran_len(${lengthParam(a)}) + 1);
    wi_fortran_string_in(${t}, ${a.name}, wi_fortran_len(${lengthParam(a)}));
<#break>
<#case "string_out">
    char ${t}[A_${a.max}];
    ${t}[0] = '\0';
<#break>
<#case "attribute_out">
    void *${t} = NULL;
<#break>
<#case "attribute_box">
    void *${t} = wi_attribute_box((int64_t)*${a.name}); /* C gets a pointer to the integer */
<#break>
<#case "ignored_out">
    (void)${a.name}; /* not written: functions.json fortran ignored_output */
    void *${t} = NULL;
<#break>
<#case "string_sized">
    char *${t} = wi_scratch_alloc((size_t)(wi_len(*${a.length}) + 1));
    ${t}[0] = '\0';
<#break>
<#case "string_argv">
<#case "string_argvs">
    ${a.cType} ${t};
<#list a.sentinels as sn>
    <#if !sn?is_first>else </#if>if ((const void *)${a.name} == (const void *)${address(sn)}) /* ${sn.name} */
        ${t} = (${a.cType})A_${sn.constant};
</#list>
    <#if a.sentinels?has_content>else
        </#if>${t} = (${a.cType})<#if a.conv == "string_argv">wi_fortran_argv_in(${a.name}, wi_fortran_len(${lengthParam(a)}))<#else>wi_fortran_argvs_in(${a.name}, wi_fortran_len(${lengthParam(a)}), wi_len(${l.expression(a.elements, l.fortran)}))</#if>;
<#break>
<#case "returned_len">
    const int a_${a.length}_entry = *${a.name};
    int a_${a.length}_len = a_${a.length}_entry > 0 ? a_${a.length}_entry + 1 : 0; /* C counts the NUL */
<#break>
<#case "string_returned">
    char *${t} = wi_scratch_alloc((size_t)wi_len(*${a.length}) + 2);
    ${t}[0] = '\0';
<#break>
<#case "string_strings">
    ${a.cType} ${t} = (${a.cType})wi_fortran_strings_in(${a.name}, wi_fortran_len(${lengthParam(a)}), wi_len(${l.expression(a.elements, l.fortran)}));
<#break>
<#default>
</#switch>
</#macro>
<#function arg a>
<#local t = temp(a)>
<#switch a.conv>
<#case "value"><#return "*" + a.name>
<#case "pointer"><#return a.sentinels?has_content?then(t, "(" + a.cType + ")" + a.name)>
<#case "logical_in"><#return "(*" + a.name + " != 0)">
<#case "logical_out"><#return "&" + t>
<#case "index_out"><#return "&" + t>
<#case "aint_int_in"><#return "(A_MPI_Aint)*" + a.name>
<#case "aint_int_out"><#return "&" + t>
<#case "aint_int_array"><#return t>
<#case "indices_out"><#return "(" + a.cType + ")" + a.name>
<#case "handle">
<#if a.array><#return a.handle.tableCalls?then(t, "(" + a.cType + ")" + a.name)></#if>
<#return a.cType?ends_with("*")?then("&" + t, t)>
<#case "string_in"><#case "string_out"><#case "string_sized"><#case "string_argv"><#case "string_argvs"><#case "string_strings"><#return t>
<#case "ignored_out"><#return "&" + t>
<#case "returned_len"><#return "&a_" + a.length + "_len">
<#case "string_returned"><#return t>
<#case "omitted"><#return "NULL">
<#case "omitted_value"><#return "0">
<#case "callback"><#return "(" + a.cType + ")" + a.sentinels?has_content?then(t, a.name)>
<#case "attribute_in"><#return "(void *)(intptr_t)*" + a.name>
<#case "attribute_box"><#return t>
<#case "attribute_ref"><#return "(void *)" + a.name>
<#case "keyval"><#return "wi_f_keyval(*" + a.name + ")">
<#case "attribute_out"><#return "&" + t>
</#switch>
<#return a.name>
</#function>
<#macro after a f>
<#local t = temp(a)>
<#switch a.conv>
<#case "index_out">
    if (${t} >= 0 && ${t} != A_MPI_UNDEFINED)
        *${a.name} = ${t} + 1; /* Fortran counts requests from 1 */
    else if (wi_ret == A_MPI_SUCCESS)
        *${a.name} = ${t};
<#break>
<#case "aint_int_out">
    if (wi_ret == A_MPI_SUCCESS)
        *${a.name} = (A_MPI_Fint)${t}; /* MPI-1: an INTEGER */
<#break>
<#case "indices_out">
    if (wi_ret == A_MPI_SUCCESS || wi_ret == A_MPI_ERR_IN_STATUS)
        for (int wi_i = 0; wi_i < *${a.length}; wi_i++) /* none when MPI_UNDEFINED (negative) */
            ${a.name}[wi_i] += 1; /* Fortran counts requests from 1 */
<#break>
<#case "logical_out">
    if (wi_ret == A_MPI_SUCCESS)
        *${a.name} = ${t} ? wi_fortran_true() : 0;
<#break>
<#case "handle">
<#if !a.writes()><#return></#if>
<#if a.array>
<#if a.handle.tableCalls>
<#if a.dir == "out">
    if (wi_ret == A_MPI_SUCCESS)
</#if>
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++)
        ${a.name}[wi_i] = <@c2f a "${t}[wi_i]"/>;
</#if>
<#elseif a.dir == "out">
    if (wi_ret == A_MPI_SUCCESS)
        *${a.name} = <@c2f a t/>;
<#else>
    *${a.name} = <@c2f a t/>;
</#if>
<#break>
<#case "string_out">
<#case "string_sized">
<#-- a call with a flag (MPI_Info_get) leaves the string alone when it finds nothing -->
    if (wi_ret == A_MPI_SUCCESS<#if f.foundFlag()??> && a_${f.foundFlag()}</#if>)
        wi_fortran_string_out(${a.name}, wi_fortran_len(${lengthParam(a)}), ${t});
<#break>
<#case "string_returned">
    if (wi_ret == A_MPI_SUCCESS<#if f.foundFlag()??> && a_${f.foundFlag()}</#if> && ${t}_entry > 0)
        wi_fortran_string_out(${a.name}, wi_fortran_len(${lengthParam(a)}), ${t});
<#break>
<#case "returned_len">
    if (wi_ret == A_MPI_SUCCESS)
        *${a.name} = a_${a.length}_len > 0 ? a_${a.length}_len - 1 : 0; /* Fortran's excludes the NUL */
<#break>
<#case "attribute_box">
    if (wi_ret != A_MPI_SUCCESS) /* no attribute holds it */
        wi_attribute_box_release(${t});
<#break>
<#case "attribute_out">
    if (wi_ret == A_MPI_SUCCESS && a_${f.foundFlag()})
        *${a.name} = (${integerType(a)})wi_f_attribute_value(<#list f.args as k><#if k.conv == "keyval">wi_f_keyval(*${k.name})</#if></#list>, ${t});
<#break>
<#default>
</#switch>
</#macro>
<#list fortran.functions as f>

<#if f.subroutine>
WI_HIDDEN void wi_f_${f.name}(${params(f, false)})
<#else>
WI_HIDDEN ${f.returnType} wi_f_${f.name}(${params(f, false)})
</#if>
{
<#if f.scratch>
    wi_scratch_mark_t wi_mark = wi_scratch_mark();
</#if>
<#list f.args?filter(a -> !a.array) as a><@before a/></#list>
<#list f.args?filter(a -> a.array) as a><@before a/></#list>
<#if f.registersCallback()>
    wi_callback_fortran = ${f.integerCallbacks()?then("WI_CALLBACK_FORTRAN_INTEGER", "WI_CALLBACK_FORTRAN")}; /* the trampoline calls a Fortran procedure */
</#if>
    ${f.subroutine?then("int", f.returnType)} wi_ret = A_${f.name}(<#list f.args as a>${arg(a)}<#sep>, </#sep></#list>);
<#if f.registersCallback()>
    wi_callback_fortran = 0;
</#if>
<#list f.args as a><@after a f/></#list>
<#if f.scratch>
    wi_scratch_release(wi_mark);
</#if>
<#if f.subroutine>
    if (ierr != NULL) /* optional in mpi_f08 */
        *ierr = wi_ret;
<#else>
    return wi_ret;
</#if>
}
<#list f.symbols as s>
WI_EXPORTED __typeof__(wi_f_${f.name}) ${s} __attribute__((alias("wi_f_${f.name}")));
</#list>
<#if f.descriptorSymbols?has_content>

/* The mpi_f08 binding: its choice buffers arrive as gfortran array descriptors (TS 29113). */
WI_HIDDEN void wi_f08_${f.name}(${params(f, true)})
{
<#list f.descriptorArgs as d>
<#if f.descriptorSections[d]??>
    A_MPI_Count wi_${d}_items = *${f.descriptorSections[d][0]};
    A_MPI_Fint wi_${d}_type = *${f.descriptorSections[d][1]};
    A_MPI_Datatype wi_${d}_made = A_MPI_DATATYPE_NULL;
    void *wi_${d} = wi_f08_section(${d}, &wi_${d}_items, &wi_${d}_type, &wi_${d}_made, "${f.name}");
    ${f.sectionCountType(d)} wi_${d}_count = (${f.sectionCountType(d)})wi_${d}_items; /* 1, or as it came */
<#else>
    void *wi_${d} = wi_fortran_descriptor_address(${d}, "${f.name}");
</#if>
</#list>
    wi_f_${f.name}(${descriptorCall(f)});
<#list f.descriptorSections?keys as d>
    if (wi_${d}_made != A_MPI_DATATYPE_NULL)
        A_MPI_Type_free(&wi_${d}_made); /* MPI keeps it while a nonblocking call needs it */
</#list>
}
<#list f.descriptorSymbols as s>
WI_EXPORTED __typeof__(wi_f08_${f.name}) ${s} __attribute__((alias("wi_f08_${f.name}")));
</#list>
</#if>
</#list>

<#if fortran.f08Operators?has_content>
/*
 * What programs compiled with the family's mpi_f08 module call in the module's library besides the
 * bindings (which are the wrappers above under their _f08 names): handle comparisons, which compare
 * the one INTEGER of each handle (gfortran's .TRUE. is 1), and gfortran's default-initialisation
 * objects and copy procedures of the derived types.
 */
<#list fortran.f08Operators as op>
WI_EXPORTED int ${op.symbol}(const A_MPI_Fint *a, const A_MPI_Fint *b) { return (*a ${op.equal?then("==", "!=")} *b) ? 1 : 0; }
</#list>
<#list fortran.f08Data as d>
WI_EXPORTED unsigned char ${d.symbol}[${d.size?c}];
</#list>
<#list fortran.f08Copies as c>
WI_EXPORTED void ${c.symbol}(const void *src, void *dst) { memcpy(dst, src, ${c.size?c}); }
</#list>

</#if>
<#if fortran.sizeofProcedures?has_content || fortran.syncRegSymbols?has_content || fortran.aintAddSymbols?has_content>
/* Routines only the family's Fortran library has (fortran.json fortran_only): MPI_Sizeof stores the
 * size in bytes of its argument's type, MPI_F_sync_reg does nothing, MPI_Aint_add/_diff compute
 * (the family's C library has macros for them). */
<#list fortran.sizeofProcedures as p>
WI_HIDDEN void wi_f_sizeof_${p.size?c}(const void *x, A_MPI_Fint *size, A_MPI_Fint *ierr)
{
    (void)x;
    *size = ${p.size?c};
    if (ierr != NULL)
        *ierr = A_MPI_SUCCESS;
}
<#list p.symbols as sym>
WI_EXPORTED __typeof__(wi_f_sizeof_${p.size?c}) ${sym} __attribute__((alias("wi_f_sizeof_${p.size?c}")));
</#list>
</#list>
<#if fortran.aintAddSymbols?has_content>
WI_HIDDEN int64_t wi_f_aint_add(const int64_t *base, const int64_t *disp) { return *base + *disp; }
<#list fortran.aintAddSymbols as sym>
WI_EXPORTED __typeof__(wi_f_aint_add) ${sym} __attribute__((alias("wi_f_aint_add")));
</#list>
</#if>
<#if fortran.aintDiffSymbols?has_content>
WI_HIDDEN int64_t wi_f_aint_diff(const int64_t *addr1, const int64_t *addr2) { return *addr1 - *addr2; }
<#list fortran.aintDiffSymbols as sym>
WI_EXPORTED __typeof__(wi_f_aint_diff) ${sym} __attribute__((alias("wi_f_aint_diff")));
</#list>
</#if>
<#if fortran.syncRegSymbols?has_content>
WI_HIDDEN void wi_f_sync_reg(const void *buffer) { (void)buffer; }
<#list fortran.syncRegSymbols as sym>
WI_EXPORTED __typeof__(wi_f_sync_reg) ${sym} __attribute__((alias("wi_f_sync_reg")));
</#list>
</#if>

</#if>
/* Fortran bindings without a wrapper: they stop the program with the function's name. */
<#list fortran.stubs as s>
WI_HIDDEN void wi_f_unsupported_${s.name}(void) { wi_unsupported("${s.name} (Fortran)"); }
<#list s.symbols as sym>
WI_EXPORTED __typeof__(wi_f_unsupported_${s.name}) ${sym} __attribute__((alias("wi_f_unsupported_${s.name}")));
</#list>
</#list>
<#if fortran.leftOut?has_content>

/*
 * Left out of the Fortran layer (their stubs above abort):
<#list fortran.leftOut as name, why>
 *   ${name}: ${why}
</#list>
 */
</#if>
</#if>
