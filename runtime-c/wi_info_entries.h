/* An info's entries as wi4mpi holds them itself: keys and values in set order, a key set again keeping
 * its place, as in both families' info objects. The record of an info with entries the runtime cannot
 * hold (wi_info_shadow.h) and an info detached from the runtime (wi_info_detached.h) are such lists,
 * each under its module's lock; infos hold few keys, so the list is an array searched in order. */
#ifndef WI_INFO_ENTRIES_H
#define WI_INFO_ENTRIES_H

#include <stddef.h>

#include "wi_defs.h"

struct wi_info_entry {
    char *key, *value;
};

struct wi_info_entries {
    struct wi_info_entry *at;
    int count, capacity;
};

/* The index of key's entry, -1 when it is unset. */
WI_HIDDEN int wi_info_entries_index(const struct wi_info_entries *entries, const char *key);

/* Sets key to a copy of value: a new key goes last, a key already set keeps its place. */
WI_HIDDEN void wi_info_entries_put(struct wi_info_entries *entries, const char *key, const char *value);

/* Removes entry i, the later ones keeping their order. */
WI_HIDDEN void wi_info_entries_remove(struct wi_info_entries *entries, int i);

/* Appends copies of from's entries to to (to has none of their keys: MPI_Info_dup). */
WI_HIDDEN void wi_info_entries_copy(struct wi_info_entries *to, const struct wi_info_entries *from);

/* Frees every entry, leaving an empty list. */
WI_HIDDEN void wi_info_entries_clear(struct wi_info_entries *entries);

/* Writes at most most characters of s and a null to out (MPI_Info_get, MPI_Info_get_nthkey). */
WI_HIDDEN void wi_info_copy_at_most(char *out, const char *s, size_t most);

/* MPI-4.0's MPI_Info_get_string: at most *buflen - 1 characters of s and a null to out (nothing when
 * *buflen is 0), and *buflen set to s's length plus one. */
WI_HIDDEN void wi_info_copy_string(char *out, int *buflen, const char *s);

#endif
