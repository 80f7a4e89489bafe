/* The R_PMPI_* pointers runtime-c calls, as the generated loader defines
 * them. Tests point them at fakes. */
#include "wi_r_functions.h"

int (*R_PMPI_Error_class)(int, int *);
int (*R_PMPI_Comm_get_errhandler)(R_MPI_Comm, R_MPI_Errhandler *);
int (*R_PMPI_Errhandler_free)(R_MPI_Errhandler *);
int (*R_PMPI_Comm_size)(R_MPI_Comm, int *);
int (*R_PMPI_Comm_remote_size)(R_MPI_Comm, int *);
int (*R_PMPI_Comm_test_inter)(R_MPI_Comm, int *);
int (*R_PMPI_Win_get_errhandler)(R_MPI_Win, R_MPI_Errhandler *);
int (*R_PMPI_File_get_errhandler)(R_MPI_File, R_MPI_Errhandler *);
int (*R_PMPI_Get_library_version)(char *, int *);
int (*R_PMPI_Initialized)(int *);
double (*R_PMPI_Wtime)(void);
int (*R_PMPI_Finalized)(int *);
int (*R_PMPI_Add_error_code)(int, int *);
int (*R_PMPI_Add_error_string)(int, const char *);
int (*R_PMPI_Comm_call_errhandler)(R_MPI_Comm, int);
int (*R_PMPI_Win_call_errhandler)(R_MPI_Win, int);
int (*R_PMPI_File_call_errhandler)(R_MPI_File, int);
int (*R_PMPI_Type_get_envelope)(R_MPI_Datatype, int *, int *, int *, int *);
int (*R_PMPI_Type_contiguous)(int, R_MPI_Datatype, R_MPI_Datatype *);
int (*R_PMPI_Type_commit)(R_MPI_Datatype *);
int (*R_PMPI_Type_free)(R_MPI_Datatype *);
int (*R_PMPI_Type_size)(R_MPI_Datatype, int *);
int (*R_PMPI_Comm_create_keyval)(R_MPI_Comm_copy_attr_function *, R_MPI_Comm_delete_attr_function *, int *, void *);
int (*R_PMPI_Comm_set_attr)(R_MPI_Comm, int, void *);
int (*R_PMPI_Type_set_name)(R_MPI_Datatype, const char *);
int (*R_PMPI_Info_get_valuelen)(R_MPI_Info, const char *, int *, int *);
int (*R_PMPI_Info_get)(R_MPI_Info, const char *, int, char *, int *);
int (*R_PMPI_Info_create)(R_MPI_Info *);
int (*R_PMPI_Info_dup)(R_MPI_Info, R_MPI_Info *);
int (*R_PMPI_Info_set)(R_MPI_Info, const char *, const char *);
int (*R_PMPI_Info_free)(R_MPI_Info *);
int (*R_PMPI_Info_get_nkeys)(R_MPI_Info, int *);
int (*R_PMPI_Info_get_nthkey)(R_MPI_Info, int, char *);
int (*R_PMPI_Info_delete)(R_MPI_Info, const char *);
int (*R_PMPI_Irecv)(void *, int, R_MPI_Datatype, int, int, R_MPI_Comm, R_MPI_Request *);
int (*R_PMPI_Isend)(const void *, int, R_MPI_Datatype, int, int, R_MPI_Comm, R_MPI_Request *);
int (*R_PMPI_Cancel)(R_MPI_Request *);
int (*R_PMPI_Request_free)(R_MPI_Request *);
int (*R_PMPI_Pack_size)(int, R_MPI_Datatype, R_MPI_Comm, int *);
int (*R_PMPI_Pack)(const void *, int, R_MPI_Datatype, void *, int, int *, R_MPI_Comm);
int (*R_PMPI_Grequest_start)(R_MPI_Grequest_query_function *, R_MPI_Grequest_free_function *, R_MPI_Grequest_cancel_function *, void *, R_MPI_Request *);
int (*R_PMPI_Grequest_complete)(R_MPI_Request);
int (*R_PMPI_Waitall)(int, R_MPI_Request *, R_MPI_Status *);
int (*R_PMPI_Testall)(int, R_MPI_Request *, int *, R_MPI_Status *);
int (*R_PMPI_Waitany)(int, R_MPI_Request *, int *, R_MPI_Status *);
int (*R_PMPI_Testany)(int, R_MPI_Request *, int *, int *, R_MPI_Status *);
int (*R_PMPI_Waitsome)(int, R_MPI_Request *, int *, int *, R_MPI_Status *);
int (*R_PMPI_Testsome)(int, R_MPI_Request *, int *, int *, R_MPI_Status *);

int wi_test_runtime_ensured WI_FX_HIDDEN;
void wi_runtime_ensure(void) { wi_test_runtime_ensured++; }
int (*R_PMPI_Comm_rank)(R_MPI_Comm, int *);
int (*R_PMPI_Topo_test)(R_MPI_Comm, int *);
int (*R_PMPI_Cartdim_get)(R_MPI_Comm, int *);
int (*R_PMPI_Graph_neighbors_count)(R_MPI_Comm, int, int *);
int (*R_PMPI_Dist_graph_neighbors_count)(R_MPI_Comm, int *, int *, int *);
