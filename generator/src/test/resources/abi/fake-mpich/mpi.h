/* A small header in the shape of MPICH's mpi.h: integer handles with integer predefined values, a
 * pointer handle (MPI_File), typedef'd enums, a status struct declared in its typedef, and the
 * prototypes in a second header of the same directory. */
#ifndef FAKE_MPICH_MPI_H
#define FAKE_MPICH_MPI_H

#define MPICH_VERSION "9.8.7"
#define MPI_VERSION 4
#define MPI_SUBVERSION 0

typedef int MPI_Comm;
typedef int MPI_Datatype;
typedef int MPI_Request;
typedef int MPI_Session;
typedef struct ADIOI_FileD *MPI_File;
typedef struct MPIR_T_enum_s *MPI_T_enum;
typedef long MPI_Aint;
typedef int MPI_Fint;
typedef long long MPI_Count;
typedef long long MPI_Offset;

typedef struct MPI_Status {
    int count_lo;
    int count_hi_and_cancelled;
    int MPI_SOURCE;
    int MPI_TAG;
    int MPI_ERROR;
} MPI_Status;

typedef enum MPIR_Topo_type { MPI_GRAPH = 1, MPI_CART = 2, MPI_DIST_GRAPH = 3 } MPIR_Topo_type;
typedef enum MPI_T_cb_safety { MPI_T_CB_REQUIRE_NONE = 0, MPI_T_CB_REQUIRE_MPI_RESTRICTED } MPI_T_cb_safety;

#define MPI_COMM_WORLD ((MPI_Comm)0x44000000)
#define MPI_COMM_NULL  ((MPI_Comm)0x04000000)
#define MPI_REQUEST_NULL ((MPI_Request)0x2c000000)
#define MPI_FILE_NULL ((MPI_File)0)
#define MPI_T_ENUM_NULL ((MPI_T_enum)NULL)
#define MPI_INT ((MPI_Datatype)0x4c000405)
#define MPI_INTEGER16 ((MPI_Datatype)MPI_DATATYPE_NULL)
#define MPI_DATATYPE_NULL ((MPI_Datatype)0x0c000000)

#define MPI_ANY_SOURCE (-2)
#define MPI_PROC_NULL (-1)
#define MPI_LOCK_EXCLUSIVE 234
#define MPI_IN_PLACE  (void *) -1
#define MPI_STATUS_IGNORE (MPI_Status *)1
#define MPI_AINT_FMT_DEC_SPEC "%ld"

extern int * const MPI_UNWEIGHTED;
extern MPI_Fint * MPI_F_STATUS_IGNORE;

typedef int (MPI_Comm_copy_attr_function)(MPI_Comm, int, void *, void *, void *, int *);
int MPIR_Dup_fn(MPI_Comm, int, void *, void *, void *, int *);
#define MPI_DUP_FN MPIR_Dup_fn
#define MPI_COMM_DUP_FN ((MPI_Comm_copy_attr_function *)MPI_DUP_FN)
#define MPI_COMM_NULL_COPY_FN ((MPI_Comm_copy_attr_function*)0)

#include "mpi_proto.h"

#endif
