/*
 * User-defined reduction operations: a commutative integer sum and a non-commutative
 * composition of affine maps on a derived pair type. The functions check that they are
 * called with the datatype handle the application passed in.
 */
#include "check.h"

static int n, me;
static MPI_Datatype affine_type;
static int sum_calls, affine_calls;

/* x -> a * x + b */
struct affine { int a, b; };

static void int_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    CHECK_HANDLE(MPI_INT, *type);
    const int *x = in;
    int *y = inout;
    for (int i = 0; i < *len; i++)
        y[i] += x[i];
    sum_calls++;
}

/* inout = "apply in, then inout": associative but not commutative. */
static struct affine compose(struct affine first, struct affine then)
{
    struct affine r = {first.a * then.a, then.a * first.b + then.b};
    return r;
}

static void affine_compose(void *in, void *inout, int *len, MPI_Datatype *type)
{
    CHECK_HANDLE(affine_type, *type);
    const struct affine *f = in;
    struct affine *g = inout;
    for (int i = 0; i < *len; i++)
        g[i] = compose(f[i], g[i]);
    affine_calls++;
}

static struct affine affine_of(int rank, int i)
{
    struct affine f = {rank + 2 + i, rank + 1 - i};
    return f;
}

/* Composition over ranks [0, n) in rank order. */
static struct affine expected_composition(int i)
{
    struct affine acc = affine_of(0, i);
    for (int q = 1; q < n; q++)
        acc = compose(acc, affine_of(q, i));
    return acc;
}

#define PAIRS 3

static void check_affine(MPI_Op op)
{
    struct affine send[PAIRS], recv[PAIRS];
    for (int i = 0; i < PAIRS; i++) {
        send[i] = affine_of(me, i);
        recv[i].a = recv[i].b = -1;
    }
    int root = n - 1;
    CHECK_MPI(MPI_Reduce(send, recv, PAIRS, affine_type, op, root, MPI_COMM_WORLD));
    for (int i = 0; i < PAIRS; i++) {
        struct affine e = expected_composition(i);
        CHECK_INT(me == root ? e.a : -1, recv[i].a);
        CHECK_INT(me == root ? e.b : -1, recv[i].b);
    }
    CHECK_MPI(MPI_Allreduce(send, recv, PAIRS, affine_type, op, MPI_COMM_WORLD));
    for (int i = 0; i < PAIRS; i++) {
        struct affine e = expected_composition(i);
        CHECK_INT(e.a, recv[i].a);
        CHECK_INT(e.b, recv[i].b);
    }

    /* Locally: (x -> 2x + 1) then (x -> 3x + 4) is x -> 6x + 7. */
    struct affine f = {2, 1}, g = {3, 4};
    affine_calls = 0;
    CHECK_MPI(MPI_Reduce_local(&f, &g, 1, affine_type, op));
    CHECK_INT(1, affine_calls);
    CHECK_INT(6, g.a);
    CHECK_INT(7, g.b);
}

static void check_sum(MPI_Op op)
{
    int send[2] = {me + 1, 10 * me}, recv[2] = {-1, -1};
    CHECK_MPI(MPI_Allreduce(send, recv, 2, MPI_INT, op, MPI_COMM_WORLD));
    CHECK_INT(n * (n + 1) / 2, recv[0]);
    CHECK_INT(10 * n * (n - 1) / 2, recv[1]);

    MPI_Request request;
    recv[0] = recv[1] = -1;
    CHECK_MPI(MPI_Iallreduce(send, recv, 2, MPI_INT, op, MPI_COMM_WORLD, &request));
    CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));
    CHECK_INT(n * (n + 1) / 2, recv[0]);
    CHECK_INT(10 * n * (n - 1) / 2, recv[1]);

    recv[0] = recv[1] = -1;
    CHECK_MPI(MPI_Reduce(send, recv, 2, MPI_INT, op, 0, MPI_COMM_WORLD));
    CHECK_INT(me == 0 ? n * (n + 1) / 2 : -1, recv[0]);

    int in[3] = {1, 2, 3}, inout[3] = {10, 20, 30};
    sum_calls = 0;
    CHECK_MPI(MPI_Reduce_local(in, inout, 3, MPI_INT, op));
    CHECK_INT(1, sum_calls);
    CHECK_INT(11, inout[0]);
    CHECK_INT(22, inout[1]);
    CHECK_INT(33, inout[2]);
}

/*
 * Callbacks reach user code through trampolines chosen from fixed tables, never through code written
 * at run time: while user operations exist, the process has no executable mapping that is not a
 * file (the kernel's [vdso]/[vsyscall] aside).
 */
static void check_no_executable_anonymous_memory(void)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    CHECK(maps != NULL);
    char line[1024];
    /* Under valgrind (its preload libraries are mapped) the process runs translated code valgrind
     * writes itself: nothing to learn about ours. */
    while (fgets(line, sizeof line, maps)) {
        if (strstr(line, "vgpreload_") != NULL) {
            fclose(maps);
            return;
        }
    }
    rewind(maps);
    while (fgets(line, sizeof line, maps)) {
        char perms[8] = "";
        unsigned long inode = 1;
        int path_at = 0;
        if (sscanf(line, "%*x-%*x %7s %*x %*x:%*x %lu %n", perms, &inode, &path_at) < 2)
            continue;
        const char *path = path_at > 0 ? line + path_at : "";
        if (strchr(perms, 'x') == NULL || strncmp(path, "[vdso]", 6) == 0 || strncmp(path, "[vsyscall]", 10) == 0)
            continue;
        if (inode == 0) {
            fprintf(stderr, "executable anonymous mapping: %s", line);
            CHECK(inode != 0);
        }
    }
    fclose(maps);
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &n));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &me));
    CHECK_MPI(MPI_Type_contiguous(2, MPI_INT, &affine_type));
    CHECK_MPI(MPI_Type_commit(&affine_type));

    MPI_Op sum, affine;
    int commutative = -1;
    CHECK_MPI(MPI_Op_create(int_sum, 1, &sum));
    CHECK_MPI(MPI_Op_create(affine_compose, 0, &affine));
    CHECK_MPI(MPI_Op_commutative(sum, &commutative));
    CHECK_INT(1, commutative);
    CHECK_MPI(MPI_Op_commutative(affine, &commutative));
    CHECK_INT(0, commutative);
    CHECK_MPI(MPI_Op_commutative(MPI_SUM, &commutative));
    CHECK_INT(1, commutative);

    check_sum(sum);
    check_affine(affine);
    check_no_executable_anonymous_memory();

    CHECK_MPI(MPI_Op_free(&sum));
    CHECK_HANDLE(MPI_OP_NULL, sum);
    CHECK_MPI(MPI_Op_free(&affine));
    CHECK_HANDLE(MPI_OP_NULL, affine);
    CHECK_MPI(MPI_Type_free(&affine_type));

    check_report_ok("user_ops");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
