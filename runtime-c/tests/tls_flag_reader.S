/* The code chooser's access to wi_in_w, verbatim: an initial-exec TLS load
 * through the GOT, touching only %r11. Returns 1 when the flag is set. */
    .text
    .globl  wi_test_read_in_w
    .type   wi_test_read_in_w, @function
wi_test_read_in_w:
    movq    wi_in_w@gottpoff(%rip), %r11
    cmpl    $0, %fs:(%r11)
    jne     1f
    xorl    %eax, %eax
    ret
1:  movl    $1, %eax
    ret
    .size   wi_test_read_in_w, .-wi_test_read_in_w
    .section .note.GNU-stack,"",@progbits
