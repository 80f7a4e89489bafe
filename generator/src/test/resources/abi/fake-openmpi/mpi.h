/* A small header in the shape of Open MPI's mpi.h: pointer handles, predefined handles that are
 * addresses of data symbols, enumerators, pointer sentinels and macros that are not constants. */
#ifndef FAKE_OPENMPI_MPI_H
#define FAKE_OPENMPI_MPI_H

#include <stddef.h>

#define OMPI_MAJOR_VERSION 9
#define OMPI_MINOR_VERSION 8
#define OMPI_RELEASE_VERSION 7
#define MPI_VERSION 3
#define MPI_SUBVERSION 1

typedef int ompi_fortran_integer_t;
#define MPI_Fint ompi_fortran_integer_t

typedef long MPI_Aint;
typedef long long MPI_Offset;
typedef unsigned long long MPI_Count;
typedef struct ompi_communicator_t *MPI_Comm;
typedef struct ompi_datatype_t *MPI_Datatype;
typedef struct ompi_group_t *MPI_Group;
typedef struct ompi_op_t *MPI_Op;
typedef struct ompi_request_t *MPI_Request;
typedef struct ompi_status_public_t MPI_Status;

struct ompi_status_public_t {
    int MPI_SOURCE;
    int MPI_TAG;
    int MPI_ERROR;
    int _cancelled;
    size_t _ucount;
};

typedef void (MPI_User_function)(void *, void *, int *, MPI_Datatype *);
typedef int (MPI_Comm_copy_attr_function)(MPI_Comm, int, void *, void *, void *, int *);
/* A callback type under a vendor's own name, another MPI name for one, a pointer typedef with names. */
typedef void (ompi_comm_errhandler_fn)(MPI_Comm *, int *, ...);
typedef ompi_comm_errhandler_fn MPI_Comm_errhandler_function;
typedef MPI_Comm_errhandler_function MPI_Comm_errhandler_fn;
typedef int (*MPI_Grequest_cancel_function)(void *extra_state, int complete);

#define OMPI_PREDEFINED_GLOBAL(type, global) ((type) ((void *) &(global)))
#define THIS_SYMBOL_WAS_REMOVED(symbol) 0; _Static_assert(0, #symbol " was removed")

struct ompi_predefined_communicator_t;
struct ompi_predefined_op_t;
struct ompi_predefined_request_t;
extern struct ompi_predefined_communicator_t ompi_mpi_comm_world;
extern struct ompi_predefined_communicator_t ompi_mpi_comm_null;
extern struct ompi_predefined_op_t ompi_mpi_op_sum;
extern struct ompi_predefined_request_t ompi_request_null;
extern MPI_Fint *MPI_F_STATUS_IGNORE;

#define MPI_COMM_WORLD OMPI_PREDEFINED_GLOBAL( MPI_Comm, ompi_mpi_comm_world)
#define MPI_COMM_NULL OMPI_PREDEFINED_GLOBAL(MPI_Comm, ompi_mpi_comm_null)
#define MPI_SUM OMPI_PREDEFINED_GLOBAL(MPI_Op, ompi_mpi_op_sum)
#define MPI_REQUEST_NULL OMPI_PREDEFINED_GLOBAL(MPI_Request, ompi_request_null)

#define FAKE_MAX_ERROR_STRING 256
#define MPI_ANY_SOURCE -1
#define MPI_PROC_NULL -2
#define MPI_UNDEFINED (-32766)
#define MPI_MAX_ERROR_STRING FAKE_MAX_ERROR_STRING
#define MPI_MODE_NOCHECK (1 << 0)

#define MPI_BOTTOM ((void *) 0)
#define MPI_IN_PLACE ((void *) 1)
#define MPI_UNWEIGHTED ((int *) 2)
#define MPI_STATUS_IGNORE ((MPI_Status *) 0)

int OMPI_C_MPI_COMM_NULL_COPY_FN(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag);
#define MPI_COMM_NULL_COPY_FN OMPI_C_MPI_COMM_NULL_COPY_FN
#define MPI_NULL_DELETE_FN ((MPI_Comm_copy_attr_function *) 0)

enum {
    MPI_IDENT,
    MPI_CONGRUENT,
    MPI_SIMILAR = 5,
    MPI_UNEQUAL
};

/* not constants: removed symbol, function-like macro, unknown identifier, empty macro */
#define MPI_LB THIS_SYMBOL_WAS_REMOVED(MPI_LB);
#define MPI_Comm_f2c(x) ((MPI_Comm) 0)
#define MPI_NOT_A_CONSTANT fake_undeclared_identifier
#define MPI_EMPTY_GUARD

int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup);
int MPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status *array_of_statuses);
int MPI_Type_create_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[],
                           const MPI_Datatype array_of_types[], MPI_Datatype *newtype);
int MPI_Comm_spawn_multiple(int count, char *array_of_commands[], char **array_of_argv[], MPI_Comm *intercomm);
int MPI_Op_create(MPI_User_function *function, int commute, MPI_Op *op);
int MPI_Pcontrol(const int level, ...);
double MPI_Wtime(void);
int MPIX_Fake_extension(MPI_Comm comm);

#endif
