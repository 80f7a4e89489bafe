/*
 * Dynamic process management and the name service (MPI-3.1 chapter 10): MPI_Comm_get_parent,
 * MPI_Comm_disconnect, MPI_Open_port / MPI_Close_port, MPI_Comm_accept / MPI_Comm_connect between the
 * two halves of MPI_COMM_WORLD, MPI_Comm_join over a TCP connection on the loopback interface, and
 * MPI_Publish_name / MPI_Lookup_name / MPI_Unpublish_name.
 *
 * Not every implementation supports ports: MPICH built with the ch4:ucx device returns MPI_ERR_OTHER
 * from MPI_Open_port and MPI_Comm_join. The program reads the running library's version string and
 * expects exactly that behaviour there, and full support everywhere else. Where the implementations
 * disagree on an error case of the name service, each one's documented-by-experiment answer is
 * asserted, so that a translated call must produce the same error class as the native one.
 */
#include "check.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

static int world_rank, world_size;
static int runtime_is_mpich;
static int ports_supported;

static void detect_runtime(void)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    CHECK_MPI(MPI_Get_library_version(version, &len));
    CHECK(len > 0);
    runtime_is_mpich = strstr(version, "MPICH") != NULL;
    /* MPICH 4.0's ucx netmod has no port support (MPIDI_UCX_get_local_upids is a stub). */
    ports_supported = !(runtime_is_mpich && strstr(version, "ch4:ucx") != NULL);
}

static void test_get_parent(void)
{
    MPI_Comm parent = MPI_COMM_WORLD;
    CHECK_MPI(MPI_Comm_get_parent(&parent));
    CHECK_HANDLE(MPI_COMM_NULL, parent);
}

static void test_disconnect_intracomm(void)
{
    MPI_Comm dup = MPI_COMM_NULL;
    int size = 0, sum = 0;
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
    CHECK(dup != MPI_COMM_NULL);
    CHECK_MPI(MPI_Comm_size(dup, &size));
    CHECK_INT(world_size, size);
    CHECK_MPI(MPI_Allreduce(&world_rank, &sum, 1, MPI_INT, MPI_SUM, dup));
    CHECK_INT(world_size * (world_size - 1) / 2, sum);
    CHECK_MPI(MPI_Comm_disconnect(&dup));
    CHECK_HANDLE(MPI_COMM_NULL, dup);
}

/* Checks an intercommunicator made of the halves [0, half) and [half, world_size). */
static void check_halves_intercomm(MPI_Comm inter, int half)
{
    int flag = 0, local = 0, remote = 0, rank = -1, sum = -1;
    int low = world_rank < half;
    int expected_local = low ? half : world_size - half;
    int expected_remote = low ? world_size - half : half;
    /* sum of the world ranks of the remote group */
    int expected_sum = low ? (world_size * (world_size - 1) - half * (half - 1)) / 2 : half * (half - 1) / 2;

    CHECK_MPI(MPI_Comm_test_inter(inter, &flag));
    CHECK(flag);
    CHECK_MPI(MPI_Comm_size(inter, &local));
    CHECK_INT(expected_local, local);
    CHECK_MPI(MPI_Comm_remote_size(inter, &remote));
    CHECK_INT(expected_remote, remote);
    CHECK_MPI(MPI_Comm_rank(inter, &rank));
    CHECK_INT(low ? world_rank : world_rank - half, rank);
    /* On an intercommunicator each group receives the reduction of the other group's values. */
    CHECK_MPI(MPI_Allreduce(&world_rank, &sum, 1, MPI_INT, MPI_SUM, inter));
    CHECK_INT(expected_sum, sum);
    if (rank == 0) {
        int mine = 1000 + world_rank, theirs = -1;
        MPI_Status status;
        CHECK_MPI(MPI_Sendrecv(&mine, 1, MPI_INT, 0, 7, &theirs, 1, MPI_INT, 0, 7, inter, &status));
        CHECK_INT(1000 + (low ? half : 0), theirs);
        CHECK_INT(0, status.MPI_SOURCE);
        CHECK_INT(7, status.MPI_TAG);
    }
}

static void test_ports(void)
{
    char port[MPI_MAX_PORT_NAME];
    int opened = 0;
    int half = world_size / 2;

    memset(port, 0, sizeof port);
    if (world_rank == 0) {
        int rc = MPI_Open_port(MPI_INFO_NULL, port);
        if (ports_supported) {
            CHECK_MPI(rc);
            CHECK(port[0] != '\0');
            CHECK((int)strlen(port) < MPI_MAX_PORT_NAME);
            opened = 1;
        } else {
            CHECK_ERROR_CLASS(MPI_ERR_OTHER, rc);
        }
    }
    CHECK_MPI(MPI_Bcast(&opened, 1, MPI_INT, 0, MPI_COMM_WORLD));
    CHECK_INT(ports_supported, opened);
    if (!opened)
        return;

    if (world_size >= 2) {
        MPI_Comm side = MPI_COMM_NULL, inter = MPI_COMM_NULL;
        int low = world_rank < half;
        CHECK_MPI(MPI_Comm_split(MPI_COMM_WORLD, low, world_rank, &side));
        if (world_rank == 0)
            CHECK_MPI(MPI_Send(port, MPI_MAX_PORT_NAME, MPI_CHAR, half, 3, MPI_COMM_WORLD));
        else if (world_rank == half)
            CHECK_MPI(MPI_Recv(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
        if (low)
            CHECK_MPI(MPI_Comm_accept(port, MPI_INFO_NULL, 0, side, &inter));
        else
            CHECK_MPI(MPI_Comm_connect(port, MPI_INFO_NULL, 0, side, &inter));
        CHECK(inter != MPI_COMM_NULL);
        check_halves_intercomm(inter, half);
        CHECK_MPI(MPI_Comm_disconnect(&inter));
        CHECK_HANDLE(MPI_COMM_NULL, inter);
        CHECK_MPI(MPI_Comm_free(&side));
    }
    if (world_rank == 0)
        CHECK_MPI(MPI_Close_port(port));
}

/* Rank 0 listens on the loopback interface, rank 1 connects; both return the connected socket. */
static int loopback_socket(void)
{
    struct sockaddr_in addr;
    socklen_t addrlen = sizeof addr;
    int port = 0, fd = -1;

    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (world_rank == 0) {
        int listener = socket(AF_INET, SOCK_STREAM, 0);
        CHECK(listener >= 0);
        addr.sin_port = 0;
        CHECK_INT(0, bind(listener, (struct sockaddr *)&addr, sizeof addr));
        CHECK_INT(0, listen(listener, 1));
        CHECK_INT(0, getsockname(listener, (struct sockaddr *)&addr, &addrlen));
        port = ntohs(addr.sin_port);
        CHECK_MPI(MPI_Send(&port, 1, MPI_INT, 1, 4, MPI_COMM_WORLD));
        fd = accept(listener, NULL, NULL);
        CHECK(fd >= 0);
        close(listener);
    } else {
        CHECK_MPI(MPI_Recv(&port, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
        CHECK(port > 0);
        fd = socket(AF_INET, SOCK_STREAM, 0);
        CHECK(fd >= 0);
        addr.sin_port = htons((unsigned short)port);
        CHECK_INT(0, connect(fd, (struct sockaddr *)&addr, sizeof addr));
    }
    return fd;
}

static void test_join(void)
{
    MPI_Comm inter = MPI_COMM_NULL;
    int fd, rc;

    if (world_size < 2 || world_rank > 1)
        return;
    fd = loopback_socket();
    rc = MPI_Comm_join(fd, &inter);
    if (ports_supported) {
        int flag = 0, remote = 0, mine = 2000 + world_rank, theirs = -1;
        CHECK_MPI(rc);
        CHECK(inter != MPI_COMM_NULL);
        CHECK_MPI(MPI_Comm_test_inter(inter, &flag));
        CHECK(flag);
        CHECK_MPI(MPI_Comm_remote_size(inter, &remote));
        CHECK_INT(1, remote);
        CHECK_MPI(MPI_Sendrecv(&mine, 1, MPI_INT, 0, 9, &theirs, 1, MPI_INT, 0, 9, inter, MPI_STATUS_IGNORE));
        CHECK_INT(2000 + (1 - world_rank), theirs);
        CHECK_MPI(MPI_Comm_disconnect(&inter));
        CHECK_HANDLE(MPI_COMM_NULL, inter);
    } else {
        CHECK_ERROR_CLASS(MPI_ERR_OTHER, rc);
    }
    close(fd);
}

static void test_name_service(void)
{
    const char *service = "wi4mpi-dynamic-test";
    const char *published = "wi4mpi-port:42";
    char found[MPI_MAX_PORT_NAME];
    int rc;

    /* A name nobody published. */
    strcpy(found, "untouched");
    rc = MPI_Lookup_name("wi4mpi-never-published", MPI_INFO_NULL, found);
    CHECK_ERROR_CLASS(MPI_ERR_NAME, rc);
    if (world_rank == 0) {
        /* Unpublishing an unknown name: Open MPI accepts it, MPICH's hydra reports the service. */
        rc = MPI_Unpublish_name("wi4mpi-never-published", MPI_INFO_NULL, published);
        if (runtime_is_mpich)
            CHECK_ERROR_CLASS(MPI_ERR_SERVICE, rc);
        else
            CHECK_MPI(rc);
        CHECK_MPI(MPI_Publish_name(service, MPI_INFO_NULL, published));
    }
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));

    memset(found, 'x', sizeof found);
    CHECK_MPI(MPI_Lookup_name(service, MPI_INFO_NULL, found));
    CHECK_STR(published, found);
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));

    if (world_rank == 0)
        CHECK_MPI(MPI_Unpublish_name(service, MPI_INFO_NULL, published));
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));

    rc = MPI_Lookup_name(service, MPI_INFO_NULL, found);
    CHECK_ERROR_CLASS(MPI_ERR_NAME, rc);
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &world_size));
    /* Port and name-service errors are raised on MPI_COMM_WORLD (MPI-3.1) or MPI_COMM_SELF (MPI-4). */
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));

    detect_runtime();
    test_get_parent();
    test_disconnect_intracomm();
    test_ports();
    test_join();
    test_name_service();

    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    check_report_ok("dynamic");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
