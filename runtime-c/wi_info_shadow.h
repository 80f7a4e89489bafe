/* Info entries the runtime cannot hold: a key or value longer than the runtime's MPI_MAX_INFO_KEY or
 * MPI_MAX_INFO_VAL allow but within the application's (an MPICH application sets 255-character keys,
 * Open MPI 4.1 holds 35). The layer keeps them, so that every MPI_Info_* call sees the application's
 * view; the runtime's info holds only the entries it can, which is all that calls taking an info
 * (MPI_Comm_set_info, MPI_File_open, MPI_Comm_spawn, ...) pass on: a runtime would not understand a key
 * it cannot hold anyway, and a value cut short would be another value.
 *
 * Once an info gets such an entry, the layer keeps a record of the application's whole view of it:
 * every entry in set order (the runtime's, in its order, first), the ones the runtime can hold also set
 * in the runtime's info. The getters of that info are answered from the record, MPI_Info_dup copies
 * it and MPI_Info_free drops it (wi_convert.h: wi_info_update). Records are keyed by the runtime's
 * handle word, under one lock; while none exists, each call pays one relaxed atomic load, and
 * MPI_Info_set and the calls taking a key measure the key.
 *
 * The A_ functions call these (hook info_shadow) with the runtime's info and the application's other
 * arguments, wi_in_w set. Each returns 1 when it answered the call, the runtime error code in *rc (an
 * error comes from a runtime call given arguments that raise it, so that the runtime's error handler
 * runs as for any call), and 0 when the call goes to the runtime as usual. Arguments the runtime
 * rejects (a null info, an empty key, a key or value beyond the application's limit) always reach it:
 * its error class is the application family's (MPI_ERR_INFO_KEY, MPI_ERR_INFO_VALUE). */
#ifndef WI_INFO_SHADOW_H
#define WI_INFO_SHADOW_H

#include <string.h>

#include "wi_abi.h"
#include "wi_defs.h"
#include "wi_handles.h"

/* Records in existence: read without the lock on the Info calls and on every handle free. */
extern int wi_info_shadow_count WI_HIDDEN;

WI_INLINE int wi_info_shadow_any(void)
{
    return __atomic_load_n(&wi_info_shadow_count, __ATOMIC_RELAXED) != 0;
}

#if !WI_IDENTITY

/* The longest key and value a family's MPI_Info_set takes: MPICH takes MPI_MAX_INFO_KEY and
 * MPI_MAX_INFO_VAL characters, Open MPI (and the standard) one fewer, the null included. Both give
 * back at most MPI_MAX_INFO_KEY - 1 characters of a key (MPI_Info_get_nthkey), so that a longer key is
 * not held whole (measured with MPICH 4.0.2 and Open MPI 4.1.4). */
#define WI_INFO_TAKES_MAX(family) (__builtin_strcmp(family, "mpich") == 0)
#define WI_A_INFO_KEY_LONGEST (A_MPI_MAX_INFO_KEY - !WI_INFO_TAKES_MAX(WI_FROM_NAME))
#define WI_A_INFO_VAL_LONGEST (A_MPI_MAX_INFO_VAL - !WI_INFO_TAKES_MAX(WI_FROM_NAME))
#define WI_R_INFO_KEY_LONGEST (R_MPI_MAX_INFO_KEY - !WI_INFO_TAKES_MAX(WI_TO_NAME))
#define WI_R_INFO_VAL_LONGEST (R_MPI_MAX_INFO_VAL - !WI_INFO_TAKES_MAX(WI_TO_NAME))
#define WI_R_INFO_KEY_WHOLE (R_MPI_MAX_INFO_KEY - 1)

/* Where a key or value may be beyond one side's limit and within the other's: constants of the pair.
 * Beyond the application's limit and within the runtime's, the runtime is given a key or value beyond
 * its own instead, so that it raises the error the application's MPI raises. */
#define WI_INFO_MIN(a, b) ((a) < (b) ? (a) : (b))
#define WI_INFO_KEY_SHORTER WI_INFO_MIN(WI_A_INFO_KEY_LONGEST, WI_R_INFO_KEY_WHOLE)
#define WI_INFO_VAL_SHORTER WI_INFO_MIN(WI_A_INFO_VAL_LONGEST, WI_R_INFO_VAL_LONGEST)
#define WI_INFO_SHADOW_NEEDED \
    (WI_A_INFO_KEY_LONGEST != WI_R_INFO_KEY_WHOLE || WI_A_INFO_KEY_LONGEST != WI_R_INFO_KEY_LONGEST \
     || WI_A_INFO_VAL_LONGEST != WI_R_INFO_VAL_LONGEST)

/* A string longer than longest (NULL is not: the runtime reports it). */
WI_INLINE int wi_info_shadow_beyond(const char *s, int longest)
{
    return s != NULL && strnlen(s, (size_t)longest + 1) > (size_t)longest;
}

WI_HIDDEN int wi_info_shadow_set_slow(R_MPI_Info info, const char *key, const char *value, int *rc);
WI_HIDDEN int wi_info_shadow_get_slow(R_MPI_Info info, const char *key, int valuelen, char *value, int *flag, int *rc);
WI_HIDDEN int wi_info_shadow_get_valuelen_slow(R_MPI_Info info, const char *key, int *valuelen, int *flag, int *rc);
WI_HIDDEN int wi_info_shadow_get_string_slow(R_MPI_Info info, const char *key, int *buflen, char *value, int *flag,
                                             int *rc);
WI_HIDDEN int wi_info_shadow_get_nkeys_slow(R_MPI_Info info, int *nkeys, int *rc);
WI_HIDDEN int wi_info_shadow_get_nthkey_slow(R_MPI_Info info, int n, char *key, int *rc);
WI_HIDDEN int wi_info_shadow_delete_slow(R_MPI_Info info, const char *key, int *rc);

/* MPI_Info_set: a long entry is kept (and a value the runtime held for its key deleted there); a short
 * one set on an info with a record goes to both. */
WI_INLINE int wi_info_shadow_set(R_MPI_Info info, const char *key, const char *value, int *rc)
{
    if (WI_INFO_SHADOW_NEEDED
        && WI_UNLIKELY(wi_info_shadow_any() || wi_info_shadow_beyond(key, WI_INFO_KEY_SHORTER)
                       || wi_info_shadow_beyond(value, WI_INFO_VAL_SHORTER)))
        return wi_info_shadow_set_slow(info, key, value, rc);
    return 0;
}

/* The calls that take a key: a key the runtime cannot hold is answered here even without a record
 * (it is not set). */
#define WI_INFO_SHADOW_KEYED(info, key) \
    (WI_INFO_SHADOW_NEEDED && WI_UNLIKELY(wi_info_shadow_any() || wi_info_shadow_beyond(key, WI_INFO_KEY_SHORTER)))

/* MPI_Info_get: at most valuelen characters and a null, as MPI_Info_get writes them. */
WI_INLINE int wi_info_shadow_get(R_MPI_Info info, const char *key, int valuelen, char *value, int *flag, int *rc)
{
    return WI_INFO_SHADOW_KEYED(info, key) ? wi_info_shadow_get_slow(info, key, valuelen, value, flag, rc) : 0;
}

WI_INLINE int wi_info_shadow_get_valuelen(R_MPI_Info info, const char *key, int *valuelen, int *flag, int *rc)
{
    return WI_INFO_SHADOW_KEYED(info, key) ? wi_info_shadow_get_valuelen_slow(info, key, valuelen, flag, rc) : 0;
}

/* MPI-4.0's MPI_Info_get_string: at most *buflen - 1 characters and a null, *buflen the value's length
 * plus one. */
WI_INLINE int wi_info_shadow_get_string(R_MPI_Info info, const char *key, int *buflen, char *value, int *flag,
                                        int *rc)
{
    return WI_INFO_SHADOW_KEYED(info, key) ? wi_info_shadow_get_string_slow(info, key, buflen, value, flag, rc) : 0;
}

WI_INLINE int wi_info_shadow_delete(R_MPI_Info info, const char *key, int *rc)
{
    return WI_INFO_SHADOW_KEYED(info, key) ? wi_info_shadow_delete_slow(info, key, rc) : 0;
}

WI_INLINE int wi_info_shadow_get_nkeys(R_MPI_Info info, int *nkeys, int *rc)
{
    return WI_INFO_SHADOW_NEEDED && WI_UNLIKELY(wi_info_shadow_any()) ? wi_info_shadow_get_nkeys_slow(info, nkeys, rc)
                                                                      : 0;
}

/* MPI_Info_get_nthkey: key is the application's buffer of A_MPI_MAX_INFO_KEY characters. */
WI_INLINE int wi_info_shadow_get_nthkey(R_MPI_Info info, int n, char *key, int *rc)
{
    return WI_INFO_SHADOW_NEEDED && WI_UNLIKELY(wi_info_shadow_any()) ? wi_info_shadow_get_nthkey_slow(info, n, key, rc)
                                                                      : 0;
}

/* After a successful MPI_Info_dup: the copy carries the record of the original. */
WI_HIDDEN void wi_info_shadow_dup(R_MPI_Info info, R_MPI_Info newinfo);

#endif

/* The runtime freed the info whose handle word this was: its record goes. */
WI_HIDDEN void wi_info_shadow_forget(wi_word info);

#endif
