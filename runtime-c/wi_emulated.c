/* See wi_emulated.h. */
#include "wi_emulated.h"

#include <stdlib.h>
#include <string.h>

#include "wi_composite.h"
#include "wi_log.h"
#include "wi_r_functions.h"

#if !WI_IDENTITY /* identity pairs never call these: their runtime has every function of its family */

int wi_emulated_info_get_string(R_MPI_Info info, const char *key, int *buflen, char *value, int *flag)
{
    int length = 0, found = 0;
    /* an invalid info or key reaches MPI_COMM_SELF's handler from the runtime's own call */
    int rc = R_PMPI_Info_get_valuelen(info, key, &length, &found);
    if (rc == R_MPI_SUCCESS && found && *buflen > 0) {
        char *whole = malloc((size_t)length + 1);
        if (whole == NULL)
            wi_fatal("out of memory reading info key '%s' for MPI_Info_get_string", key);
        /* MPI_Info_get writes at most length characters and a null */
        rc = R_PMPI_Info_get(info, key, length, whole, &found);
        if (rc == R_MPI_SUCCESS && found) {
            size_t n = (size_t)length < (size_t)*buflen - 1 ? (size_t)length : (size_t)*buflen - 1;
            memcpy(value, whole, n);
            value[n] = '\0';
        }
        free(whole);
    }
    if (rc == R_MPI_SUCCESS) {
        *flag = found;
        if (found)
            *buflen = length + 1;
    }
    return rc;
}

/* The receive is posted first, as MPICH does: a message to oneself then finds it. On failure the
 * parts already started are cancelled and freed, and buffer too. */
static int wi_sendrecv_parts(const void *sendbuf, int sendcount, R_MPI_Datatype sendtype, int dest, int sendtag,
                             void *recvbuf, int recvcount, R_MPI_Datatype recvtype, int source, int recvtag,
                             R_MPI_Comm comm, void *buffer, R_MPI_Request *request)
{
    R_MPI_Request parts[2] = {R_MPI_REQUEST_NULL, R_MPI_REQUEST_NULL};
    int rc = R_PMPI_Irecv(recvbuf, recvcount, recvtype, source, recvtag, comm, &parts[0]);
    if (rc == R_MPI_SUCCESS) {
        rc = R_PMPI_Isend(sendbuf, sendcount, sendtype, dest, sendtag, comm, &parts[1]);
        if (rc != R_MPI_SUCCESS) {
            R_PMPI_Cancel(&parts[0]);
            R_PMPI_Request_free(&parts[0]);
        }
    }
    if (rc != R_MPI_SUCCESS) {
        free(buffer);
        return rc;
    }
    return wi_composite_start(parts, 2, buffer, request);
}

int wi_emulated_isendrecv(const void *sendbuf, int sendcount, R_MPI_Datatype sendtype, int dest, int sendtag,
                          void *recvbuf, int recvcount, R_MPI_Datatype recvtype, int source, int recvtag,
                          R_MPI_Comm comm, R_MPI_Request *request)
{
    return wi_sendrecv_parts(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
                             recvtag, comm, NULL, request);
}

int wi_emulated_isendrecv_replace(void *buf, int count, R_MPI_Datatype datatype, int dest, int sendtag,
                                  int source, int recvtag, R_MPI_Comm comm, R_MPI_Request *request)
{
    int size = 0, position = 0;
    void *packed = NULL;
    if (dest != R_MPI_PROC_NULL) {
        int rc = R_PMPI_Pack_size(count, datatype, comm, &size);
        if (rc != R_MPI_SUCCESS)
            return rc;
        packed = malloc(size > 0 ? (size_t)size : 1);
        if (packed == NULL)
            wi_fatal("out of memory packing %d bytes for MPI_Isendrecv_replace", size);
        rc = R_PMPI_Pack(buf, count, datatype, packed, size, &position, comm);
        if (rc != R_MPI_SUCCESS) {
            free(packed);
            return rc;
        }
    }
    return wi_sendrecv_parts(packed, position, R_MPI_PACKED, dest, sendtag, buf, count, datatype, source, recvtag,
                             comm, packed, request);
}

#endif
