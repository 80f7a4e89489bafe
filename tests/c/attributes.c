/*
 * Attribute caching on communicators: the predefined attributes of MPI_COMM_WORLD (MPI_TAG_UB,
 * MPI_HOST, MPI_IO, MPI_WTIME_IS_GLOBAL) with values in the application's ABI, and user keyvals with
 * the predefined callbacks (MPI_COMM_DUP_FN, MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN) and with
 * user callbacks, which must see the application's communicator and keyval and run on dup and free.
 */
#include "check.h"

static int world_size, world_rank;
static int copies, deletions, expected_keyval;
static MPI_Comm expected_comm;
static int extra = 42;

static int copy_plus_one(MPI_Comm oldcomm, int keyval, void *extra_state, void *in, void *out, int *flag)
{
    CHECK_HANDLE(expected_comm, oldcomm);
    CHECK_INT(expected_keyval, keyval);
    CHECK(extra_state == &extra);
    /* A call from inside the callback is translated too. */
    int size = -1;
    CHECK_MPI(MPI_Comm_size(oldcomm, &size));
    CHECK_INT(world_size, size);
    *(long *)out = (long)in + 1;
    *flag = 1;
    copies++;
    return MPI_SUCCESS;
}

static int count_deletion(MPI_Comm comm, int keyval, void *value, void *extra_state)
{
    CHECK(comm != MPI_COMM_NULL);
    CHECK_INT(expected_keyval, keyval);
    CHECK(extra_state == &extra);
    CHECK((long)value >= 100);
    deletions++;
    return MPI_SUCCESS;
}

static void check_predefined(void)
{
    int *value = NULL, flag = 0;
    CHECK_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &value, &flag));
    CHECK_INT(1, flag);
    CHECK(*value >= 32767);

    CHECK_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_HOST, &value, &flag));
    CHECK_INT(1, flag);
    CHECK(*value == MPI_PROC_NULL || (*value >= 0 && *value < world_size));

    CHECK_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_IO, &value, &flag));
    CHECK_INT(1, flag);
    CHECK(*value == MPI_ANY_SOURCE || *value == MPI_PROC_NULL || (*value >= 0 && *value < world_size));

    CHECK_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &value, &flag));
    if (flag)
        CHECK(*value == 0 || *value == 1);
}

static void check_predefined_callbacks(void)
{
    int dup_key = MPI_KEYVAL_INVALID, null_key = MPI_KEYVAL_INVALID;
    CHECK_MPI(MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &dup_key, NULL));
    CHECK_MPI(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &null_key, NULL));
    CHECK(dup_key != MPI_KEYVAL_INVALID && null_key != MPI_KEYVAL_INVALID && dup_key != null_key);

    MPI_Comm comm, dup;
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &comm));
    CHECK_MPI(MPI_Comm_set_attr(comm, dup_key, (void *)(long)7));
    CHECK_MPI(MPI_Comm_set_attr(comm, null_key, (void *)(long)8));
    CHECK_MPI(MPI_Comm_dup(comm, &dup));
    void *value = NULL;
    int flag = -1;
    CHECK_MPI(MPI_Comm_get_attr(dup, dup_key, &value, &flag));
    CHECK_INT(1, flag);
    CHECK_INT(7, (long)value); /* MPI_COMM_DUP_FN copied it */
    CHECK_MPI(MPI_Comm_get_attr(dup, null_key, &value, &flag));
    CHECK_INT(0, flag); /* MPI_COMM_NULL_COPY_FN did not */
    CHECK_MPI(MPI_Comm_delete_attr(comm, dup_key));
    CHECK_MPI(MPI_Comm_get_attr(comm, dup_key, &value, &flag));
    CHECK_INT(0, flag);

    CHECK_MPI(MPI_Comm_free(&dup));
    CHECK_MPI(MPI_Comm_free(&comm));
    CHECK_MPI(MPI_Comm_free_keyval(&dup_key));
    CHECK_MPI(MPI_Comm_free_keyval(&null_key));
    CHECK_INT(MPI_KEYVAL_INVALID, dup_key);
    CHECK_INT(MPI_KEYVAL_INVALID, null_key);
}

static void check_user_callbacks(void)
{
    int key = MPI_KEYVAL_INVALID;
    CHECK_MPI(MPI_Comm_create_keyval(copy_plus_one, count_deletion, &key, &extra));
    expected_keyval = key;

    MPI_Comm comm, dup;
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &comm));
    CHECK_MPI(MPI_Comm_set_attr(comm, key, (void *)(long)100));
    expected_comm = comm;
    CHECK_MPI(MPI_Comm_dup(comm, &dup));
    CHECK_INT(1, copies);
    void *value = NULL;
    int flag = 0;
    CHECK_MPI(MPI_Comm_get_attr(dup, key, &value, &flag));
    CHECK_INT(1, flag);
    CHECK_INT(101, (long)value);

    /* Replacing a value deletes the old one; freeing a communicator deletes its attributes. */
    CHECK_MPI(MPI_Comm_set_attr(comm, key, (void *)(long)200));
    CHECK_INT(1, deletions);
    CHECK_MPI(MPI_Comm_free(&dup));
    CHECK_INT(2, deletions);
    CHECK_MPI(MPI_Comm_delete_attr(comm, key));
    CHECK_INT(3, deletions);
    CHECK_MPI(MPI_Comm_free(&comm));
    CHECK_INT(3, deletions);
    CHECK_MPI(MPI_Comm_free_keyval(&key));
    CHECK_INT(MPI_KEYVAL_INVALID, key);
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &world_size));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank));

    check_predefined();
    check_predefined_callbacks();
    check_user_callbacks();

    check_report_ok("attributes");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
