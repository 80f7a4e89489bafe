/* Application <-> runtime handle translation, one table set per handle
 * kind (enum wi_kind from wi_abi.h).
 *
 * Handles travel as wi_word: pointers as uintptr_t, MPICH-style int handles
 * zero-extended through uint32_t (never sign-extended). wi_convert.h wraps
 * these calls in typed per-kind functions.
 *
 * The mapping is a bijection: the same runtime object always yields the
 * same application handle until the application handle is forgotten. All
 * operations are O(1) and thread-safe. */
#ifndef WI_HANDLES_H
#define WI_HANDLES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "wi_abi.h"
#include "wi_defs.h"

typedef uintptr_t wi_word;

/* Application handles that are pointers: the runtime value with this bit
 * set (user-space addresses never have it). */
#define WI_HANDLE_POINTER_TAG ((wi_word)1 << 63)

/* Application handles that are ints while they name runtime objects the
 * application did not predefine: WI_HANDLE_INDEX_BASE | kind << 26 | index. */
#define WI_HANDLE_INDEX_BASE ((wi_word)0xC0000000u)
#define WI_HANDLE_KIND_SHIFT 26
#define WI_HANDLE_INDEX_LIMIT ((wi_word)1 << WI_HANDLE_KIND_SHIFT)

/* Registers a predefined handle pair (both directions). Must be called
 * before the first translation of that kind, i.e. from the generated
 * load-time registration; the predefined tables are read-only afterwards.
 * If several handles of one side are aliases for one handle of the other
 * (MPI_LONG_LONG / MPI_LONG_LONG_INT), the first registration wins for the
 * reverse direction. */
WI_HIDDEN void wi_handle_predefined(enum wi_kind kind, wi_word a, wi_word r);

/* Runtime value of an application handle; fatal, naming the handle type and
 * value, when the handle is neither predefined nor live. */
WI_HIDDEN wi_word wi_handle_a2r(enum wi_kind kind, wi_word a);

/* Application value of a runtime handle; an unknown runtime handle gets a
 * new application handle, a known one always the same. */
WI_HIDDEN wi_word wi_handle_r2a(enum wi_kind kind, wi_word r);

/* Drops the entry of an application handle whose runtime object was freed
 * (or became the null handle); its index is reused. No-op for predefined
 * handles, which are never forgotten. */
WI_HIDDEN void wi_handle_forget(enum wi_kind kind, wi_word a);

/* wi_word of a handle of any representation: a 4-byte handle is an MPICH
 * int (zero-extended), anything else a pointer. For code that does not know
 * the handle type statically (callback trampolines). */
static inline wi_word wi_word_from_handle_bytes(const void *handle, size_t size)
{
    if (size == sizeof(uint32_t)) {
        uint32_t v;
        memcpy(&v, handle, sizeof v);
        return v;
    }
    uintptr_t v;
    memcpy(&v, handle, sizeof v);
    return v;
}
#define WI_WORD_OF(handle_lvalue) wi_word_from_handle_bytes(&(handle_lvalue), sizeof(handle_lvalue))

#endif
