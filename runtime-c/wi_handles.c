/* Handle tables; see wi_handles.h and docs/runtime.md (Handles) for the policy.
 *
 * Per kind:
 * - predefined handles: two open-addressing maps (a->r, r->a), filled at
 *   load time and read-only afterwards, so they are read without a lock;
 * - pointer application handles: the runtime value tagged with bit 63, no
 *   table at all;
 * - int application handles: an index table. The index is a slot in a
 *   chunked array (a directory of 1024-slot chunks, both allocated on
 *   demand) for a2r, and the slots are also the nodes of a uthash keyed by
 *   the runtime value for r2a. Freed slots form a free list and are reused
 *   first. Slots never move, so uthash can point into them. A slot counts
 *   how often the runtime returned its object: runtimes hand one object out
 *   several times (Open MPI's request of MPI_PROC_NULL operations, the group
 *   of a communicator), and each completion or free forgets one reference.
 *   A spinlock per kind guards mutation and lookup. */
#include "wi_handles.h"
#include "wi_substitutes.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>

#include "wi_log.h"

#define uthash_fatal(msg) wi_fatal("out of memory in a handle table (%s)", msg)
#include <uthash.h>

_Static_assert(WI_KIND_COUNT <= 16, "the kind must fit in 4 bits of an int handle");
_Static_assert(sizeof(wi_word) == 8, "bit 63 tagging needs 64-bit words");

/* ---- predefined handles ---- */

struct wi_fixed_map wi_predefined_a2r_maps[WI_KIND_COUNT];
struct wi_fixed_map wi_predefined_r2a_maps[WI_KIND_COUNT];

static void wi_fixed_map_put(struct wi_fixed_map *map, wi_word key, wi_word value);

/* Doubles the capacity (starting at 64) and re-inserts every entry. */
static void wi_fixed_map_grow(struct wi_fixed_map *map)
{
    struct wi_fixed_map old = *map;
    uint32_t capacity = old.mask ? 2 * (old.mask + 1) : 64;
    map->keys = malloc(capacity * sizeof *map->keys);
    map->values = malloc(capacity * sizeof *map->values);
    if (map->keys == NULL || map->values == NULL)
        wi_fatal("out of memory registering predefined handles");
    memset(map->keys, 0xff, capacity * sizeof *map->keys); /* WI_MAP_EMPTY everywhere */
    map->mask = capacity - 1;
    map->count = 0;
    for (uint32_t i = 0; old.mask && i <= old.mask; i++)
        if (old.keys[i] != WI_MAP_EMPTY)
            wi_fixed_map_put(map, old.keys[i], old.values[i]);
    free(old.keys);
    free(old.values);
}

/* Inserts unless the key is present (the first registration of an alias wins). */
static void wi_fixed_map_put(struct wi_fixed_map *map, wi_word key, wi_word value)
{
    if (key == WI_MAP_EMPTY)
        wi_fatal("internal error: handle value 0x%" PRIxPTR " cannot be registered", key);
    if (2 * (map->count + 1) > map->mask + 1)
        wi_fixed_map_grow(map);
    uint32_t i = wi_fixed_map_slot(key, map->mask);
    while (map->keys[i] != WI_MAP_EMPTY) {
        if (map->keys[i] == key)
            return;
        i = (i + 1) & map->mask;
    }
    map->keys[i] = key;
    map->values[i] = value;
    map->count++;
}

static inline int wi_predefined_find(const struct wi_fixed_map *map, wi_word key, wi_word *value)
{
    return wi_fixed_map_find(map, key, value);
}

/* ---- index tables for int application handles ---- */

enum { WI_CHUNK_SHIFT = 10, WI_CHUNK_SLOTS = 1 << WI_CHUNK_SHIFT, WI_DIRECTORY_INITIAL = 16 };

enum wi_slot_state { WI_SLOT_NEVER_USED = 0, WI_SLOT_LIVE, WI_SLOT_FREE, WI_SLOT_RESERVED };

struct wi_slot {
    wi_word r;
    uint32_t index;
    uint32_t next_free_plus_one; /* free-list link, 0 ends the list */
    uint32_t references;         /* times the runtime handed this object to the application */
    uint8_t state;
    UT_hash_handle hh; /* in wi_index_table.by_r while live */
};

struct wi_index_table {
    pthread_spinlock_t lock;
    uint32_t directory_size;
    uint32_t high_water;         /* indices below it have been handed out once */
    uint32_t free_head_plus_one; /* 0: free list empty */
    struct wi_slot **directory;  /* directory_size chunk pointers, NULL until used */
    struct wi_slot *by_r;
} __attribute__((aligned(64))); /* one cache line per kind: no false sharing */

static struct wi_index_table wi_index_tables[WI_KIND_COUNT];

wi_word wi_near_base[WI_KIND_COUNT];
wi_word wi_predefined_r_min[WI_KIND_COUNT] = {[0 ... WI_KIND_COUNT - 1] = WI_MAP_EMPTY};
wi_word wi_predefined_r_max[WI_KIND_COUNT];
wi_word wi_predefined_object_min = WI_MAP_EMPTY, wi_predefined_object_max;
unsigned char wi_near_disabled[WI_KIND_COUNT];

/* Fixes the kind's near base around the first runtime pointer that needs a handle, so that objects
 * allocated after it, below or above, are near. Only int application handles for pointer runtime
 * handles use it; the first caller wins. */
static void wi_near_fix_base(enum wi_kind kind, wi_word r)
{
    if (wi_near_disabled[kind] || !wi_r_is_pointer[kind] || __atomic_load_n(&wi_near_base[kind], __ATOMIC_RELAXED))
        return;
    wi_word half = WI_HANDLE_NEAR_SPAN / 2;
    wi_word base = (r > half ? r - half : 8) & ~(wi_word)((1 << WI_HANDLE_NEAR_SHIFT) - 1);
    wi_word unset = 0;
    __atomic_compare_exchange_n(&wi_near_base[kind], &unset, base ? base : 8, 0, __ATOMIC_RELAXED,
                                __ATOMIC_RELAXED);
}

WI_EARLY_CONSTRUCTOR static void wi_handles_init(void)
{
    for (int k = 0; k < WI_KIND_COUNT; k++)
        pthread_spin_init(&wi_index_tables[k].lock, PTHREAD_PROCESS_PRIVATE);
}

static inline wi_word wi_index_encode(enum wi_kind kind, uint32_t index)
{
    return WI_HANDLE_INDEX_BASE | (wi_word)kind << WI_HANDLE_KIND_SHIFT | index;
}

/* Index of an int application handle of this kind, or -1 if the value is
 * outside the kind's dynamic range. */
static inline int64_t wi_index_decode(enum wi_kind kind, wi_word a)
{
    if ((a & ~(WI_HANDLE_NEAR - 1)) != wi_index_encode(kind, 0))
        return -1; /* another kind, a near handle, or not ours */
    return (int64_t)(a & (WI_HANDLE_NEAR - 1));
}

static inline struct wi_slot *wi_slot_at(struct wi_index_table *t, uint32_t index)
{
    return &t->directory[index >> WI_CHUNK_SHIFT][index & (WI_CHUNK_SLOTS - 1)];
}

/* Makes the chunk holding index exist; called with the lock held. */
static void wi_index_table_reserve(struct wi_index_table *t, enum wi_kind kind, uint32_t index)
{
    uint32_t chunk = index >> WI_CHUNK_SHIFT;
    if (chunk >= t->directory_size) {
        uint32_t size = t->directory_size ? t->directory_size : WI_DIRECTORY_INITIAL;
        while (size <= chunk)
            size *= 2;
        struct wi_slot **directory = realloc(t->directory, size * sizeof *directory);
        if (directory == NULL)
            wi_fatal("out of memory growing the %s handle table", wi_kind_names[kind]);
        memset(directory + t->directory_size, 0, (size - t->directory_size) * sizeof *directory);
        t->directory = directory;
        t->directory_size = size;
    }
    if (t->directory[chunk] == NULL) {
        t->directory[chunk] = calloc(WI_CHUNK_SLOTS, sizeof(struct wi_slot));
        if (t->directory[chunk] == NULL)
            wi_fatal("out of memory growing the %s handle table", wi_kind_names[kind]);
    }
}

/* A slot for a new live handle; called with the lock held. Never hands out
 * an index whose encoded value is a predefined application handle. */
static struct wi_slot *wi_index_table_take(struct wi_index_table *t, enum wi_kind kind)
{
    if (t->free_head_plus_one != 0) {
        struct wi_slot *slot = wi_slot_at(t, t->free_head_plus_one - 1);
        t->free_head_plus_one = slot->next_free_plus_one;
        return slot;
    }
    for (;;) {
        if (t->high_water >= WI_HANDLE_NEAR) {
            pthread_spin_unlock(&t->lock);
            wi_fatal("too many live %s handles (the limit is %" PRIuPTR ")", wi_kind_names[kind],
                     (uintptr_t)WI_HANDLE_NEAR);
        }
        uint32_t index = t->high_water++;
        wi_index_table_reserve(t, kind, index);
        struct wi_slot *slot = wi_slot_at(t, index);
        slot->index = index;
        wi_word unused;
        if (!wi_predefined_find(&wi_predefined_a2r_maps[kind], wi_index_encode(kind, index), &unused))
            return slot;
        slot->state = WI_SLOT_RESERVED;
    }
}

static int wi_index_a2r(enum wi_kind kind, wi_word a, wi_word *r)
{
    int64_t index = wi_index_decode(kind, a);
    if (index < 0)
        return 0;
    struct wi_index_table *t = &wi_index_tables[kind];
    int found = 0;
    pthread_spin_lock(&t->lock);
    if (index < t->high_water) {
        struct wi_slot *slot = wi_slot_at(t, (uint32_t)index);
        if (slot->state == WI_SLOT_LIVE) {
            *r = slot->r;
            found = 1;
        }
    }
    pthread_spin_unlock(&t->lock);
    return found;
}

static wi_word wi_index_r2a(enum wi_kind kind, wi_word r)
{
    struct wi_index_table *t = &wi_index_tables[kind];
    struct wi_slot *slot;
    pthread_spin_lock(&t->lock);
    HASH_FIND(hh, t->by_r, &r, sizeof r, slot);
    if (slot == NULL) {
        slot = wi_index_table_take(t, kind);
        slot->r = r;
        slot->state = WI_SLOT_LIVE;
        slot->references = 0;
        HASH_ADD(hh, t->by_r, r, sizeof slot->r, slot);
    }
    slot->references++;
    uint32_t index = slot->index;
    pthread_spin_unlock(&t->lock);
    return wi_index_encode(kind, index);
}

/* 1 if a was live and is now forgotten, 0 if a is not a live handle. */
static int wi_index_forget(enum wi_kind kind, wi_word a)
{
    int64_t index = wi_index_decode(kind, a);
    if (index < 0)
        return 0;
    struct wi_index_table *t = &wi_index_tables[kind];
    int forgotten = 0;
    pthread_spin_lock(&t->lock);
    if (index < t->high_water) {
        struct wi_slot *slot = wi_slot_at(t, (uint32_t)index);
        if (slot->state == WI_SLOT_LIVE && --slot->references > 0) {
            forgotten = 1; /* the runtime handed the same object out again (e.g. Open MPI's
                              shared request of MPI_PROC_NULL operations): still live */
        } else if (slot->state == WI_SLOT_LIVE) {
            HASH_DEL(t->by_r, slot);
            slot->state = WI_SLOT_FREE;
            slot->next_free_plus_one = t->free_head_plus_one;
            t->free_head_plus_one = (uint32_t)index + 1;
            forgotten = 1;
        }
    }
    pthread_spin_unlock(&t->lock);
    return forgotten;
}

/* ---- public API ---- */

WI_NORETURN static void wi_invalid_handle(enum wi_kind kind, wi_word a)
{
    wi_fatal("invalid %s handle 0x%" PRIxPTR " passed by the application (neither a predefined "
             "handle nor a live one)",
             wi_kind_names[kind], a);
}

static inline void wi_check_kind(enum wi_kind kind)
{
    if (WI_UNLIKELY((unsigned)kind >= WI_KIND_COUNT))
        wi_fatal("internal error: handle kind %d out of range", (int)kind);
}

void wi_handle_predefined(enum wi_kind kind, wi_word a, wi_word r)
{
    wi_check_kind(kind);
    if (!wi_a_is_pointer[kind]) {
        int64_t index = wi_index_decode(kind, a);
        if (index >= 0 && index < wi_index_tables[kind].high_water)
            wi_fatal("internal error: predefined %s 0x%" PRIxPTR " registered after dynamic handles",
                     wi_kind_names[kind], a);
    }
    if (!wi_a_is_pointer[kind] && (a & ~(WI_HANDLE_NEAR - 1)) == wi_near_prefix(kind))
        wi_near_disabled[kind] = 1; /* it would be ambiguous: keep every dynamic handle indexed */
    wi_fixed_map_put(&wi_predefined_a2r_maps[kind], a, r);
    wi_fixed_map_put(&wi_predefined_r2a_maps[kind], r, a);
    if (r < wi_predefined_r_min[kind])
        wi_predefined_r_min[kind] = r;
    if (r > wi_predefined_r_max[kind])
        wi_predefined_r_max[kind] = r;
}

void wi_handle_predefined_object(enum wi_kind kind, wi_word a, wi_word r)
{
    wi_handle_predefined(kind, a, r);
    if (!wi_a_is_pointer[kind] || a < 4096 || (a & WI_HANDLE_POINTER_TAG))
        wi_fatal("internal error: predefined %s 0x%" PRIxPTR " is not an object", wi_kind_names[kind], a);
    wi_word stored = r;
    wi_fixed_map_find(&wi_predefined_a2r_maps[kind], a, &stored); /* the first alias registered wins */
    ((wi_word *)a)[0] = a ^ WI_OBJECT_MAGIC;
    ((wi_word *)a)[1] = stored;
    if (a < wi_predefined_object_min)
        wi_predefined_object_min = a;
    if (a > wi_predefined_object_max)
        wi_predefined_object_max = a;
}

wi_word wi_handle_a2r_slow(enum wi_kind kind, wi_word a)
{
    wi_check_kind(kind);
    wi_word r;
    if (wi_a_is_pointer[kind]) {
        if (a & WI_HANDLE_POINTER_TAG) {
            r = a & ~WI_HANDLE_POINTER_TAG;
            if (WI_UNLIKELY(!wi_r_is_pointer[kind] && r > UINT32_MAX))
                wi_invalid_handle(kind, a);
            return r;
        }
        if (wi_predefined_find(&wi_predefined_a2r_maps[kind], a, &r))
            return r;
    } else {
        if (wi_index_a2r(kind, a, &r))
            return r;
        if (wi_predefined_find(&wi_predefined_a2r_maps[kind], a, &r))
            return r;
    }
    if (wi_substitute_count > 0 && wi_substitute_a2r(kind, a, &r)) /* a predefined handle the runtime lacks */
        return r;
    wi_invalid_handle(kind, a);
}

wi_word wi_handle_r2a_slow(enum wi_kind kind, wi_word r)
{
    wi_check_kind(kind);
    wi_word a;
    if (wi_predefined_find(&wi_predefined_r2a_maps[kind], r, &a))
        return a;
    if (!wi_a_is_pointer[kind]) {
        wi_near_fix_base(kind, r);
        if (!wi_near_disabled[kind] && wi_near_encode(kind, r, &a))
            return a;
    }
    if (wi_a_is_pointer[kind]) {
        if (WI_UNLIKELY(r & WI_HANDLE_POINTER_TAG))
            wi_fatal("runtime %s handle 0x%" PRIxPTR " has bit 63 set and cannot be tagged",
                     wi_kind_names[kind], r);
        return r | WI_HANDLE_POINTER_TAG;
    }
    return wi_index_r2a(kind, r);
}

void wi_handle_forget_slow(enum wi_kind kind, wi_word a)
{
    wi_check_kind(kind);
    if (wi_a_is_pointer[kind])
        return; /* tagged handles own no entry; predefined ones are kept */
    if ((a & ~(WI_HANDLE_NEAR - 1)) == wi_near_prefix(kind) && !wi_near_disabled[kind])
        return; /* near handles own no entry either */
    if (wi_index_forget(kind, a))
        return;
    wi_word r;
    if (wi_predefined_find(&wi_predefined_a2r_maps[kind], a, &r))
        return;
    wi_invalid_handle(kind, a);
}
