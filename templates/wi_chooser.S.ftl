<#import "banner.ftl" as b>
<@b.banner template="wi_chooser.S.ftl"/>
/*
 * The code chooser: one stub per exported MPI symbol. Called by the application (wi_in_w == 0) it
 * jumps to the translating function: MPI_X to A_MPI_X, which calls the target's MPI_X (a tool below
 * the translation, else the runtime's), PMPI_X to AP_MPI_X, which calls the runtime's PMPI_X. Called
 * from inside the translation layer or by the runtime library itself (ROMIO, progress threads:
 * wi_in_w != 0) it jumps straight to the target's own function of that name. Only %r11 is used: it
 * carries no argument, and %al (vector count of variadic calls) is kept.
 * In identity pairs there is nothing to translate: a stub is one indirect jump to the target.
 */
    .text
<#list pair.functions.chooser as e>

<#if e.weak>
    .weak   ${e.symbol}
<#else>
    .globl  ${e.symbol}
</#if>
    .type   ${e.symbol}, @function
    .p2align 4
${e.symbol}:
    .cfi_startproc
<#if e.direct>
    jmp     *${e.runtimePointer}(%rip)
<#else>
    movq    wi_in_w@gottpoff(%rip), %r11
    cmpl    $0, %fs:(%r11)
    jne     1f
    jmp     ${e.entry()}
1:  jmp     *${e.runtimePointer}(%rip)
</#if>
    .cfi_endproc
    .size   ${e.symbol}, .-${e.symbol}
</#list>

    .section .note.GNU-stack,"",@progbits
