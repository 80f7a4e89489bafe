/*
 * Attribute caching on communicators: the predefined attributes of MPI_COMM_WORLD (MPI_TAG_UB,
 * MPI_HOST, MPI_IO, MPI_WTIME_IS_GLOBAL) with values in the application's ABI, and user keyvals with
 * the predefined callbacks (MPI_COMM_DUP_FN, MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN) and with
 * user callbacks, which must see the application's communicator and keyval and run on dup and free;
 * datatype keyvals, and window attributes (MPI_WIN_BASE ... MPI_WIN_MODEL, whose constants differ).
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

static int type_copies, type_deletions, win_deletions;
static MPI_Datatype expected_type;
static MPI_Win expected_win;

static int type_copy(MPI_Datatype old, int keyval, void *extra_state, void *in, void *out, int *flag)
{
    CHECK_HANDLE(expected_type, old);
    (void)keyval, (void)extra_state;
    *(long *)out = (long)in * 2;
    *flag = 1;
    type_copies++;
    return MPI_SUCCESS;
}

static int type_delete(MPI_Datatype type, int keyval, void *value, void *extra_state)
{
    CHECK(type != MPI_DATATYPE_NULL);
    (void)keyval, (void)value, (void)extra_state;
    type_deletions++;
    return MPI_SUCCESS;
}

static int win_delete(MPI_Win win, int keyval, void *value, void *extra_state)
{
    CHECK_HANDLE(expected_win, win);
    CHECK_INT(9, (long)value);
    (void)keyval, (void)extra_state;
    win_deletions++;
    return MPI_SUCCESS;
}

/* Datatype keyvals: user callbacks see the application's datatype; MPI_TYPE_DUP_FN copies. */
static void check_type_attributes(void)
{
    int user_key = MPI_KEYVAL_INVALID, dup_key = MPI_KEYVAL_INVALID;
    CHECK_MPI(MPI_Type_create_keyval(type_copy, type_delete, &user_key, NULL));
    CHECK_MPI(MPI_Type_create_keyval(MPI_TYPE_DUP_FN, MPI_TYPE_NULL_DELETE_FN, &dup_key, NULL));
    MPI_Datatype pair, copy;
    CHECK_MPI(MPI_Type_contiguous(2, MPI_INT, &pair));
    CHECK_MPI(MPI_Type_set_attr(pair, user_key, (void *)(long)21));
    CHECK_MPI(MPI_Type_set_attr(pair, dup_key, (void *)(long)5));
    expected_type = pair;
    CHECK_MPI(MPI_Type_dup(pair, &copy));
    CHECK_INT(1, type_copies);
    void *value = NULL;
    int flag = 0;
    CHECK_MPI(MPI_Type_get_attr(copy, user_key, &value, &flag));
    CHECK_INT(1, flag);
    CHECK_INT(42, (long)value);
    CHECK_MPI(MPI_Type_get_attr(copy, dup_key, &value, &flag));
    CHECK_INT(1, flag);
    CHECK_INT(5, (long)value);
    CHECK_MPI(MPI_Type_delete_attr(pair, user_key));
    CHECK_INT(1, type_deletions);
    CHECK_MPI(MPI_Type_free(&copy));
    CHECK_INT(2, type_deletions);
    CHECK_MPI(MPI_Type_free(&pair));
    CHECK_MPI(MPI_Type_free_keyval(&user_key));
    CHECK_MPI(MPI_Type_free_keyval(&dup_key));
    CHECK_INT(MPI_KEYVAL_INVALID, user_key);
}

/* Window attributes: the predefined ones in the application's ABI, and a user keyval. */
static void check_win_attributes(void)
{
    int *base = NULL;
    MPI_Win win;
    CHECK_MPI(MPI_Win_allocate((MPI_Aint)(4 * sizeof(int)), sizeof(int), MPI_INFO_NULL, MPI_COMM_SELF, &base, &win));
    void *value = NULL;
    int flag = 0;
    CHECK_MPI(MPI_Win_get_attr(win, MPI_WIN_BASE, &value, &flag));
    CHECK_INT(1, flag);
    CHECK(value == (void *)base);
    CHECK_MPI(MPI_Win_get_attr(win, MPI_WIN_SIZE, &value, &flag));
    CHECK_INT(1, flag);
    CHECK_INT((long)(4 * sizeof(int)), (long)*(MPI_Aint *)value);
    CHECK_MPI(MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &value, &flag));
    CHECK_INT(1, flag);
    CHECK_INT((int)sizeof(int), *(int *)value);
    CHECK_MPI(MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &value, &flag));
    CHECK_INT(1, flag);
    CHECK_INT(MPI_WIN_FLAVOR_ALLOCATE, *(int *)value);
    CHECK_MPI(MPI_Win_get_attr(win, MPI_WIN_MODEL, &value, &flag));
    CHECK_INT(1, flag);
    CHECK(*(int *)value == MPI_WIN_UNIFIED || *(int *)value == MPI_WIN_SEPARATE);

    int key = MPI_KEYVAL_INVALID;
    CHECK_MPI(MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, win_delete, &key, NULL));
    CHECK_MPI(MPI_Win_set_attr(win, key, (void *)(long)9));
    CHECK_MPI(MPI_Win_get_attr(win, key, &value, &flag));
    CHECK_INT(1, flag);
    CHECK_INT(9, (long)value);
    expected_win = win;
    CHECK_MPI(MPI_Win_free(&win));
    CHECK_INT(1, win_deletions);
    CHECK_MPI(MPI_Win_free_keyval(&key));
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
    check_type_attributes();
    check_win_attributes();

    check_report_ok("attributes");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
