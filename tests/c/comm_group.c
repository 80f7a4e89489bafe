/*
 * Communicators and groups: duplication (also nonblocking: MPI_Comm_idup completed by Wait, Waitall
 * and a Test loop), splitting, creation from groups, comparison, naming, intercommunicators, and
 * every group constructor and query.
 */
#include "check.h"

static int world_size, world_rank;

static void check_comm_shape(MPI_Comm comm, int expected_size, int expected_rank)
{
    int size = -1, rank = -1;
    CHECK(comm != MPI_COMM_NULL);
    CHECK_MPI(MPI_Comm_size(comm, &size));
    CHECK_MPI(MPI_Comm_rank(comm, &rank));
    CHECK_INT(expected_size, size);
    CHECK_INT(expected_rank, rank);
}

static int compare_comms(MPI_Comm a, MPI_Comm b)
{
    int result = -1;
    CHECK_MPI(MPI_Comm_compare(a, b, &result));
    return result;
}

static int compare_groups(MPI_Group a, MPI_Group b)
{
    int result = -1;
    CHECK_MPI(MPI_Group_compare(a, b, &result));
    return result;
}

static void free_comm(MPI_Comm *comm)
{
    CHECK_MPI(MPI_Comm_free(comm));
    CHECK_HANDLE(MPI_COMM_NULL, *comm);
}

static void free_group(MPI_Group *group)
{
    CHECK_MPI(MPI_Group_free(group));
    CHECK_HANDLE(MPI_GROUP_NULL, *group);
}

static void check_group_shape(MPI_Group group, int expected_size, int expected_rank)
{
    int size = -1, rank = -2;
    CHECK_MPI(MPI_Group_size(group, &size));
    CHECK_MPI(MPI_Group_rank(group, &rank));
    CHECK_INT(expected_size, size);
    CHECK_INT(expected_rank, rank);
}

static void check_names(void)
{
    char name[MPI_MAX_OBJECT_NAME];
    int len = -1;
    CHECK_MPI(MPI_Comm_get_name(MPI_COMM_WORLD, name, &len));
    CHECK_STR("MPI_COMM_WORLD", name);
    CHECK_INT(strlen("MPI_COMM_WORLD"), len);
    CHECK_MPI(MPI_Comm_get_name(MPI_COMM_SELF, name, &len));
    CHECK_STR("MPI_COMM_SELF", name);

    MPI_Comm dup;
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
    CHECK_MPI(MPI_Comm_set_name(dup, "wi4mpi duplicate"));
    CHECK_MPI(MPI_Comm_get_name(dup, name, &len));
    CHECK_STR("wi4mpi duplicate", name);
    CHECK_INT(strlen("wi4mpi duplicate"), len);
    free_comm(&dup);
}

static void check_dup_and_compare(void)
{
    MPI_Comm dup, dup_info;
    CHECK_INT(MPI_IDENT, compare_comms(MPI_COMM_WORLD, MPI_COMM_WORLD));

    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
    check_comm_shape(dup, world_size, world_rank);
    CHECK_INT(MPI_CONGRUENT, compare_comms(MPI_COMM_WORLD, dup));

    MPI_Info info;
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "wi4mpi_hint", "true"));
    CHECK_MPI(MPI_Comm_dup_with_info(dup, info, &dup_info));
    CHECK_MPI(MPI_Info_free(&info));
    check_comm_shape(dup_info, world_size, world_rank);
    CHECK_INT(MPI_CONGRUENT, compare_comms(dup, dup_info));

    /* With one process WORLD and SELF hold the same group in different contexts. */
    CHECK_INT(world_size == 1 ? MPI_CONGRUENT : MPI_UNEQUAL, compare_comms(MPI_COMM_WORLD, MPI_COMM_SELF));

    int inter = -1;
    CHECK_MPI(MPI_Comm_test_inter(MPI_COMM_WORLD, &inter));
    CHECK_INT(0, inter);

    free_comm(&dup_info);
    free_comm(&dup);
}

/* The new communicator of MPI_Comm_idup exists once its request completes, whichever call completes it. */
static void check_idup(void)
{
    MPI_Comm a = MPI_COMM_NULL, b = MPI_COMM_NULL, c = MPI_COMM_NULL;
    MPI_Request request;
    CHECK_MPI(MPI_Comm_idup(MPI_COMM_WORLD, &a, &request));
    CHECK(request != MPI_REQUEST_NULL);
    CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));
    CHECK_HANDLE(MPI_REQUEST_NULL, request);
    check_comm_shape(a, world_size, world_rank);
    CHECK_INT(MPI_CONGRUENT, compare_comms(MPI_COMM_WORLD, a));

    /* Two duplications completed together with a message, in one Waitall. */
    MPI_Request requests[4];
    int out = 30 + world_rank, in = -1;
    CHECK_MPI(MPI_Comm_idup(a, &b, &requests[0]));
    CHECK_MPI(MPI_Irecv(&in, 1, MPI_INT, world_rank, 4, MPI_COMM_WORLD, &requests[1]));
    CHECK_MPI(MPI_Comm_idup(MPI_COMM_WORLD, &c, &requests[2]));
    CHECK_MPI(MPI_Isend(&out, 1, MPI_INT, world_rank, 4, MPI_COMM_WORLD, &requests[3]));
    CHECK_MPI(MPI_Waitall(4, requests, MPI_STATUSES_IGNORE));
    CHECK_INT(30 + world_rank, in);
    check_comm_shape(b, world_size, world_rank);
    check_comm_shape(c, world_size, world_rank);
    CHECK_INT(MPI_CONGRUENT, compare_comms(a, b));
    CHECK(b != c);

    /* Completed by a Test loop, and used for a collective at once. */
    MPI_Comm d = MPI_COMM_NULL;
    int done = 0;
    CHECK_MPI(MPI_Comm_idup(b, &d, &request));
    while (!done)
        CHECK_MPI(MPI_Test(&request, &done, MPI_STATUS_IGNORE));
    int sum = -1, one = 1;
    CHECK_MPI(MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, d));
    CHECK_INT(world_size, sum);

    free_comm(&d);
    free_comm(&c);
    free_comm(&b);
    free_comm(&a);
}

static void check_split(void)
{
    /* Split by parity with reversed keys: new rank counts same-parity ranks above us. */
    int color = world_rank % 2, expected_size = 0, expected_rank = 0;
    for (int r = 0; r < world_size; r++) {
        if (r % 2 != color)
            continue;
        expected_size++;
        if (r > world_rank)
            expected_rank++;
    }
    MPI_Comm parity;
    CHECK_MPI(MPI_Comm_split(MPI_COMM_WORLD, color, -world_rank, &parity));
    check_comm_shape(parity, expected_size, expected_rank);
    if (world_size > 1)
        CHECK_INT(MPI_UNEQUAL, compare_comms(MPI_COMM_WORLD, parity));
    free_comm(&parity);

    /* Same members, reversed order: similar to WORLD. */
    MPI_Comm reversed;
    CHECK_MPI(MPI_Comm_split(MPI_COMM_WORLD, 0, world_size - world_rank, &reversed));
    check_comm_shape(reversed, world_size, world_size - 1 - world_rank);
    CHECK_INT(world_size == 1 ? MPI_CONGRUENT : MPI_SIMILAR, compare_comms(MPI_COMM_WORLD, reversed));
    free_comm(&reversed);

    /* MPI_UNDEFINED colour leaves rank 0 out. */
    MPI_Comm without_zero;
    CHECK_MPI(MPI_Comm_split(MPI_COMM_WORLD, world_rank == 0 ? MPI_UNDEFINED : 5, world_rank,
                             &without_zero));
    if (world_rank == 0) {
        CHECK_HANDLE(MPI_COMM_NULL, without_zero);
    } else {
        check_comm_shape(without_zero, world_size - 1, world_rank - 1);
        free_comm(&without_zero);
    }
}

static void check_split_type(void)
{
    /* The shared-memory communicator holds exactly the ranks on our processor. */
    char names[MPI_MAX_PROCESSOR_NAME];
    char *all_names = malloc((size_t)world_size * MPI_MAX_PROCESSOR_NAME);
    int len = 0;
    CHECK(all_names != NULL);
    memset(names, 0, MPI_MAX_PROCESSOR_NAME);
    CHECK_MPI(MPI_Get_processor_name(names, &len));
    CHECK_MPI(MPI_Allgather(names, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all_names, MPI_MAX_PROCESSOR_NAME,
                            MPI_CHAR, MPI_COMM_WORLD));
    int expected_size = 0, expected_rank = 0;
    for (int r = 0; r < world_size; r++) {
        if (strcmp(all_names + (size_t)r * MPI_MAX_PROCESSOR_NAME, names) != 0)
            continue;
        expected_size++;
        if (r < world_rank)
            expected_rank++;
    }
    free(all_names);

    MPI_Comm shared;
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world_rank, MPI_INFO_NULL, &shared));
    check_comm_shape(shared, expected_size, expected_rank);
    free_comm(&shared);

    MPI_Comm none;
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_UNDEFINED, world_rank, MPI_INFO_NULL, &none));
    CHECK_HANDLE(MPI_COMM_NULL, none);

#ifdef OPEN_MPI
    /* Open MPI's OMPI_COMM_TYPE_HOST, the processes of one host: MPICH's MPI_COMM_TYPE_SHARED (its
     * number, 9, is no MPICH type). The hardware types: split_hardware.c. */
    MPI_Comm host;
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, OMPI_COMM_TYPE_HOST, world_rank, MPI_INFO_NULL, &host));
    check_comm_shape(host, expected_size, expected_rank);
    free_comm(&host);
#endif
}

static void check_create_from_groups(void)
{
    MPI_Group world_group, evens;
    int range[1][3] = {{0, world_size - 1, 2}};
    int evens_size = (world_size + 1) / 2;
    int is_even = world_rank % 2 == 0;

    CHECK_MPI(MPI_Comm_group(MPI_COMM_WORLD, &world_group));
    CHECK_MPI(MPI_Group_range_incl(world_group, 1, range, &evens));

    MPI_Comm created;
    CHECK_MPI(MPI_Comm_create(MPI_COMM_WORLD, evens, &created));
    if (is_even) {
        check_comm_shape(created, evens_size, world_rank / 2);
        free_comm(&created);
    } else {
        CHECK_HANDLE(MPI_COMM_NULL, created);
    }

    /* Only the members take part in Comm_create_group. */
    if (is_even) {
        CHECK_MPI(MPI_Comm_create_group(MPI_COMM_WORLD, evens, 11, &created));
        check_comm_shape(created, evens_size, world_rank / 2);
        MPI_Group created_group;
        CHECK_MPI(MPI_Comm_group(created, &created_group));
        CHECK_INT(MPI_IDENT, compare_groups(evens, created_group));
        free_group(&created_group);
        free_comm(&created);
    }

    CHECK_MPI(MPI_Comm_create(MPI_COMM_WORLD, MPI_GROUP_EMPTY, &created));
    CHECK_HANDLE(MPI_COMM_NULL, created);

    free_group(&evens);
    free_group(&world_group);
}

static void check_groups(void)
{
    MPI_Group world_group, dup_group, reversed, without_zero, evens, odds, merged, common, rest, empty;
    MPI_Comm dup;
    int n = world_size, r = world_rank;
    int ranks[1], translated[1];
    int range[1][3] = {{0, n - 1, 2}};

    CHECK_MPI(MPI_Comm_group(MPI_COMM_WORLD, &world_group));
    check_group_shape(world_group, n, r);

    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
    CHECK_MPI(MPI_Comm_group(dup, &dup_group));
    CHECK_INT(MPI_IDENT, compare_groups(world_group, dup_group));
    free_group(&dup_group);
    free_comm(&dup);

    check_group_shape(MPI_GROUP_EMPTY, 0, MPI_UNDEFINED);

    /* Group_incl in reverse order. */
    int *order = malloc((size_t)n * sizeof *order);
    int *mapped = malloc((size_t)(n + 1) * sizeof *mapped);
    int *queried = malloc((size_t)(n + 1) * sizeof *queried);
    CHECK(order && mapped && queried);
    for (int i = 0; i < n; i++)
        order[i] = n - 1 - i;
    CHECK_MPI(MPI_Group_incl(world_group, n, order, &reversed));
    check_group_shape(reversed, n, n - 1 - r);
    CHECK_INT(n == 1 ? MPI_IDENT : MPI_SIMILAR, compare_groups(world_group, reversed));

    /* translate_ranks maps every rank and keeps MPI_PROC_NULL. */
    for (int i = 0; i < n; i++)
        queried[i] = i;
    queried[n] = MPI_PROC_NULL;
    CHECK_MPI(MPI_Group_translate_ranks(reversed, n + 1, queried, world_group, mapped));
    for (int i = 0; i < n; i++)
        CHECK_INT(n - 1 - i, mapped[i]);
    CHECK_INT(MPI_PROC_NULL, mapped[n]);

    /* Group_excl of rank 0: rank 0 is MPI_UNDEFINED there. */
    ranks[0] = 0;
    CHECK_MPI(MPI_Group_excl(world_group, 1, ranks, &without_zero));
    check_group_shape(without_zero, n - 1, r == 0 ? MPI_UNDEFINED : r - 1);
    ranks[0] = 0;
    CHECK_MPI(MPI_Group_translate_ranks(world_group, 1, ranks, without_zero, translated));
    CHECK_INT(MPI_UNDEFINED, translated[0]);

    /* Range constructors: evens included, evens excluded. */
    CHECK_MPI(MPI_Group_range_incl(world_group, 1, range, &evens));
    check_group_shape(evens, (n + 1) / 2, r % 2 == 0 ? r / 2 : MPI_UNDEFINED);
    CHECK_MPI(MPI_Group_range_excl(world_group, 1, range, &odds));
    check_group_shape(odds, n / 2, r % 2 == 1 ? r / 2 : MPI_UNDEFINED);

    /* Union puts evens first, so it differs from WORLD's order once there are 3 ranks. */
    CHECK_MPI(MPI_Group_union(evens, odds, &merged));
    check_group_shape(merged, n, r % 2 == 0 ? r / 2 : (n + 1) / 2 + r / 2);
    CHECK_INT(n <= 2 ? MPI_IDENT : MPI_SIMILAR, compare_groups(world_group, merged));

    CHECK_MPI(MPI_Group_intersection(world_group, evens, &common));
    CHECK_INT(MPI_IDENT, compare_groups(evens, common));
    free_group(&common);
    CHECK_MPI(MPI_Group_intersection(evens, odds, &common));
    check_group_shape(common, 0, MPI_UNDEFINED);
    CHECK_INT(MPI_IDENT, compare_groups(MPI_GROUP_EMPTY, common));

    CHECK_MPI(MPI_Group_difference(world_group, evens, &rest));
    check_group_shape(rest, n / 2, r % 2 == 1 ? r / 2 : MPI_UNDEFINED);
    if (n > 1)
        CHECK_INT(MPI_IDENT, compare_groups(odds, rest));
    CHECK_MPI(MPI_Group_difference(world_group, world_group, &empty));
    check_group_shape(empty, 0, MPI_UNDEFINED);
    if (n > 1)
        CHECK_INT(MPI_UNEQUAL, compare_groups(evens, odds));

    free(order);
    free(mapped);
    free(queried);
    free_group(&empty);
    free_group(&rest);
    free_group(&common);
    free_group(&merged);
    free_group(&odds);
    free_group(&evens);
    free_group(&without_zero);
    free_group(&reversed);
    free_group(&world_group);
}

static void check_intercomm(void)
{
    if (world_size < 2)
        return;
    /* Low half [0, n/2) and high half [n/2, n), leaders are local rank 0 of each half. */
    int half = world_size / 2;
    int low = world_rank < half;
    int local_size = low ? half : world_size - half;
    int remote_size = world_size - local_size;
    int remote_first = low ? half : 0;

    MPI_Comm local, inter, merged;
    CHECK_MPI(MPI_Comm_split(MPI_COMM_WORLD, low, world_rank, &local));
    CHECK_MPI(MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, remote_first, 21, &inter));

    int flag = -1, size = -1;
    CHECK_MPI(MPI_Comm_test_inter(inter, &flag));
    CHECK_INT(1, flag);
    check_comm_shape(inter, local_size, low ? world_rank : world_rank - half);
    CHECK_MPI(MPI_Comm_remote_size(inter, &size));
    CHECK_INT(remote_size, size);
    CHECK_INT(MPI_UNEQUAL, compare_comms(MPI_COMM_WORLD, inter));

    MPI_Group remote, world_group;
    int *remote_ranks = malloc((size_t)remote_size * sizeof *remote_ranks);
    int *world_ranks = malloc((size_t)remote_size * sizeof *world_ranks);
    CHECK(remote_ranks && world_ranks);
    CHECK_MPI(MPI_Comm_remote_group(inter, &remote));
    check_group_shape(remote, remote_size, MPI_UNDEFINED);
    CHECK_MPI(MPI_Comm_group(MPI_COMM_WORLD, &world_group));
    for (int i = 0; i < remote_size; i++)
        remote_ranks[i] = i;
    CHECK_MPI(MPI_Group_translate_ranks(remote, remote_size, remote_ranks, world_group, world_ranks));
    for (int i = 0; i < remote_size; i++)
        CHECK_INT(remote_first + i, world_ranks[i]);
    free(remote_ranks);
    free(world_ranks);
    free_group(&world_group);
    free_group(&remote);

    /* Merging with the high half ordered last restores WORLD's order. */
    CHECK_MPI(MPI_Intercomm_merge(inter, !low, &merged));
    check_comm_shape(merged, world_size, world_rank);
    CHECK_MPI(MPI_Comm_test_inter(merged, &flag));
    CHECK_INT(0, flag);
    CHECK_INT(MPI_CONGRUENT, compare_comms(MPI_COMM_WORLD, merged));

    free_comm(&merged);
    free_comm(&inter);
    free_comm(&local);
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &world_size));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank));
    CHECK(world_rank >= 0 && world_rank < world_size);

    check_names();
    check_dup_and_compare();
    check_idup();
    check_split();
    check_split_type();
    check_create_from_groups();
    check_groups();
    check_intercomm();

    check_report_ok("comm_group");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
