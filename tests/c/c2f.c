/*
 * Fortran handles and statuses seen from C: MPI_X_c2f / MPI_X_f2c for every handle kind and for
 * statuses. Round trips give back the C handle, predefined handles keep the Fortran values of the
 * application's own mpif.h (Open MPI numbers them; MPICH's Fortran handle is the C handle), and a
 * status converted to Fortran has the application family's layout.
 */
#include "check.h"

#include <unistd.h>

static int n, me;

/* A Fortran status as large as the C one: MPI_STATUS_SIZE (6 in Open MPI, 5 in MPICH). */
#define F_STATUS_INTS (sizeof(MPI_Status) / sizeof(MPI_Fint))

static void check_comm_and_group(void)
{
#ifdef OMPI_MAJOR_VERSION /* Open MPI's mpif.h: MPI_COMM_WORLD=0, MPI_COMM_SELF=1, MPI_COMM_NULL=2 */
    CHECK_INT(0, MPI_Comm_c2f(MPI_COMM_WORLD));
    CHECK_INT(1, MPI_Comm_c2f(MPI_COMM_SELF));
    CHECK_INT(2, MPI_Comm_c2f(MPI_COMM_NULL));
    CHECK_INT(0, MPI_Group_c2f(MPI_GROUP_NULL));
    CHECK_INT(1, MPI_Group_c2f(MPI_GROUP_EMPTY));
#endif
    CHECK_HANDLE(MPI_COMM_WORLD, MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_WORLD)));
    CHECK_HANDLE(MPI_COMM_NULL, MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_NULL)));

    MPI_Comm dup, dup2;
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &dup2));
    MPI_Fint f = MPI_Comm_c2f(dup), f2 = MPI_Comm_c2f(dup2);
    CHECK(f != f2);
    CHECK(f != MPI_Comm_c2f(MPI_COMM_WORLD));
    CHECK_INT(f, MPI_Comm_c2f(dup)); /* stable */
    MPI_Comm back = MPI_Comm_f2c(f);
    CHECK_HANDLE(dup, back);
    int size = -1;
    CHECK_MPI(MPI_Comm_size(back, &size)); /* the handle from f2c is usable */
    CHECK_INT(n, size);

    MPI_Group group;
    CHECK_MPI(MPI_Comm_group(dup, &group));
    CHECK_HANDLE(group, MPI_Group_f2c(MPI_Group_c2f(group)));
    CHECK_MPI(MPI_Group_free(&group));
    CHECK_MPI(MPI_Comm_free(&dup2));
    CHECK_MPI(MPI_Comm_free(&dup));
}

static void check_datatype_and_op(void)
{
#ifdef OMPI_MAJOR_VERSION /* Open MPI's mpif.h: MPI_INTEGER=7, MPI_DOUBLE_PRECISION=17, MPI_SUM=3 */
    CHECK_INT(7, MPI_Type_c2f(MPI_INTEGER));
    CHECK_INT(17, MPI_Type_c2f(MPI_DOUBLE_PRECISION));
    CHECK_INT(3, MPI_Op_c2f(MPI_SUM));
#endif
    CHECK_HANDLE(MPI_INTEGER, MPI_Type_f2c(MPI_Type_c2f(MPI_INTEGER)));
    CHECK_HANDLE(MPI_DOUBLE, MPI_Type_f2c(MPI_Type_c2f(MPI_DOUBLE)));
    CHECK_HANDLE(MPI_MAX, MPI_Op_f2c(MPI_Op_c2f(MPI_MAX)));

    MPI_Datatype pair;
    CHECK_MPI(MPI_Type_contiguous(2, MPI_INT, &pair));
    CHECK_MPI(MPI_Type_commit(&pair));
    MPI_Datatype back = MPI_Type_f2c(MPI_Type_c2f(pair));
    CHECK_HANDLE(pair, back);
    int size = -1;
    CHECK_MPI(MPI_Type_size(back, &size));
    CHECK_INT(2 * (int)sizeof(int), size);
    CHECK_MPI(MPI_Type_free(&pair));
}

static void check_request_info_errhandler_message(void)
{
    int value = me, got = -1;
    MPI_Request request;
    CHECK_MPI(MPI_Irecv(&got, 1, MPI_INT, me, 5, MPI_COMM_WORLD, &request));
    MPI_Request back = MPI_Request_f2c(MPI_Request_c2f(request));
    CHECK_HANDLE(request, back);
    CHECK_MPI(MPI_Send(&value, 1, MPI_INT, me, 5, MPI_COMM_WORLD));
    CHECK_MPI(MPI_Wait(&back, MPI_STATUS_IGNORE)); /* completing the f2c handle completes the request */
    CHECK_INT(me, got);
    CHECK_HANDLE(MPI_REQUEST_NULL, MPI_Request_f2c(MPI_Request_c2f(MPI_REQUEST_NULL)));

    MPI_Info info;
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "wi4mpi", "c2f"));
    MPI_Info info_back = MPI_Info_f2c(MPI_Info_c2f(info));
    CHECK_HANDLE(info, info_back);
    int nkeys = -1;
    CHECK_MPI(MPI_Info_get_nkeys(info_back, &nkeys));
    CHECK_INT(1, nkeys);
    CHECK_MPI(MPI_Info_free(&info));
    CHECK_HANDLE(MPI_INFO_NULL, MPI_Info_f2c(MPI_Info_c2f(MPI_INFO_NULL)));

    CHECK_HANDLE(MPI_ERRORS_RETURN, MPI_Errhandler_f2c(MPI_Errhandler_c2f(MPI_ERRORS_RETURN)));
    CHECK(MPI_Errhandler_c2f(MPI_ERRORS_RETURN) != MPI_Errhandler_c2f(MPI_ERRORS_ARE_FATAL));
    CHECK_HANDLE(MPI_MESSAGE_NULL, MPI_Message_f2c(MPI_Message_c2f(MPI_MESSAGE_NULL)));
    CHECK_HANDLE(MPI_MESSAGE_NO_PROC, MPI_Message_f2c(MPI_Message_c2f(MPI_MESSAGE_NO_PROC)));
    CHECK_HANDLE(MPI_WIN_NULL, MPI_Win_f2c(MPI_Win_c2f(MPI_WIN_NULL)));
}

static void check_file(void)
{
    CHECK_INT(0, MPI_File_c2f(MPI_FILE_NULL)); /* 0 in both families' mpif.h */
    CHECK_HANDLE(MPI_FILE_NULL, MPI_File_f2c(0));

    char path[64];
    snprintf(path, sizeof path, "/tmp/wi4mpi-c2f-%d-%d.dat", (int)getpid(), me);
    MPI_File file;
    CHECK_MPI(MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                            MPI_INFO_NULL, &file));
    MPI_Fint f = MPI_File_c2f(file);
    CHECK(f != 0);
    MPI_File back = MPI_File_f2c(f);
    CHECK_HANDLE(file, back);
    int amode = 0;
    CHECK_MPI(MPI_File_get_amode(back, &amode));
    CHECK(amode & MPI_MODE_RDWR);
    CHECK_MPI(MPI_File_close(&file));
}

static void check_status(void)
{
    int value = 40 + me, got = -1;
    MPI_Status status;
    CHECK_MPI(MPI_Sendrecv(&value, 1, MPI_INT, me, 9, &got, 1, MPI_INT, me, 9, MPI_COMM_WORLD, &status));
    MPI_Fint f_status[F_STATUS_INTS + 1];
    f_status[F_STATUS_INTS] = -77;
    CHECK_MPI(MPI_Status_c2f(&status, f_status));
    CHECK_INT(-77, f_status[F_STATUS_INTS]); /* exactly MPI_STATUS_SIZE integers written */
#ifdef OMPI_MAJOR_VERSION /* Open MPI's mpif.h: MPI_SOURCE=1, MPI_TAG=2 (1-based) */
    CHECK_INT(me, f_status[0]);
    CHECK_INT(9, f_status[1]);
    CHECK_INT(6, (int)F_STATUS_INTS);
#else /* MPICH's mpif.h: MPI_SOURCE=3, MPI_TAG=4 */
    CHECK_INT(me, f_status[2]);
    CHECK_INT(9, f_status[3]);
    CHECK_INT(5, (int)F_STATUS_INTS);
#endif
    MPI_Status back;
    memset(&back, 0, sizeof back);
    CHECK_MPI(MPI_Status_f2c(f_status, &back));
    CHECK_INT(me, back.MPI_SOURCE);
    CHECK_INT(9, back.MPI_TAG);
    int count = -1;
    CHECK_MPI(MPI_Get_count(&back, MPI_INT, &count));
    CHECK_INT(1, count);
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &n));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &me));

    check_comm_and_group();
    check_datatype_and_op();
    check_request_info_errhandler_message();
    check_file();
    check_status();

    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    check_report_ok("c2f");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
