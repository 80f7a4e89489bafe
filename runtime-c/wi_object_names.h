/* Object names longer than the runtime's MPI_MAX_OBJECT_NAME allows but within the application's (an
 * MPICH application names a communicator with 127 characters, Open MPI 4.1 keeps 63). The runtime gets
 * the name and keeps what it can, as MPI says (both families cut a name short without an error); the
 * layer keeps the application's whole name, so that MPI_Comm/Type/Win_get_name return it.
 *
 * Names are keyed by handle kind and the runtime's handle word, under one lock, and forgotten when
 * the runtime frees the object (wi_convert.h: wi_<kind>_update) or a name the runtime holds whole
 * replaces them. While none is kept, getting a name and freeing a handle pay one relaxed atomic load,
 * setting a name a bounded strlen. The A_ functions call these (hook object_name), wi_in_w set. */
#ifndef WI_OBJECT_NAMES_H
#define WI_OBJECT_NAMES_H

#include <string.h>

#include "wi_abi.h"
#include "wi_defs.h"
#include "wi_handles.h"

/* Names kept: read without the lock. */
extern int wi_object_names_count WI_HIDDEN;

WI_INLINE int wi_object_names_any(void)
{
    return __atomic_load_n(&wi_object_names_count, __ATOMIC_RELAXED) != 0;
}

#if !WI_IDENTITY

/* Both families keep MPI_MAX_OBJECT_NAME - 1 characters (measured with MPICH 4.0.2 and Open MPI 4.1.4),
 * as the standard says. */
#define WI_A_OBJECT_NAME_LONGEST (A_MPI_MAX_OBJECT_NAME - 1)
#define WI_R_OBJECT_NAME_LONGEST (R_MPI_MAX_OBJECT_NAME - 1)

WI_HIDDEN void wi_object_name_set_slow(enum wi_kind kind, wi_word handle, const char *name);
WI_HIDDEN int wi_object_name_get_slow(enum wi_kind kind, wi_word handle, char *name, int *resultlen);

/* After the runtime took the name: a name longer than it keeps is kept here (at most the
 * application's length), a shorter one drops the one kept. */
WI_INLINE void wi_object_name_set(enum wi_kind kind, wi_word handle, const char *name)
{
    if (WI_A_OBJECT_NAME_LONGEST > WI_R_OBJECT_NAME_LONGEST && name != NULL
        && WI_UNLIKELY(wi_object_names_any()
                       || strnlen(name, WI_R_OBJECT_NAME_LONGEST + 1) > WI_R_OBJECT_NAME_LONGEST))
        wi_object_name_set_slow(kind, handle, name);
}

/* 1 with the kept name in the application's buffer (A_MPI_MAX_OBJECT_NAME characters) and its length,
 * 0 when the runtime's name is the whole one. */
WI_INLINE int wi_object_name_get(enum wi_kind kind, wi_word handle, char *name, int *resultlen)
{
    return WI_A_OBJECT_NAME_LONGEST > WI_R_OBJECT_NAME_LONGEST && WI_UNLIKELY(wi_object_names_any())
        && wi_object_name_get_slow(kind, handle, name, resultlen);
}

#endif

/* The runtime freed the object: its name goes. */
WI_HIDDEN void wi_object_name_forget(enum wi_kind kind, wi_word handle);

#endif
