/*
 * MPI_Comm_spawn and MPI_Comm_get_parent: the job spawns one copy of itself twice (once with an error
 * code array, once with MPI_ERRCODES_IGNORE); each child checks its arguments, its parent
 * intercommunicator and exchanges data with the parents, then both sides disconnect.
 * MPI_Comm_spawn_multiple then starts two commands of one process each (with an info per command,
 * one of them created by the job): the two children share a world, each sees its own arguments and
 * its command's MPI_APPNUM, and the error code array has one entry per child.
 *
 * wi4mpi-test-retry-on-timeout: Open MPI 4.1.4 hangs a spawned child in PMIx_Init now and then,
 * natively too (docs/launcher.md, vendor issues).
 *
 * MPICH 4.0 built with the ch4:ucx device cannot spawn (no port support in its ucx netmod): there the
 * program expects MPI_ERR_OTHER from MPI_Comm_spawn, as the native library returns.
 */
#include "check.h"

#define CHILD_ARG "wi4mpi-spawned-child"

static int world_rank, world_size;

static int spawn_supported(void)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    CHECK_MPI(MPI_Get_library_version(version, &len));
    return !(strstr(version, "MPICH") != NULL && strstr(version, "ch4:ucx") != NULL);
}

static void run_child(MPI_Comm parent, int argc, char **argv)
{
    int flag = 0, remote = 0, value = -1, sum = -1;
    CHECK(argc == 2 || argc == 3);
    CHECK_STR(CHILD_ARG, argv[1]);
    if (argc == 3) {
        /* started by MPI_Comm_spawn_multiple: command i is world rank i */
        char expected[32];
        int *appnum = NULL;
        snprintf(expected, sizeof expected, "command-%d", world_rank);
        CHECK_STR(expected, argv[2]);
        CHECK_INT(2, world_size);
        CHECK_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &appnum, &flag));
        CHECK(flag);
        CHECK_INT(world_rank, *appnum);
    } else {
        CHECK_INT(1, world_size);
    }
    CHECK_MPI(MPI_Comm_test_inter(parent, &flag));
    CHECK(flag);
    CHECK_MPI(MPI_Comm_remote_size(parent, &remote));
    CHECK(remote >= 1);
    CHECK_MPI(MPI_Recv(&value, 1, MPI_INT, 0, 11, parent, MPI_STATUS_IGNORE));
    CHECK_INT(4242, value);
    /* the children's group receives the sum of the parents' world ranks */
    CHECK_MPI(MPI_Allreduce(&world_rank, &sum, 1, MPI_INT, MPI_SUM, parent));
    CHECK_INT(remote * (remote - 1) / 2, sum);
    CHECK_MPI(MPI_Comm_disconnect(&parent));
    CHECK_HANDLE(MPI_COMM_NULL, parent);
}

static void spawn_one(const char *command, int use_errcodes, int supported)
{
    char *child_argv[] = {CHILD_ARG, NULL};
    int errcodes[1] = {-12345};
    MPI_Comm inter = MPI_COMM_NULL;
    int rc = MPI_Comm_spawn(command, child_argv, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter,
                            use_errcodes ? errcodes : MPI_ERRCODES_IGNORE);
    if (!supported) {
        CHECK_ERROR_CLASS(MPI_ERR_OTHER, rc);
        return;
    }
    CHECK_MPI(rc);
    if (use_errcodes)
        CHECK_INT(MPI_SUCCESS, errcodes[0]);
    CHECK(inter != MPI_COMM_NULL);
    {
        int flag = 0, remote = 0, sum = -1, value = 4242;
        CHECK_MPI(MPI_Comm_test_inter(inter, &flag));
        CHECK(flag);
        CHECK_MPI(MPI_Comm_remote_size(inter, &remote));
        CHECK_INT(1, remote);
        if (world_rank == 0)
            CHECK_MPI(MPI_Send(&value, 1, MPI_INT, 0, 11, inter));
        CHECK_MPI(MPI_Allreduce(&world_rank, &sum, 1, MPI_INT, MPI_SUM, inter));
        CHECK_INT(0, sum); /* the child's world rank */
    }
    CHECK_MPI(MPI_Comm_disconnect(&inter));
    CHECK_HANDLE(MPI_COMM_NULL, inter);
}

static void spawn_multiple(const char *command, int supported)
{
    char *commands[2] = {(char *)command, (char *)command};
    char *argv0[] = {CHILD_ARG, "command-0", NULL};
    char *argv1[] = {CHILD_ARG, "command-1", NULL};
    char **argvs[2] = {argv0, argv1};
    int maxprocs[2] = {1, 1};
    int errcodes[3] = {-12345, -12345, -12345};
    MPI_Info infos[2] = {MPI_INFO_NULL, MPI_INFO_NULL};
    MPI_Comm inter = MPI_COMM_NULL;
    CHECK_MPI(MPI_Info_create(&infos[1]));
    int rc = MPI_Comm_spawn_multiple(2, commands, argvs, maxprocs, infos, 0, MPI_COMM_WORLD, &inter, errcodes);
    CHECK_MPI(MPI_Info_free(&infos[1]));
    /* one entry per spawned process: the one after them is left alone */
    CHECK_INT(-12345, errcodes[2]);
    if (!supported) {
        CHECK_ERROR_CLASS(MPI_ERR_OTHER, rc);
        return;
    }
    CHECK_MPI(rc);
    CHECK_INT(MPI_SUCCESS, errcodes[0]);
    CHECK_INT(MPI_SUCCESS, errcodes[1]);
    CHECK(inter != MPI_COMM_NULL);
    {
        int remote = 0, sum = -1, value = 4242;
        CHECK_MPI(MPI_Comm_remote_size(inter, &remote));
        CHECK_INT(2, remote);
        if (world_rank == 0)
            for (int child = 0; child < 2; child++)
                CHECK_MPI(MPI_Send(&value, 1, MPI_INT, child, 11, inter));
        CHECK_MPI(MPI_Allreduce(&world_rank, &sum, 1, MPI_INT, MPI_SUM, inter));
        CHECK_INT(1, sum); /* the children's world ranks, 0 and 1 */
    }
    CHECK_MPI(MPI_Comm_disconnect(&inter));
    CHECK_HANDLE(MPI_COMM_NULL, inter);
}

int main(int argc, char **argv)
{
    MPI_Comm parent = MPI_COMM_WORLD;

    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &world_size));
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Comm_get_parent(&parent));

    if (parent != MPI_COMM_NULL) {
        run_child(parent, argc, argv);
        CHECK_MPI(MPI_Finalize());
        return 0;
    }

    CHECK_INT(1, argc);
    {
        int supported = spawn_supported();
        spawn_one(argv[0], 1, supported);
        spawn_one(argv[0], 0, supported);
        spawn_multiple(argv[0], supported);
    }
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    check_report_ok("spawn");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
