/* Info objects before MPI_Init and after MPI_Finalize. MPICH and the standard ABI (MPI-4.0) accept
 * every MPI_Info_* call at any time; Open MPI 4.1 refuses them outside its init-finalize interval.
 * An MPICH or standard-ABI application on Open MPI creates infos then that wi4mpi holds itself (a
 * detached info: its entries in set order), answering the MPI_Info_* calls on it as MPICH does; the
 * first time the application passes one to a call once the runtime is initialized, it becomes a
 * runtime info with the same entries (wi_info_a2r, through wi_info_detached_resolve), which the
 * application's handle then stands for.
 *
 * Errors on a detached info return the application's error class, without an error handler: before
 * MPI_Init there is none to call. Infos that existed before MPI_Finalize stay runtime infos: after it,
 * only infos created then are served. */
#ifndef WI_INFO_DETACHED_H
#define WI_INFO_DETACHED_H

#include "wi_abi.h"
#include "wi_defs.h"
#include "wi_handles.h"

/* Detached infos in existence: one relaxed load on every info conversion while there are none. */
extern int wi_info_detached_count WI_HIDDEN;

WI_INLINE int wi_info_detached_any(void)
{
    return __atomic_load_n(&wi_info_detached_count, __ATOMIC_RELAXED) != 0;
}

/* Whether this pair serves infos outside the runtime's init-finalize interval now (the runtime
 * refuses them then, and is not initialized or is finalized). */
WI_HIDDEN int wi_info_detached_now(void);

/* The runtime word of a detached info; 0 when w is none. */
WI_HIDDEN int wi_info_detached_is(wi_word w);

/* The runtime info a detached one stands for once the runtime is initialized (made on first use),
 * else w itself. */
WI_HIDDEN wi_word wi_info_detached_resolve(wi_word w);

/* The MPI_Info_* calls on a detached info, with the application's arguments; each returns an
 * application error code. create and dup give the new info's runtime word in *made. */
WI_HIDDEN int wi_info_detached_create(wi_word *made);
WI_HIDDEN int wi_info_detached_dup(wi_word info, wi_word *made);
WI_HIDDEN int wi_info_detached_free(wi_word info);
WI_HIDDEN int wi_info_detached_set(wi_word info, const char *key, const char *value);
WI_HIDDEN int wi_info_detached_get(wi_word info, const char *key, int valuelen, char *value, int *flag);
WI_HIDDEN int wi_info_detached_get_valuelen(wi_word info, const char *key, int *valuelen, int *flag);
WI_HIDDEN int wi_info_detached_get_string(wi_word info, const char *key, int *buflen, char *value, int *flag);
WI_HIDDEN int wi_info_detached_get_nkeys(wi_word info, int *nkeys);
WI_HIDDEN int wi_info_detached_get_nthkey(wi_word info, int n, char *key);
WI_HIDDEN int wi_info_detached_delete(wi_word info, const char *key);

#endif
