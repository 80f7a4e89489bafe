/*
 * Hardware splits of MPI_Comm_split_type across ABIs: MPI-4.0's MPI_COMM_TYPE_HW_GUIDED with an
 * mpi_hw_resource_type (MPICH, the standard ABI) and Open MPI's OMPI_COMM_TYPE_* reach a runtime that
 * names the same split the other way (mappers.json guided_by_info).
 *
 * Each rank binds itself to one processor of the set it inherits before MPI_Init, chosen by its rank
 * in the launcher's environment: MPICH splits by the binding it finds at MPI_Init, Open MPI by its
 * launcher's, and under either every member of a per-thread communicator shares the caller's processor.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>

#include "check_lacking.h"

static int world_rank;
static MPI_Comm shared;
/* Whether a per-processor split may be MPI_COMM_NULL: MPICH 4.0 answers a guided split that would hold
 * the whole parent communicator so (every split of a single rank), natively too. */
static int whole_world_on_one_processor;

static void bind_to_one_processor(void)
{
    const char *rank = getenv("PMI_RANK"); /* MPICH's hydra */
    if (rank == NULL)
        rank = getenv("OMPI_COMM_WORLD_RANK");
    cpu_set_t set;
    CHECK(sched_getaffinity(0, sizeof set, &set) == 0);
    int want = (rank == NULL ? 0 : atoi(rank)) % CPU_COUNT(&set), seen = -1;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (CPU_ISSET(cpu, &set) && ++seen == want) {
            CPU_ZERO(&set);
            CPU_SET(cpu, &set);
            CHECK(sched_setaffinity(0, sizeof set, &set) == 0);
            return;
        }
    }
}

/* Every member of comm is a member of the shared-memory communicator. */
static void check_within_shared(MPI_Comm comm)
{
    MPI_Group group, shared_group;
    int size = -1;
    CHECK_MPI(MPI_Comm_group(comm, &group));
    CHECK_MPI(MPI_Comm_group(shared, &shared_group));
    CHECK_MPI(MPI_Group_size(group, &size));
    CHECK(size >= 1);
    int *ranks = malloc((size_t)size * sizeof *ranks), *in_shared = malloc((size_t)size * sizeof *in_shared);
    CHECK(ranks != NULL && in_shared != NULL);
    for (int i = 0; i < size; i++)
        ranks[i] = i;
    CHECK_MPI(MPI_Group_translate_ranks(group, size, ranks, shared_group, in_shared));
    for (int i = 0; i < size; i++)
        CHECK(in_shared[i] != MPI_UNDEFINED);
    free(ranks);
    free(in_shared);
    CHECK_MPI(MPI_Group_free(&group));
    CHECK_MPI(MPI_Group_free(&shared_group));
}

/* Whether every member of comm runs on the caller's processor. */
static int all_on_my_processor(MPI_Comm comm)
{
    int size = -1, mine = sched_getcpu(), same = 0;
    CHECK(mine >= 0);
    CHECK_MPI(MPI_Comm_size(comm, &size));
    int *cpus = malloc((size_t)size * sizeof *cpus);
    CHECK(cpus != NULL);
    CHECK_MPI(MPI_Allgather(&mine, 1, MPI_INT, cpus, 1, MPI_INT, comm));
    for (int i = 0; i < size; i++)
        same += cpus[i] == mine;
    free(cpus);
    return same == size;
}

static void check_congruent_to_shared(MPI_Comm comm)
{
    int result = -1;
    CHECK(comm != MPI_COMM_NULL);
    CHECK_MPI(MPI_Comm_compare(shared, comm, &result));
    CHECK_INT(MPI_CONGRUENT, result);
}

/* What a hardware split gives: a communicator within the shared-memory one, on one processor when
 * per_processor; MPI_COMM_NULL only when may_be_null: Open MPI makes every split, MPICH 4.0 none that
 * would hold every rank (all of them on one core, in one cache, package or machine). */
static void check_split(MPI_Comm comm, int per_processor, int may_be_null)
{
    if (comm == MPI_COMM_NULL) {
        CHECK(may_be_null);
        return;
    }
    check_within_shared(comm);
    if (per_processor)
        CHECK(all_on_my_processor(comm));
    CHECK_MPI(MPI_Comm_free(&comm));
}

#ifdef MPI_COMM_TYPE_HW_GUIDED
static MPI_Comm split_guided(const char *resource)
{
    MPI_Info info;
    MPI_Comm comm = MPI_COMM_WORLD;
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "mpi_hw_resource_type", resource));
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, world_rank, info, &comm));
    CHECK_MPI(MPI_Info_free(&info));
    return comm;
}

/* MPICH's resource names (hwloc's object types); on Open MPI 4.1, its OMPI_COMM_TYPE_* of the same
 * resource, where an unknown name would give MPI_COMM_NULL. */
static void check_guided(void)
{
    const int open_mpi = check_runtime_is_open_mpi();
    check_split(split_guided("hwthread"), 1, !open_mpi && whole_world_on_one_processor);
    static const char *const resources[] = {"core", "l1cache", "l2cache", "l3cache", "socket", "package", "numanode", "numa"};
    for (int i = 0; i < 8; i++)
        check_split(split_guided(resources[i]), 0, !open_mpi);
    MPI_Comm machine = split_guided("machine");
    if (open_mpi || machine != MPI_COMM_NULL) {
        check_congruent_to_shared(machine);
        CHECK_MPI(MPI_Comm_free(&machine));
    }

    /* No info, or an info without the key: MPI_COMM_NULL (MPI-4.0). */
    MPI_Comm none = MPI_COMM_WORLD;
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, world_rank, MPI_INFO_NULL, &none));
    CHECK_HANDLE(MPI_COMM_NULL, none);
    MPI_Info other;
    CHECK_MPI(MPI_Info_create(&other));
    CHECK_MPI(MPI_Info_set(other, "shmem_topo", "core"));
    none = MPI_COMM_WORLD;
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, world_rank, other, &none));
    CHECK_HANDLE(MPI_COMM_NULL, none);
    CHECK_MPI(MPI_Info_free(&other));
}
#endif

#ifdef OPEN_MPI
static MPI_Comm split_open_mpi(int type, MPI_Info info)
{
    MPI_Comm comm = MPI_COMM_WORLD;
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, type, world_rank, info, &comm));
    return comm;
}

/* Open MPI's own hardware types: on MPICH, its MPI_COMM_TYPE_HW_GUIDED with the resource's name in an
 * info of wi4mpi's (the application's info left as it was), OMPI_COMM_TYPE_BOARD its shared split. */
static void check_open_mpi_types(void)
{
    const int open_mpi = check_runtime_is_open_mpi();
    MPI_Info info;
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "wi4mpi_test", "kept"));
    check_split(split_open_mpi(OMPI_COMM_TYPE_HWTHREAD, info), 1, !open_mpi && whole_world_on_one_processor);
    check_split(split_open_mpi(OMPI_COMM_TYPE_CORE, info), 0, !open_mpi);
    int nkeys = -1, flag = -1;
    char value[MPI_MAX_INFO_VAL + 1];
    CHECK_MPI(MPI_Info_get_nkeys(info, &nkeys));
    CHECK_INT(1, nkeys);
    CHECK_MPI(MPI_Info_get(info, "mpi_hw_resource_type", MPI_MAX_INFO_VAL, value, &flag));
    CHECK_INT(0, flag);
    CHECK_MPI(MPI_Info_free(&info));

    static const int types[] = {OMPI_COMM_TYPE_L1CACHE, OMPI_COMM_TYPE_L2CACHE, OMPI_COMM_TYPE_L3CACHE,
                                OMPI_COMM_TYPE_SOCKET, OMPI_COMM_TYPE_NUMA};
    for (int i = 0; i < 5; i++)
        check_split(split_open_mpi(types[i], MPI_INFO_NULL), 0, !open_mpi);
    MPI_Comm board = split_open_mpi(OMPI_COMM_TYPE_BOARD, MPI_INFO_NULL);
    check_congruent_to_shared(board);
    CHECK_MPI(MPI_Comm_free(&board));
}
#endif

int main(int argc, char **argv)
{
    bind_to_one_processor();
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank));
    whole_world_on_one_processor = all_on_my_processor(MPI_COMM_WORLD);
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world_rank, MPI_INFO_NULL, &shared));
    CHECK(shared != MPI_COMM_NULL);

#ifdef MPI_COMM_TYPE_HW_GUIDED
    check_guided();
#endif
#ifdef OPEN_MPI
    check_open_mpi_types();
#endif

    CHECK_MPI(MPI_Comm_free(&shared));
    check_report_ok("split_hardware");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
