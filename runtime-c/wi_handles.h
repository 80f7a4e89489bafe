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

/* Most runtime objects of a kind live close together (Open MPI allocates them from free lists on
 * the heap). Such a runtime pointer is encoded in the int application handle itself, as its distance
 * to a per-kind base in 8-byte units: WI_HANDLE_INDEX_BASE | kind << 26 | WI_HANDLE_NEAR | offset.
 * No table, no lock, nothing to forget; the base is fixed by the first dynamic handle of the kind
 * and never moves, so a pointer is either always near or always in the index table (bijection).
 * Indexed handles keep bit 25 clear: at most 2^25 of them live per kind. */
#define WI_HANDLE_NEAR ((wi_word)1 << 25)
#define WI_HANDLE_NEAR_SHIFT 3
#define WI_HANDLE_NEAR_SPAN (WI_HANDLE_NEAR << WI_HANDLE_NEAR_SHIFT) /* 256 MiB */

/* Predefined handles: an open-addressing map per kind and direction, written only at load time
 * (before the first translation) and read without a lock afterwards. Linear probing over a table
 * kept at most half full; WI_MAP_EMPTY is never a handle (neither a pointer nor a zero-extended int). */
#define WI_MAP_EMPTY (~(wi_word)0)

struct wi_fixed_map {
    wi_word *keys;
    wi_word *values;
    uint32_t mask; /* capacity - 1; 0 while empty */
    uint32_t count;
};

WI_HIDDEN extern struct wi_fixed_map wi_predefined_a2r_maps[WI_KIND_COUNT];
WI_HIDDEN extern struct wi_fixed_map wi_predefined_r2a_maps[WI_KIND_COUNT];

WI_INLINE uint32_t wi_fixed_map_slot(wi_word key, uint32_t mask)
{
    return (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 40) & mask;
}

WI_INLINE int wi_fixed_map_find(const struct wi_fixed_map *map, wi_word key, wi_word *value)
{
    if (map->mask == 0)
        return 0;
    for (uint32_t i = wi_fixed_map_slot(key, map->mask);; i = (i + 1) & map->mask) {
        wi_word k = map->keys[i];
        if (k == key) {
            *value = map->values[i];
            return 1;
        }
        if (k == WI_MAP_EMPTY)
            return 0;
    }
}

/* Registers a predefined handle pair (both directions). Must be called
 * before the first translation of that kind, i.e. from the generated
 * load-time registration; the predefined tables are read-only afterwards.
 * If several handles of one side are aliases for one handle of the other
 * (MPI_LONG_LONG / MPI_LONG_LONG_INT), the first registration wins for the
 * reverse direction. */
WI_HIDDEN void wi_handle_predefined(enum wi_kind kind, wi_word a, wi_word r);

/* Per kind: the base of near handles (0 until the first dynamic handle), and whether near handles
 * are off because a predefined application handle lies in their range. */
WI_HIDDEN extern wi_word wi_near_base[WI_KIND_COUNT];
WI_HIDDEN extern unsigned char wi_near_disabled[WI_KIND_COUNT];

WI_INLINE wi_word wi_near_prefix(enum wi_kind kind)
{
    return WI_HANDLE_INDEX_BASE | (wi_word)kind << WI_HANDLE_KIND_SHIFT | WI_HANDLE_NEAR;
}

/* The near application handle of r, if r is near the kind's base. */
WI_INLINE int wi_near_encode(enum wi_kind kind, wi_word r, wi_word *a)
{
    wi_word base = __atomic_load_n(&wi_near_base[kind], __ATOMIC_RELAXED);
    wi_word offset = r - base;
    if (base == 0 || offset >= WI_HANDLE_NEAR_SPAN || (offset & ((1 << WI_HANDLE_NEAR_SHIFT) - 1)))
        return 0;
    *a = wi_near_prefix(kind) | offset >> WI_HANDLE_NEAR_SHIFT;
    return 1;
}

/* Predefined application handles that are addresses of the translation library's own objects (Open
 * MPI's ompi_mpi_comm_world, ... in cross pairs) carry their runtime value inside the object, which
 * the application never reads: word 0 is the object's address xor WI_OBJECT_MAGIC, word 1 the runtime
 * handle. One load and a compare instead of a map probe on most calls. */
#define WI_OBJECT_MAGIC ((wi_word)0x5749344d50494f42ull)

/* Like wi_handle_predefined, for an application handle that is the address of an object of at least
 * two words that belongs to the translation library (and so may carry the runtime value). */
WI_HIDDEN void wi_handle_predefined_object(enum wi_kind kind, wi_word a, wi_word r);
WI_HIDDEN extern wi_word wi_predefined_object_min, wi_predefined_object_max;

/* Per kind, the range of predefined runtime values: most dynamic handles fall outside it and skip
 * the r2a map probe. */
WI_HIDDEN extern wi_word wi_predefined_r_min[WI_KIND_COUNT];
WI_HIDDEN extern wi_word wi_predefined_r_max[WI_KIND_COUNT];

/* Slow paths of the inline functions below: the index tables and the fatal reports. */
WI_HIDDEN wi_word wi_handle_a2r_slow(enum wi_kind kind, wi_word a);
WI_HIDDEN wi_word wi_handle_r2a_slow(enum wi_kind kind, wi_word r);

/* Runtime value of an application handle; fatal, naming the handle type and
 * value, when the handle is neither predefined nor live. Pointer application
 * handles cost a bit test, predefined ones a probe of a read-only map. */
WI_INLINE wi_word wi_handle_a2r(enum wi_kind kind, wi_word a)
{
    if (wi_a_is_pointer[kind]) {
        if ((a & WI_HANDLE_POINTER_TAG) && (wi_r_is_pointer[kind] || a <= (WI_HANDLE_POINTER_TAG | UINT32_MAX)))
            return a & ~WI_HANDLE_POINTER_TAG;
        /* Only addresses between the lowest and the highest registered object are looked into: a
         * garbage handle elsewhere gets the clear fatal report, not a fault. */
        if (a >= wi_predefined_object_min && a <= wi_predefined_object_max) {
            const wi_word *object;
            __asm__("" : "=r"(object) : "0"(a)); /* an address known only at run time, never a constant */
            if (object[0] == (a ^ WI_OBJECT_MAGIC))
                return object[1];
        }
    } else if ((a & ~(WI_HANDLE_NEAR - 1)) == wi_near_prefix(kind)) {
        wi_word base = __atomic_load_n(&wi_near_base[kind], __ATOMIC_RELAXED);
        if (base != 0 && !wi_near_disabled[kind])
            return base + ((a & (WI_HANDLE_NEAR - 1)) << WI_HANDLE_NEAR_SHIFT);
    }
    wi_word r;
    if (wi_fixed_map_find(&wi_predefined_a2r_maps[kind], a, &r))
        return r;
    return wi_handle_a2r_slow(kind, a);
}

/* Application value of a runtime handle; an unknown runtime handle gets a
 * new application handle, a known one always the same. */
WI_INLINE wi_word wi_handle_r2a(enum wi_kind kind, wi_word r)
{
    wi_word a;
    if (r >= wi_predefined_r_min[kind] && r <= wi_predefined_r_max[kind]
        && wi_fixed_map_find(&wi_predefined_r2a_maps[kind], r, &a))
        return a;
    if (wi_a_is_pointer[kind]) {
        if (!(r & WI_HANDLE_POINTER_TAG))
            return r | WI_HANDLE_POINTER_TAG;
    } else if (wi_near_encode(kind, r, &a)) {
        return a;
    }
    return wi_handle_r2a_slow(kind, r);
}

WI_HIDDEN void wi_handle_forget_slow(enum wi_kind kind, wi_word a);

/* Drops the entry of an application handle whose runtime object was freed
 * (or became the null handle); its index is reused. No-op for predefined
 * handles, which are never forgotten, and for tagged and near handles, which
 * own no entry (inline: every completed request comes here). */
WI_INLINE void wi_handle_forget(enum wi_kind kind, wi_word a)
{
    if (wi_a_is_pointer[kind])
        return;
    if ((a & ~(WI_HANDLE_NEAR - 1)) == wi_near_prefix(kind) && !wi_near_disabled[kind])
        return;
    wi_handle_forget_slow(kind, a);
}

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
