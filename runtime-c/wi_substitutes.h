/* Predefined handles of the application's ABI that the runtime lacks (MPI_LOGICAL1 from an Open MPI
 * program on MPICH, MPIX_C_FLOAT16 from an MPICH program on Open MPI, MPI_LOGICAL16 of the standard
 * ABI, ...). The generator computes them from both descriptors and picks, from
 * dictionaries/substitutes.json, the runtime object that stands for each: one of the runtime's own
 * predefined handles (an alias, registered with the predefined handles at load time, a2r only), or
 * a datatype of wi4mpi's (contiguous elements of a runtime predefined datatype) created the first
 * time the application passes the handle after MPI_Init and freed by MPI_Finalize. Either way the application's handle is
 * never an invalid one: MPI_Type_get_name gives the application's name, and a created datatype
 * behaves as a named one (hooks substitute_name, substitute_named; docs/translation.md). */
#ifndef WI_SUBSTITUTES_H
#define WI_SUBSTITUTES_H

#include "wi_abi.h"
#include "wi_defs.h"
#include "wi_handles.h"

/* At load time, once per substitute (wi_constants.c, after the predefined handles): count 0 for an
 * alias whose runtime handle is r, else count elements of the runtime datatype r. */
WI_HIDDEN void wi_substitute_define(enum wi_kind kind, wi_word a, const char *name, int count, wi_word r);

/* The runtime handle of a substitute created on demand (the slow path of wi_handle_a2r); 0 when a is
 * none. Creation needs an initialized runtime: before MPI_Init or after MPI_Finalize the handle is
 * reported invalid, as no datatype can be used then. */
WI_HIDDEN int wi_substitute_a2r(enum wi_kind kind, wi_word a, wi_word *r);

/* The application's name of a substitute, or NULL. */
WI_HIDDEN const char *wi_substitute_name(enum wi_kind kind, wi_word a);

/* Whether a is a substitute created by wi4mpi (a named datatype of the application whose runtime
 * object is a derived datatype): calls that treat named datatypes apart get a runtime named one. */
WI_HIDDEN int wi_substitute_derived(enum wi_kind kind, wi_word a);

/* MPI_Finalize's hook, before the runtime finalizes: the created datatypes are freed. */
WI_HIDDEN void wi_substitutes_finalizing(void);

/* Number of substitutes this pair defines (0: nothing to look up). */
WI_HIDDEN extern int wi_substitute_count;

#endif
