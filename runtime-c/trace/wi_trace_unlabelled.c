/* See wi_trace_unlabelled in wi_trace_encode.h: counters registered on first use on a lock-free
 * list (pushed with compare-and-swap), counted with atomic increments. */
#include "wi_trace_unlabelled.h"

#include <string.h>

#include "wi_trace_encode.h"
#include "wi_trace_state.h"

static wi_trace_unlabelled_counter *counters;

void wi_trace_unlabelled(wi_trace_unlabelled_counter *counter) {
    if (!__atomic_load_n(&wi_trace_state.running, __ATOMIC_ACQUIRE))
        return;
    __atomic_fetch_add(&counter->count, 1, __ATOMIC_RELAXED);
    if (__atomic_exchange_n(&counter->registered, 1, __ATOMIC_ACQ_REL))
        return;
    wi_trace_unlabelled_counter *head = __atomic_load_n(&counters, __ATOMIC_ACQUIRE);
    do
        counter->next = head;
    while (!__atomic_compare_exchange_n(&counters, &head, counter, 0, __ATOMIC_RELEASE,
                                        __ATOMIC_ACQUIRE));
}

size_t wi_trace_unlabelled_list(char *out, size_t size) {
    size_t length = 0;
    const char *last = NULL; /* names are printed in increasing order: selection by repeated scans */
    out[0] = '\0';
    for (;;) {
        wi_trace_unlabelled_counter *next = NULL;
        for (wi_trace_unlabelled_counter *c = __atomic_load_n(&counters, __ATOMIC_ACQUIRE); c;
             c = c->next)
            if ((!last || strcmp(c->name, last) > 0) && (!next || strcmp(c->name, next->name) < 0))
                next = c;
        if (!next)
            return length;
        char digits[24];
        size_t d = sizeof digits;
        unsigned long long count = __atomic_load_n(&next->count, __ATOMIC_RELAXED);
        do
            digits[--d] = (char)('0' + count % 10);
        while ((count /= 10) != 0);
        size_t name = strlen(next->name), n = (length ? 1 : 0) + name + 1 + sizeof digits - d;
        if (length + n >= size)
            return length;
        if (length)
            out[length++] = ' ';
        memcpy(out + length, next->name, name);
        length += name;
        out[length++] = '=';
        memcpy(out + length, digits + d, sizeof digits - d);
        length += sizeof digits - d;
        out[length] = '\0';
        last = next->name;
    }
}
