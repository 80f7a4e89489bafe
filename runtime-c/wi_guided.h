/* Constants an info value completes (mappers.json guided_by_info): MPI-4.0's MPI_COMM_TYPE_HW_GUIDED
 * with mpi_hw_resource_type "core" is Open MPI 4.1's OMPI_COMM_TYPE_CORE, and the reverse. The
 * generator writes one descriptor per role and pair that needs it (wi_functions.c); the role's hook
 * calls wi_guided_a2r just before the runtime call and wi_guided_release just after it. */
#ifndef WI_GUIDED_H
#define WI_GUIDED_H

#include "wi_abi.h"
#include "wi_defs.h"

struct wi_guided_refined {
    const char *value; /* the info value */
    int runtime;       /* the runtime's constant it amounts to */
};

struct wi_guided_expanded {
    int application;   /* an application constant the runtime lacks */
    const char *value; /* the info value the runtime's guided constant is asked with instead */
};

struct wi_guided {
    const char *key;                          /* the info key */
    int refines, application_constant;        /* the runtime lacks the application's guided constant */
    const struct wi_guided_refined *refined;
    int refined_count;
    int expands, runtime_constant;            /* the runtime has it, and lacks some application constants */
    const struct wi_guided_expanded *expanded;
    int expanded_count;
};

/* The runtime's constant for the application's value (r_value: the mapper's translation of it).
 * The guided constant with a value of the key in *r_info that names a constant of the runtime: that
 * constant. An application constant the runtime reaches through its guided constant: the guided
 * constant, *r_info replaced by a copy of it (or a new info) with the key set, also stored in *made
 * for wi_guided_release. Anything else, or an info the runtime fails to read or copy: r_value. */
WI_HIDDEN int wi_guided_a2r(const struct wi_guided *guided, int value, int r_value, R_MPI_Info *r_info,
                            R_MPI_Info *made);

/* Frees the info wi_guided_a2r made, if it made one. */
WI_HIDDEN void wi_guided_release(R_MPI_Info *made);

#endif
