/*
 * One-sided communication: windows made by Win_create, Win_allocate, Win_allocate_shared and
 * Win_create_dynamic (attach/detach); fence epochs with NOPRECEDE/NOSUCCEED, passive target
 * (exclusive and shared locks, lock_all, flushes, Win_sync), request-based operations, and
 * post/start/complete/wait between ring neighbours. Put, Get, Accumulate, Get_accumulate,
 * Fetch_and_op and Compare_and_swap results are checked, as are the window's group, name,
 * info, error handler and MPI_WIN_NULL after Win_free. One rank talks to itself.
 */
#include "check.h"

#define SLOTS 12

static int world_size, world_rank, right, left;

static void free_window(MPI_Win *win)
{
    CHECK_MPI(MPI_Win_free(win));
    CHECK_HANDLE(MPI_WIN_NULL, *win);
}

/*
 * Open MPI 4.1 configured without its pt2pt and ucx one-sided components (as Debian's default
 * MCA parameters do) cannot create a window over user memory in a single-process job: only
 * its shared-memory component is usable there, and that one supports allocated windows only.
 * Such a refusal is tolerated for one process; everything else uses allocated windows then.
 */
static int created_memory[SLOTS];
static MPI_Win created = MPI_WIN_NULL, dynamic = MPI_WIN_NULL;

static void create_windows(void)
{
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    if (MPI_Win_create(created_memory, (MPI_Aint)sizeof created_memory, (int)sizeof(int), MPI_INFO_NULL,
                       MPI_COMM_WORLD, &created) == MPI_SUCCESS) {
        CHECK(created != MPI_WIN_NULL);
    } else {
        CHECK_INT(1, world_size);
        created = MPI_WIN_NULL;
    }
    if (MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &dynamic) == MPI_SUCCESS) {
        CHECK(dynamic != MPI_WIN_NULL);
    } else {
        CHECK_INT(1, world_size);
        dynamic = MPI_WIN_NULL;
    }
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL));
}

/* Active target with fences; buf is the local window memory of SLOTS ints. */
static void check_fence(MPI_Win win, int *buf)
{
    int out[4], got[4], old = -1, fetched = -1, one = 1;

    for (int i = 0; i < 4; i++)
        out[i] = world_rank * 100 + i;
    for (int i = 0; i < SLOTS; i++)
        buf[i] = -1;
    buf[4] = 0;
    buf[5] = world_rank * 7;
    buf[6] = world_rank * 3;
    CHECK_MPI(MPI_Win_fence(MPI_MODE_NOPRECEDE, win));

    /* Put to the right neighbour, every rank adds rank + 1 into rank 0's slot 4. */
    CHECK_MPI(MPI_Put(out, 4, MPI_INT, right, 0, 4, MPI_INT, win));
    int addend = world_rank + 1;
    CHECK_MPI(MPI_Accumulate(&addend, 1, MPI_INT, 0, 4, 1, MPI_INT, MPI_SUM, win));
    CHECK_MPI(MPI_Win_fence(0, win));
    for (int i = 0; i < 4; i++)
        CHECK_INT(left * 100 + i, buf[i]);
    if (world_rank == 0)
        CHECK_INT(world_size * (world_size + 1) / 2, buf[4]);

    /* Read back what was put, fetch-and-add, atomic read with MPI_NO_OP. */
    int ten = 10;
    CHECK_MPI(MPI_Get(got, 4, MPI_INT, right, 0, 4, MPI_INT, win));
    CHECK_MPI(MPI_Get_accumulate(&ten, 1, MPI_INT, &old, 1, MPI_INT, right, 5, 1, MPI_INT, MPI_SUM, win));
    CHECK_MPI(MPI_Fetch_and_op(&one, &fetched, MPI_INT, right, 6, MPI_NO_OP, win));
    CHECK_MPI(MPI_Win_fence(MPI_MODE_NOSUCCEED, win));
    for (int i = 0; i < 4; i++)
        CHECK_INT(world_rank * 100 + i, got[i]);
    CHECK_INT(right * 7, old);
    CHECK_INT(world_rank * 7 + 10, buf[5]);
    CHECK_INT(right * 3, fetched);
    CHECK_INT(world_rank * 3, buf[6]);
}

/* Fences on a window over the program's memory and on one the library allocates. */
static void check_fence_windows(void)
{
    int *base = NULL;
    MPI_Win win;

    if (created != MPI_WIN_NULL) {
        check_fence(created, created_memory);
        free_window(&created);
    }
    CHECK_MPI(MPI_Win_allocate((MPI_Aint)(SLOTS * sizeof(int)), (int)sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                               &base, &win));
    CHECK(base != NULL);
    CHECK(win != MPI_WIN_NULL);
    check_fence(win, base);

    /* The window's group is the communicator's. */
    MPI_Group win_group, world_group;
    int result = -1;
    CHECK_MPI(MPI_Win_get_group(win, &win_group));
    CHECK_MPI(MPI_Comm_group(MPI_COMM_WORLD, &world_group));
    CHECK_MPI(MPI_Group_compare(win_group, world_group, &result));
    CHECK_INT(MPI_IDENT, result);
    int group_size = -1;
    CHECK_MPI(MPI_Group_size(win_group, &group_size));
    CHECK_INT(world_size, group_size);
    CHECK_MPI(MPI_Group_free(&win_group));
    CHECK_MPI(MPI_Group_free(&world_group));

    /* Names round-trip. */
    char name[MPI_MAX_OBJECT_NAME];
    int length = -1;
    CHECK_MPI(MPI_Win_set_name(win, "ring window"));
    memset(name, 'x', sizeof name);
    CHECK_MPI(MPI_Win_get_name(win, name, &length));
    CHECK_STR("ring window", name);
    CHECK_INT((int)strlen("ring window"), length);

    /* Info: the hints in use come back as a new info object. */
    MPI_Info info, used = MPI_INFO_NULL;
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "no_locks", "false"));
    CHECK_MPI(MPI_Win_set_info(win, info));
    CHECK_MPI(MPI_Info_free(&info));
    CHECK_MPI(MPI_Win_get_info(win, &used));
    CHECK(used != MPI_INFO_NULL);
    int nkeys = -1;
    CHECK_MPI(MPI_Info_get_nkeys(used, &nkeys));
    CHECK(nkeys >= 0);
    CHECK_MPI(MPI_Info_free(&used));
    CHECK_HANDLE(MPI_INFO_NULL, used);

    free_window(&win);
}

/* Error handlers: fatal by default, MPI_ERRORS_RETURN returns classes. */
static void check_errors(MPI_Win win, int *slot)
{
    int value = 1;
    MPI_Errhandler handler = MPI_ERRHANDLER_NULL;

    *slot = 0;
    CHECK_MPI(MPI_Win_get_errhandler(win, &handler));
    CHECK_HANDLE(MPI_ERRORS_ARE_FATAL, handler);
    CHECK_MPI(MPI_Errhandler_free(&handler));
    CHECK_HANDLE(MPI_ERRHANDLER_NULL, handler);

    CHECK_MPI(MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Win_get_errhandler(win, &handler));
    CHECK_HANDLE(MPI_ERRORS_RETURN, handler);
    CHECK_MPI(MPI_Errhandler_free(&handler));

    CHECK_MPI(MPI_Win_call_errhandler(win, MPI_ERR_OTHER));

    CHECK_MPI(MPI_Win_fence(0, win));
    int rc = MPI_Put(&value, 1, MPI_INT, world_size, 0, 1, MPI_INT, win);
    CHECK_ERROR_CLASS(MPI_ERR_RANK, rc);
    CHECK_MPI(MPI_Win_fence(0, win));
    CHECK_INT(0, *slot);
}

/* A window over a communicator whose ranks run backwards has a similar, not identical, group;
 * it also serves the error handler checks. */
static void check_reversed_group(void)
{
    MPI_Comm reversed;
    MPI_Win win;
    MPI_Group win_group, world_group;
    int *slot = NULL, result = -1, rank = -1;

    CHECK_MPI(MPI_Comm_split(MPI_COMM_WORLD, 0, world_size - world_rank, &reversed));
    CHECK_MPI(MPI_Win_allocate((MPI_Aint)sizeof(int), (int)sizeof(int), MPI_INFO_NULL, reversed, &slot, &win));
    CHECK_MPI(MPI_Win_get_group(win, &win_group));
    CHECK_MPI(MPI_Comm_group(MPI_COMM_WORLD, &world_group));
    CHECK_MPI(MPI_Group_compare(win_group, world_group, &result));
    CHECK_INT(world_size == 1 ? MPI_IDENT : MPI_SIMILAR, result);
    CHECK_MPI(MPI_Group_rank(win_group, &rank));
    CHECK_INT(world_size - 1 - world_rank, rank);
    CHECK_MPI(MPI_Group_free(&win_group));
    CHECK_MPI(MPI_Group_free(&world_group));
    check_errors(win, slot);
    free_window(&win);
    CHECK_MPI(MPI_Comm_free(&reversed));
}

/* Passive target on memory the library allocates. */
static void check_allocate_passive(void)
{
    int *base = NULL, out[4], got[4];
    MPI_Win win;

    CHECK_MPI(MPI_Win_allocate((MPI_Aint)(SLOTS * sizeof(int)), (int)sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                               &base, &win));
    CHECK(base != NULL);
    CHECK(win != MPI_WIN_NULL);

    CHECK_MPI(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, world_rank, 0, win));
    for (int i = 0; i < SLOTS; i++)
        base[i] = -1;
    base[4] = 0;
    base[8] = 0;
    base[9] = world_rank * 11;
    CHECK_MPI(MPI_Win_unlock(world_rank, win));
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));

    /* Exclusive lock: put, flush, read back within the same epoch. */
    for (int i = 0; i < 4; i++)
        out[i] = world_rank * 1000 + i;
    CHECK_MPI(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, right, 0, win));
    CHECK_MPI(MPI_Put(out, 4, MPI_INT, right, 0, 4, MPI_INT, win));
    CHECK_MPI(MPI_Win_flush(right, win));
    memset(got, 0, sizeof got);
    CHECK_MPI(MPI_Get(got, 4, MPI_INT, right, 0, 4, MPI_INT, win));
    CHECK_MPI(MPI_Win_unlock(right, win));
    for (int i = 0; i < 4; i++)
        CHECK_INT(world_rank * 1000 + i, got[i]);
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));

    /* Nobody takes an exclusive lock now: a shared lock on itself needs no check. */
    CHECK_MPI(MPI_Win_lock(MPI_LOCK_SHARED, world_rank, MPI_MODE_NOCHECK, win));
    for (int i = 0; i < 4; i++)
        CHECK_INT(left * 1000 + i, base[i]);
    CHECK_MPI(MPI_Win_unlock(world_rank, win));

    /* Shared lock on a neighbour. */
    CHECK_MPI(MPI_Win_lock(MPI_LOCK_SHARED, left, 0, win));
    memset(got, 0, sizeof got);
    CHECK_MPI(MPI_Get(got, 4, MPI_INT, left, 0, 4, MPI_INT, win));
    CHECK_MPI(MPI_Win_unlock(left, win));
    for (int i = 0; i < 4; i++)
        CHECK_INT(((left + world_size - 1) % world_size) * 1000 + i, got[i]);
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));

    /* Atomics and request-based operations under lock_all. */
    int one = 1, ticket = -1, swap = world_rank, compare = -1, previous = -2;
    int pair[2] = {world_rank * 10, world_rank * 10 + 1}, pair_back[2] = {0, 0};
    int addend = world_rank + 1, five = 5, fetched = -1;
    MPI_Request requests[2];
    CHECK_MPI(MPI_Win_lock_all(0, win));
    CHECK_MPI(MPI_Fetch_and_op(&one, &ticket, MPI_INT, 0, 4, MPI_SUM, win));
    CHECK_MPI(MPI_Compare_and_swap(&swap, &compare, &previous, MPI_INT, right, 5, win));
    CHECK_MPI(MPI_Win_flush(0, win));
    CHECK_MPI(MPI_Win_flush_all(win));
    CHECK(ticket >= 0 && ticket < world_size);
    CHECK_INT(-1, previous);

    CHECK_MPI(MPI_Rput(pair, 2, MPI_INT, right, 6, 2, MPI_INT, win, &requests[0]));
    CHECK(requests[0] != MPI_REQUEST_NULL);
    CHECK_MPI(MPI_Wait(&requests[0], MPI_STATUS_IGNORE));
    CHECK_HANDLE(MPI_REQUEST_NULL, requests[0]);
    CHECK_MPI(MPI_Win_flush(right, win));
    CHECK_MPI(MPI_Rget(pair_back, 2, MPI_INT, right, 6, 2, MPI_INT, win, &requests[0]));
    CHECK_MPI(MPI_Wait(&requests[0], MPI_STATUS_IGNORE));
    CHECK_HANDLE(MPI_REQUEST_NULL, requests[0]);
    CHECK_INT(world_rank * 10, pair_back[0]);
    CHECK_INT(world_rank * 10 + 1, pair_back[1]);

    CHECK_MPI(MPI_Raccumulate(&addend, 1, MPI_INT, 0, 8, 1, MPI_INT, MPI_SUM, win, &requests[0]));
    CHECK_MPI(MPI_Rget_accumulate(&five, 1, MPI_INT, &fetched, 1, MPI_INT, right, 9, 1, MPI_INT, MPI_SUM, win,
                                  &requests[1]));
    CHECK_MPI(MPI_Waitall(2, requests, MPI_STATUSES_IGNORE));
    CHECK_HANDLE(MPI_REQUEST_NULL, requests[0]);
    CHECK_HANDLE(MPI_REQUEST_NULL, requests[1]);
    CHECK_INT(right * 11, fetched);
    CHECK_MPI(MPI_Win_flush_local(right, win));
    CHECK_MPI(MPI_Win_flush_local_all(win));
    CHECK_MPI(MPI_Win_unlock_all(win));

    /* Every ticket was handed out once. */
    int *tickets = malloc((size_t)world_size * sizeof(int));
    CHECK(tickets != NULL);
    CHECK_MPI(MPI_Allgather(&ticket, 1, MPI_INT, tickets, 1, MPI_INT, MPI_COMM_WORLD));
    for (int t = 0; t < world_size; t++) {
        int seen = 0;
        for (int r = 0; r < world_size; r++)
            seen += tickets[r] == t;
        CHECK_INT(1, seen);
    }
    free(tickets);

    /* All updates are visible; a compare that fails changes nothing. */
    CHECK_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, win));
    CHECK_MPI(MPI_Win_sync(win));
    CHECK_INT(left, base[5]);
    CHECK_INT(left * 10, base[6]);
    CHECK_INT(left * 10 + 1, base[7]);
    CHECK_INT(world_rank * 11 + 5, base[9]);
    if (world_rank == 0) {
        CHECK_INT(world_size, base[4]);
        CHECK_INT(world_size * (world_size + 1) / 2, base[8]);
    }
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    swap = 99;
    previous = -2;
    CHECK_MPI(MPI_Compare_and_swap(&swap, &compare, &previous, MPI_INT, right, 5, win));
    CHECK_MPI(MPI_Win_flush(right, win));
    CHECK_INT(world_rank, previous);
    int counter = -1;
    CHECK_MPI(MPI_Get(&counter, 1, MPI_INT, 0, 4, 1, MPI_INT, win));
    CHECK_MPI(MPI_Win_flush(0, win));
    CHECK_INT(world_size, counter);
    CHECK_MPI(MPI_Win_unlock_all(win));
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    CHECK_INT(left, base[5]);

    free_window(&win);
}

/* Shared memory among the ranks of a node: segments of different sizes, direct loads and stores. */
static void check_shared(void)
{
    MPI_Comm node;
    MPI_Win win;
    int node_size = 0, node_rank = -1, *base = NULL;

    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world_rank, MPI_INFO_NULL, &node));
    CHECK_MPI(MPI_Comm_size(node, &node_size));
    CHECK_MPI(MPI_Comm_rank(node, &node_rank));
    CHECK_MPI(MPI_Win_allocate_shared((MPI_Aint)((node_rank + 1) * sizeof(int)), (int)sizeof(int), MPI_INFO_NULL,
                                      node, &base, &win));
    CHECK(base != NULL);

    int *segments[64] = {NULL};
    CHECK(node_size <= 64);
    for (int r = 0; r < node_size; r++) {
        MPI_Aint size = -1;
        int disp_unit = -1;
        CHECK_MPI(MPI_Win_shared_query(win, r, &size, &disp_unit, &segments[r]));
        CHECK_INT((r + 1) * (int)sizeof(int), size);
        CHECK_INT((int)sizeof(int), disp_unit);
        CHECK(segments[r] != NULL);
    }
    CHECK(segments[node_rank] == base);

    /* MPI_PROC_NULL: the segment of the lowest rank that has memory. */
    MPI_Aint size = -1;
    int disp_unit = -1, *lowest = NULL;
    CHECK_MPI(MPI_Win_shared_query(win, MPI_PROC_NULL, &size, &disp_unit, &lowest));
    CHECK_INT((int)sizeof(int), size);
    CHECK(lowest == segments[0]);

    CHECK_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, win));
    for (int i = 0; i <= node_rank; i++)
        base[i] = node_rank * 10 + i;
    CHECK_MPI(MPI_Win_sync(win));
    CHECK_MPI(MPI_Barrier(node));
    CHECK_MPI(MPI_Win_sync(win));
    int next = (node_rank + 1) % node_size;
    for (int i = 0; i <= next; i++)
        CHECK_INT(next * 10 + i, segments[next][i]);
    CHECK_MPI(MPI_Win_unlock_all(win));

    free_window(&win);
    CHECK_MPI(MPI_Comm_free(&node));
}

/* A dynamic window: memory attached after creation, addressed by absolute displacements. */
static void check_dynamic(void)
{
    MPI_Win win = dynamic;
    int mem[4] = {-1, -1, -1, -1}, out[4];
    MPI_Aint address = 0, *addresses;

    if (win == MPI_WIN_NULL)
        return;
    addresses = malloc((size_t)world_size * sizeof(MPI_Aint));
    CHECK(addresses != NULL);
    CHECK_MPI(MPI_Win_attach(win, mem, (MPI_Aint)sizeof mem));
    CHECK_MPI(MPI_Get_address(mem, &address));
    CHECK_MPI(MPI_Allgather(&address, 1, MPI_AINT, addresses, 1, MPI_AINT, MPI_COMM_WORLD));
    CHECK(addresses[world_rank] == address);

    for (int i = 0; i < 4; i++)
        out[i] = world_rank * 50 + i;
    CHECK_MPI(MPI_Win_fence(MPI_MODE_NOPRECEDE, win));
    CHECK_MPI(MPI_Put(out, 4, MPI_INT, right, addresses[right], 4, MPI_INT, win));
    CHECK_MPI(MPI_Win_fence(MPI_MODE_NOSUCCEED, win));
    for (int i = 0; i < 4; i++)
        CHECK_INT(left * 50 + i, mem[i]);

    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    CHECK_MPI(MPI_Win_detach(win, mem));
    free_window(&dynamic);
    free(addresses);
}

/* Generalized active target: each rank exposes its window to the left and accesses the right. */
static void check_pscw(void)
{
    int *buf = NULL, out[4], got[4] = {0, 0, 0, 0}, flag = 0;
    MPI_Group world_group, from_left, to_right;
    MPI_Win win;

    CHECK_MPI(MPI_Comm_group(MPI_COMM_WORLD, &world_group));
    CHECK_MPI(MPI_Group_incl(world_group, 1, &left, &from_left));
    CHECK_MPI(MPI_Group_incl(world_group, 1, &right, &to_right));
    CHECK_MPI(MPI_Win_allocate((MPI_Aint)(4 * sizeof(int)), (int)sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &buf,
                               &win));
    for (int i = 0; i < 4; i++)
        buf[i] = -1;
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));

    for (int i = 0; i < 4; i++)
        out[i] = world_rank * 20 + i;
    CHECK_MPI(MPI_Win_post(from_left, 0, win));
    CHECK_MPI(MPI_Win_start(to_right, 0, win));
    CHECK_MPI(MPI_Put(out, 4, MPI_INT, right, 0, 4, MPI_INT, win));
    CHECK_MPI(MPI_Win_complete(win));
    CHECK_MPI(MPI_Win_wait(win));
    for (int i = 0; i < 4; i++)
        CHECK_INT(left * 20 + i, buf[i]);

    /* Reading only: the exposure epoch asserts that nothing is put. */
    CHECK_MPI(MPI_Win_post(from_left, MPI_MODE_NOPUT | MPI_MODE_NOSTORE, win));
    CHECK_MPI(MPI_Win_start(to_right, 0, win));
    CHECK_MPI(MPI_Get(got, 4, MPI_INT, right, 0, 4, MPI_INT, win));
    CHECK_MPI(MPI_Win_complete(win));
    while (!flag)
        CHECK_MPI(MPI_Win_test(win, &flag));
    for (int i = 0; i < 4; i++)
        CHECK_INT(world_rank * 20 + i, got[i]);

    free_window(&win);
    CHECK_MPI(MPI_Group_free(&from_left));
    CHECK_MPI(MPI_Group_free(&to_right));
    CHECK_MPI(MPI_Group_free(&world_group));
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &world_size));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank));
    right = (world_rank + 1) % world_size;
    left = (world_rank + world_size - 1) % world_size;

    create_windows();
    check_fence_windows();
    check_reversed_group();
    check_allocate_passive();
    check_shared();
    check_dynamic();
    check_pscw();

    check_report_ok("rma");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
