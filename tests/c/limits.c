/*
 * Strings at the application's own limits, which the runtime's may be below (an MPICH application
 * on Open MPI: info keys of 254 characters where Open MPI holds 35, values of 1023 where it holds 255,
 * object names of 127 where it keeps 63): every getter sees what was set. Sizes come from this
 * program's mpi.h, so every length is valid natively in each family.
 */
#include "check.h"

#include <unistd.h>

#define KEY_LENGTH (MPI_MAX_INFO_KEY - 1)
#define VALUE_LENGTH (MPI_MAX_INFO_VAL - 1)
#define NAME_LENGTH (MPI_MAX_OBJECT_NAME - 1)

/* A string of n characters cycling through letters from first, so that a cut or shifted copy differs. */
static char *pattern(int n, char first)
{
    char *s = malloc((size_t)n + 1);
    CHECK(s != NULL);
    for (int i = 0; i < n; i++)
        s[i] = (char)('a' + (first - 'a' + i) % 26);
    s[n] = '\0';
    return s;
}

static void check_entry(MPI_Info info, const char *key, const char *expected)
{
    int flag = -1, length = -1;
    char *value = malloc(MPI_MAX_INFO_VAL + 1);
    CHECK(value != NULL);
    CHECK_MPI(MPI_Info_get_valuelen(info, key, &length, &flag));
    CHECK_INT(1, flag);
    CHECK_INT((int)strlen(expected), length);
    flag = -1;
    memset(value, 'X', MPI_MAX_INFO_VAL + 1);
    CHECK_MPI(MPI_Info_get(info, key, MPI_MAX_INFO_VAL, value, &flag));
    CHECK_INT(1, flag);
    CHECK_STR(expected, value);
#if MPI_VERSION >= 4
    int buflen = 0;
    flag = -1;
    CHECK_MPI(MPI_Info_get_string(info, key, &buflen, value, &flag));
    CHECK_INT(1, flag);
    CHECK_INT((int)strlen(expected) + 1, buflen);
    buflen = MPI_MAX_INFO_VAL;
    CHECK_MPI(MPI_Info_get_string(info, key, &buflen, value, &flag));
    CHECK_INT(1, flag);
    CHECK_STR(expected, value);
#endif
    free(value);
}

static void check_unset(MPI_Info info, const char *key)
{
    int flag = -1, length = -1;
    char value[8];
    CHECK_MPI(MPI_Info_get_valuelen(info, key, &length, &flag));
    CHECK_INT(0, flag);
    flag = -1;
    CHECK_MPI(MPI_Info_get(info, key, (int)sizeof value - 1, value, &flag));
    CHECK_INT(0, flag);
}

static void check_keys(MPI_Info info, int n, const char *const *keys)
{
    int nkeys = -1;
    char key[MPI_MAX_INFO_KEY];
    CHECK_MPI(MPI_Info_get_nkeys(info, &nkeys));
    CHECK_INT(n, nkeys);
    for (int i = 0; i < n; i++) {
        memset(key, 'X', sizeof key);
        CHECK_MPI(MPI_Info_get_nthkey(info, i, key));
        CHECK_STR(keys[i], key);
    }
    CHECK(MPI_Info_get_nthkey(info, n, key) != MPI_SUCCESS);
}

static void info_entries(void)
{
    char *long_key = pattern(KEY_LENGTH, 'k');
    char *other_long_key = pattern(KEY_LENGTH, 'q');
    char *long_value = pattern(VALUE_LENGTH, 'v');
    char *other_long_value = pattern(VALUE_LENGTH, 'w');
    MPI_Info info, copy;
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "first", "1"));
    CHECK_MPI(MPI_Info_set(info, long_key, "kept"));
    CHECK_MPI(MPI_Info_set(info, "short_key", long_value));
    CHECK_MPI(MPI_Info_set(info, "last", "z"));
    const char *const four[] = {"first", long_key, "short_key", "last"};
    check_keys(info, 4, four);
    check_entry(info, "first", "1");
    check_entry(info, long_key, "kept");
    check_entry(info, "short_key", long_value);
    check_entry(info, "last", "z");
    check_unset(info, other_long_key);

    /* a new value keeps the key's place */
    CHECK_MPI(MPI_Info_set(info, long_key, other_long_value));
    CHECK_MPI(MPI_Info_set(info, "short_key", "short again"));
    check_keys(info, 4, four);
    check_entry(info, long_key, other_long_value);
    check_entry(info, "short_key", "short again");

    /* the copy has every entry; deleting from it leaves the original alone */
    CHECK_MPI(MPI_Info_dup(info, &copy));
    check_keys(copy, 4, four);
    check_entry(copy, long_key, other_long_value);
    CHECK_MPI(MPI_Info_delete(copy, long_key));
    const char *const three[] = {"first", "short_key", "last"};
    check_keys(copy, 3, three);
    check_unset(copy, long_key);
    CHECK_ERROR_CLASS(MPI_ERR_INFO_NOKEY, MPI_Info_delete(copy, long_key));
    CHECK_ERROR_CLASS(MPI_ERR_INFO_NOKEY, MPI_Info_delete(copy, other_long_key));
    CHECK_MPI(MPI_Info_set(copy, other_long_key, long_value));
    const char *const appended[] = {"first", "short_key", "last", other_long_key};
    check_keys(copy, 4, appended);
    check_entry(copy, other_long_key, long_value);
    check_keys(info, 4, four);
    check_entry(info, long_key, other_long_value);
    check_unset(info, other_long_key);

    /* calls that take the info: the runtime gets what it can hold */
    MPI_Comm comm;
    MPI_Info used;
    CHECK_MPI(MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &comm));
    CHECK_MPI(MPI_Comm_set_info(comm, copy));
    CHECK_MPI(MPI_Comm_get_info(comm, &used));
    CHECK_MPI(MPI_Info_free(&used));
    CHECK_MPI(MPI_Comm_free(&comm));
    int *memory;
    MPI_Win win;
    CHECK_MPI(MPI_Win_allocate((MPI_Aint)sizeof(int), sizeof(int), info, MPI_COMM_SELF, &memory, &win));
    CHECK_MPI(MPI_Win_get_info(win, &used));
    CHECK_MPI(MPI_Info_free(&used));
    CHECK_MPI(MPI_Win_free(&win));
    int rank;
    char path[64];
    MPI_File file;
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    snprintf(path, sizeof path, "/tmp/wi4mpi-limits-%d-%d.tmp", (int)getpid(), rank);
    CHECK_MPI(MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_CREATE | MPI_MODE_WRONLY | MPI_MODE_DELETE_ON_CLOSE,
                            copy, &file));
    CHECK_MPI(MPI_File_set_info(file, info));
    CHECK_MPI(MPI_File_get_info(file, &used));
    CHECK_MPI(MPI_Info_free(&used));
    CHECK_MPI(MPI_File_close(&file));

    CHECK_MPI(MPI_Info_free(&copy));
    CHECK_HANDLE(MPI_INFO_NULL, copy);
    CHECK_MPI(MPI_Info_free(&info));
    CHECK_HANDLE(MPI_INFO_NULL, info);

    /* a new info (perhaps at a freed one's place) has nothing of the old ones */
    CHECK_MPI(MPI_Info_create(&info));
    check_keys(info, 0, four);
    check_unset(info, long_key);
    check_unset(info, other_long_key);
    CHECK_MPI(MPI_Info_free(&info));

    free(long_key);
    free(other_long_key);
    free(long_value);
    free(other_long_value);
}

/* Beyond the application's own limits a key or value fails as its MPI says. */
static void info_beyond(void)
{
    char *too_long_key = pattern(MPI_MAX_INFO_KEY + 1, 'k');
    char *long_key = pattern(KEY_LENGTH, 'k');
    char *too_long_value = pattern(MPI_MAX_INFO_VAL + 1, 'v');
    MPI_Info info;
    int flag = -1;
    char value[8];
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_ERROR_CLASS(MPI_ERR_INFO_KEY, MPI_Info_set(info, too_long_key, "x"));
    CHECK_ERROR_CLASS(MPI_ERR_INFO_VALUE, MPI_Info_set(info, "key", too_long_value));
    CHECK_ERROR_CLASS(MPI_ERR_INFO_VALUE, MPI_Info_set(info, long_key, too_long_value));
    CHECK_ERROR_CLASS(MPI_ERR_INFO_KEY, MPI_Info_get(info, too_long_key, (int)sizeof value - 1, value, &flag));
    CHECK_ERROR_CLASS(MPI_ERR_INFO_KEY, MPI_Info_delete(info, too_long_key));
    CHECK_ERROR_CLASS(MPI_ERR_INFO_NOKEY, MPI_Info_delete(info, long_key));
    /* with a long entry kept, the same */
    CHECK_MPI(MPI_Info_set(info, long_key, "kept"));
    CHECK_ERROR_CLASS(MPI_ERR_INFO_KEY, MPI_Info_set(info, too_long_key, "x"));
    CHECK_ERROR_CLASS(MPI_ERR_INFO_VALUE, MPI_Info_set(info, long_key, too_long_value));
    CHECK_ERROR_CLASS(MPI_ERR_INFO_KEY, MPI_Info_get(info, too_long_key, (int)sizeof value - 1, value, &flag));
    CHECK_ERROR_CLASS(MPI_ERR_INFO_KEY, MPI_Info_set(info, "", "x"));
    check_entry(info, long_key, "kept");
    int nkeys = -1;
    CHECK_MPI(MPI_Info_get_nkeys(info, &nkeys));
    CHECK_INT(1, nkeys);
    CHECK_MPI(MPI_Info_free(&info));
    free(too_long_key);
    free(long_key);
    free(too_long_value);
}

static void check_name(const char *expected, int (*get)(void *, char *, int *), void *object)
{
    char name[MPI_MAX_OBJECT_NAME + 16];
    int length = -1;
    memset(name, 'X', sizeof name);
    CHECK_MPI(get(object, name, &length));
    CHECK_STR(expected, name);
    CHECK_INT((int)strlen(expected), length);
}

static int get_comm_name(void *object, char *name, int *length)
{
    return MPI_Comm_get_name(*(MPI_Comm *)object, name, length);
}

static int get_type_name(void *object, char *name, int *length)
{
    return MPI_Type_get_name(*(MPI_Datatype *)object, name, length);
}

static int get_win_name(void *object, char *name, int *length)
{
    return MPI_Win_get_name(*(MPI_Win *)object, name, length);
}

static void object_names(void)
{
    char *long_name = pattern(NAME_LENGTH, 'n');
    char *too_long_name = pattern(MPI_MAX_OBJECT_NAME + 10, 'm');
    char cut[MPI_MAX_OBJECT_NAME];
    memcpy(cut, too_long_name, NAME_LENGTH);
    cut[NAME_LENGTH] = '\0';

    MPI_Comm comm;
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &comm));
    CHECK_MPI(MPI_Comm_set_name(comm, long_name));
    check_name(long_name, get_comm_name, &comm);
    CHECK_MPI(MPI_Comm_set_name(comm, too_long_name)); /* cut to the application's length */
    check_name(cut, get_comm_name, &comm);
    CHECK_MPI(MPI_Comm_set_name(comm, "short"));
    check_name("short", get_comm_name, &comm);
    CHECK_MPI(MPI_Comm_set_name(comm, long_name));
    CHECK_MPI(MPI_Comm_free(&comm));
    /* a new communicator (perhaps at the freed one's place) does not have its name */
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &comm));
    char name[MPI_MAX_OBJECT_NAME];
    int length = -1;
    CHECK_MPI(MPI_Comm_get_name(comm, name, &length));
    CHECK(strcmp(name, long_name) != 0);
    CHECK_MPI(MPI_Comm_free(&comm));

    MPI_Datatype type;
    CHECK_MPI(MPI_Type_contiguous(3, MPI_INT, &type));
    CHECK_MPI(MPI_Type_set_name(type, long_name));
    check_name(long_name, get_type_name, &type);
    CHECK_MPI(MPI_Type_commit(&type));
    check_name(long_name, get_type_name, &type);
    CHECK_MPI(MPI_Type_free(&type));
    CHECK_MPI(MPI_Type_contiguous(3, MPI_INT, &type));
    CHECK_MPI(MPI_Type_get_name(type, name, &length));
    CHECK(strcmp(name, long_name) != 0);
    CHECK_MPI(MPI_Type_free(&type));

    int *memory;
    MPI_Win win;
    CHECK_MPI(MPI_Win_allocate((MPI_Aint)(4 * sizeof(int)), sizeof(int), MPI_INFO_NULL, MPI_COMM_SELF, &memory, &win));
    CHECK_MPI(MPI_Win_set_name(win, long_name));
    check_name(long_name, get_win_name, &win);
    CHECK_MPI(MPI_Win_free(&win));

    free(long_name);
    free(too_long_name);
}

/* Strings the runtime writes: never more than the application's buffer holds. */
static void runtime_strings(void)
{
    char processor[MPI_MAX_PROCESSOR_NAME + 16];
    char version[MPI_MAX_LIBRARY_VERSION_STRING + 16];
    char error[MPI_MAX_ERROR_STRING + 16];
    int length = -1;
    memset(processor, 'C', sizeof processor);
    CHECK_MPI(MPI_Get_processor_name(processor, &length));
    CHECK((size_t)length == strlen(processor) && length < MPI_MAX_PROCESSOR_NAME);
    for (size_t i = MPI_MAX_PROCESSOR_NAME; i < sizeof processor; i++)
        CHECK(processor[i] == 'C');
    memset(version, 'C', sizeof version);
    CHECK_MPI(MPI_Get_library_version(version, &length));
    /* Open MPI 4.1 counts the null in the length */
    CHECK(strlen(version) < MPI_MAX_LIBRARY_VERSION_STRING && length <= MPI_MAX_LIBRARY_VERSION_STRING);
    for (size_t i = MPI_MAX_LIBRARY_VERSION_STRING; i < sizeof version; i++)
        CHECK(version[i] == 'C');
    memset(error, 'C', sizeof error);
    CHECK_MPI(MPI_Error_string(MPI_ERR_INFO_NOKEY, error, &length));
    CHECK((size_t)length == strlen(error) && length < MPI_MAX_ERROR_STRING);
    for (size_t i = MPI_MAX_ERROR_STRING; i < sizeof error; i++)
        CHECK(error[i] == 'C');
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    /* info errors are raised on MPI_COMM_WORLD (MPI-3) or MPI_COMM_SELF (MPI-4) */
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));
    info_entries();
    info_beyond();
    object_names();
    runtime_strings();
    check_report_ok("limits");
    MPI_Finalize();
    return 0;
}
