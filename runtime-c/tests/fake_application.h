/* Scripted stand-ins for the AP_ functions of the generated wi_functions.c that runtime-c calls
 * (wi_local.c). A test sets the state below, calls runtime-c, and reads back what was asked. */
#ifndef FAKE_APPLICATION_H
#define FAKE_APPLICATION_H

#include <stdint.h>

#include "wi_abi.h"
#include "wi_defs.h"

/* Requests are (A_MPI_Request)(uintptr_t)k for k in 1..FAKE_REQUESTS. */
#define FAKE_REQUESTS 8
#define FAKE_REQUEST(k) ((A_MPI_Request)(uintptr_t)(k))

struct fake_application {
    /* MPI_Request_get_status: request k has completed when completed[k]; a completed one's status
     * gets MPI_SOURCE 100 + k, MPI_REQUEST_NULL's the empty status (MPI_SOURCE -1); request
     * failing (if nonzero) returns failure_code. */
    int completed[FAKE_REQUESTS + 1];
    int failing;
    int failure_code;
    int get_status_calls;
    A_MPI_Request asked[32];
    int asked_ignore[32]; /* the status was MPI_STATUS_IGNORE */
    /* MPI_Status_set_elements_x: the arguments of the last call; returns set_elements_code. */
    A_MPI_Status *set_elements_status;
    A_MPI_Datatype set_elements_datatype;
    A_MPI_Count set_elements_count;
    int set_elements_code;
    /* MPI_Info_create gives info_made; MPI_Info_set records each key and value and fails (with
     * info_set_code) from call info_set_failing on (1-based; 0 never). */
    A_MPI_Info info_made;
    int info_set_calls;
    int info_set_failing;
    int info_set_code;
    A_MPI_Info info_set_object[8];
    char info_keys[8][32];
    char info_values[8][8];
    /* MPI_Comm_size, _remote_size, _test_inter, _rank of any communicator. */
    int comm_size, comm_remote_size, comm_inter, comm_rank;
    /* Datatype constructors: each new type is FAKE_TYPE(n) for the n-th made (1-based), logged. */
    int types_made;
    struct fake_type_call {
        char what; /* 'c' contiguous, 'h' hvector, 'm' commit, 'f' free */
        int count;
        A_MPI_Aint stride;
        A_MPI_Datatype type; /* the old type; the type committed or freed */
    } type_calls[16];
    int type_call_count;
};

#define FAKE_TYPE(n) ((A_MPI_Datatype)(uintptr_t)(5000 + (n)))

WI_HIDDEN extern struct fake_application fake_application;

/* Clears every field. */
WI_HIDDEN void fake_application_reset(void);

#endif
