/* MPI functions a runtime lacks that wi4mpi computes from the runtime's other functions
 * (functions.json "emulation"). Each has the runtime's prototype of the function it stands for: the
 * A_ function of a cross pair whose runtime lacks the function translates the arguments as for any
 * call and calls it in place of the runtime's, with wi_in_w set; it returns a runtime code. */
#ifndef WI_EMULATED_H
#define WI_EMULATED_H

#include "wi_abi.h"
#include "wi_defs.h"

/* MPI-4.0's MPI_Info_get_string from MPI_Info_get_valuelen and MPI_Info_get: value receives at most
 * *buflen - 1 characters and a terminating null (nothing when *buflen is 0); *buflen becomes the
 * value's length plus one when the key is set; value and *buflen are left alone otherwise. */
WI_HIDDEN int wi_emulated_info_get_string(R_MPI_Info info, const char *key, int *buflen, char *value, int *flag);

/* MPI-4.0's MPI_Isendrecv: MPI_Irecv and MPI_Isend under one request (wi_composite.h), which reports
 * the receive's status. */
WI_HIDDEN int wi_emulated_isendrecv(const void *sendbuf, int sendcount, R_MPI_Datatype sendtype, int dest,
                                    int sendtag, void *recvbuf, int recvcount, R_MPI_Datatype recvtype,
                                    int source, int recvtag, R_MPI_Comm comm, R_MPI_Request *request);

/* MPI-4.0's MPI_Isendrecv_replace: the data to send is packed into a buffer of wi4mpi's (freed when the
 * send has completed) and sent as MPI_PACKED, which matches any receive; the receive writes buf. */
WI_HIDDEN int wi_emulated_isendrecv_replace(void *buf, int count, R_MPI_Datatype datatype, int dest, int sendtag,
                                            int source, int recvtag, R_MPI_Comm comm, R_MPI_Request *request);

#endif
