/*
 * MPI tool information interface (MPI_T): control variables, performance variables,
 * enumerations and categories, discovered by iterating (their names and indices belong to
 * the MPI library), with the constants that describe them (verbosity, bind, scope, class),
 * handles, reads and writes, nested MPI_T_init_thread/MPI_T_finalize, and errors.
 *
 * Every rank runs the same checks on its own MPI_T state; nothing is exchanged.
 *
 * Each provoked error must return the exact MPI_T_ERR_* code the library gives natively (built
 * with -DMPI_T_EXACT_ERRORS=0, only that the call fails).
 */
#include "check.h"

#ifndef MPI_T_EXACT_ERRORS
#define MPI_T_EXACT_ERRORS 1
#endif

#define NAME_MAX_LEN 256
#define DESC_MAX_LEN 1024

/* At most this many variables are read through handles; every variable is described. */
#define MAX_CVAR_READS 64

/* rc reports an MPI_T error: one of the given codes (the second may repeat the first). */
#define CHECK_T_ERROR(rc, code, alt) check_t_error(__FILE__, __LINE__, #rc, (rc), (code), (alt))
static void check_t_error(const char *file, int line, const char *what, int rc, int code, int alt)
{
    char detail[128];
    if (rc == MPI_SUCCESS) {
        snprintf(detail, sizeof detail, "(expected an error, got MPI_SUCCESS)");
        check_report(file, line, what, detail);
    }
    if (MPI_T_EXACT_ERRORS && rc != code && rc != alt) {
        snprintf(detail, sizeof detail, "(expected MPI_T error %d or %d, got %d)", code, alt, rc);
        check_report(file, line, what, detail);
    }
}

static int is_verbosity(int v)
{
    return v == MPI_T_VERBOSITY_USER_BASIC || v == MPI_T_VERBOSITY_USER_DETAIL ||
           v == MPI_T_VERBOSITY_USER_ALL || v == MPI_T_VERBOSITY_TUNER_BASIC ||
           v == MPI_T_VERBOSITY_TUNER_DETAIL || v == MPI_T_VERBOSITY_TUNER_ALL ||
           v == MPI_T_VERBOSITY_MPIDEV_BASIC || v == MPI_T_VERBOSITY_MPIDEV_DETAIL ||
           v == MPI_T_VERBOSITY_MPIDEV_ALL;
}

static int is_bind(int b)
{
    return b == MPI_T_BIND_NO_OBJECT || b == MPI_T_BIND_MPI_COMM || b == MPI_T_BIND_MPI_DATATYPE ||
           b == MPI_T_BIND_MPI_ERRHANDLER || b == MPI_T_BIND_MPI_FILE || b == MPI_T_BIND_MPI_GROUP ||
           b == MPI_T_BIND_MPI_OP || b == MPI_T_BIND_MPI_REQUEST || b == MPI_T_BIND_MPI_WIN ||
           b == MPI_T_BIND_MPI_MESSAGE || b == MPI_T_BIND_MPI_INFO;
}

static int is_scope(int s)
{
    return s == MPI_T_SCOPE_CONSTANT || s == MPI_T_SCOPE_READONLY || s == MPI_T_SCOPE_LOCAL ||
           s == MPI_T_SCOPE_GROUP || s == MPI_T_SCOPE_GROUP_EQ || s == MPI_T_SCOPE_ALL ||
           s == MPI_T_SCOPE_ALL_EQ;
}

static int is_pvar_class(int c)
{
    return c == MPI_T_PVAR_CLASS_STATE || c == MPI_T_PVAR_CLASS_LEVEL || c == MPI_T_PVAR_CLASS_SIZE ||
           c == MPI_T_PVAR_CLASS_PERCENTAGE || c == MPI_T_PVAR_CLASS_HIGHWATERMARK ||
           c == MPI_T_PVAR_CLASS_LOWWATERMARK || c == MPI_T_PVAR_CLASS_COUNTER ||
           c == MPI_T_PVAR_CLASS_AGGREGATE || c == MPI_T_PVAR_CLASS_TIMER ||
           c == MPI_T_PVAR_CLASS_GENERIC;
}

/* The size of one element of an MPI_T variable, or 0 for a datatype MPI_T does not use (MPI 3.1
 * table 14.3 allows MPI_INT, MPI_UNSIGNED, MPI_UNSIGNED_LONG, MPI_UNSIGNED_LONG_LONG, MPI_COUNT,
 * MPI_CHAR and MPI_DOUBLE; Open MPI adds MPI_C_BOOL). */
static size_t element_size(MPI_Datatype datatype)
{
    if (datatype == MPI_INT)
        return sizeof(int);
    if (datatype == MPI_UNSIGNED)
        return sizeof(unsigned);
    if (datatype == MPI_UNSIGNED_LONG)
        return sizeof(unsigned long);
    if (datatype == MPI_UNSIGNED_LONG_LONG)
        return sizeof(unsigned long long);
    if (datatype == MPI_COUNT)
        return sizeof(MPI_Count);
    if (datatype == MPI_CHAR)
        return 1;
    if (datatype == MPI_DOUBLE)
        return sizeof(double);
    if (datatype == MPI_C_BOOL) /* Open MPI's boolean variables */
        return sizeof(_Bool);
    return 0;
}

static void check_name(const char *name, int name_len)
{
    CHECK(name[0] != '\0');
    CHECK_INT((long long)strlen(name) + 1, name_len);
}

/* An enumeration: its items have names, and item indices past the end are errors. Returns
 * whether value is one of the item values. */
static int check_enum(MPI_T_enum enumtype, int value)
{
    char name[NAME_MAX_LEN];
    int name_len = NAME_MAX_LEN, num = -1, found = 0;

    CHECK_MPI(MPI_T_enum_get_info(enumtype, &num, name, &name_len));
    check_name(name, name_len);
    CHECK(num > 0);
    for (int i = 0; i < num; i++) {
        int item_value = 0;
        name_len = NAME_MAX_LEN;
        CHECK_MPI(MPI_T_enum_get_item(enumtype, i, &item_value, name, &name_len));
        CHECK_INT((long long)strlen(name) + 1, name_len);
        if (item_value == value)
            found = 1;
    }
    name_len = NAME_MAX_LEN;
    int item_value = 0;
    CHECK_T_ERROR(MPI_T_enum_get_item(enumtype, num, &item_value, name, &name_len),
                  MPI_T_ERR_INVALID_ITEM, MPI_T_ERR_INVALID_INDEX);
    return found;
}

/* Reads an unbound control variable; for MPI_INT ones the value is written back unchanged and
 * read again. Returns whether the write succeeded. */
static int read_cvar(int index, MPI_Datatype datatype, MPI_T_enum enumtype, int scope)
{
    MPI_T_cvar_handle handle = MPI_T_CVAR_HANDLE_NULL;
    int count = -1, written = 0;
    size_t size = element_size(datatype);

    CHECK_MPI(MPI_T_cvar_handle_alloc(index, NULL, &handle, &count));
    CHECK(handle != MPI_T_CVAR_HANDLE_NULL);
    CHECK(count >= 1);
    unsigned char *buf = calloc((size_t)count + 1, size);
    unsigned char *again = calloc((size_t)count + 1, size);
    CHECK(buf != NULL && again != NULL);
    memset(buf, 0xa5, (size_t)(count + 1) * size);
    memcpy(again, buf, (size_t)(count + 1) * size);
    CHECK_MPI(MPI_T_cvar_read(handle, buf));
    if (datatype != MPI_CHAR) {
        /* exactly count elements are written: the one past the end keeps its fill */
        for (size_t b = (size_t)count * size; b < (size_t)(count + 1) * size; b++)
            CHECK_INT(0xa5, buf[b]);
    } else {
        CHECK(memchr(buf, '\0', (size_t)count) != NULL); /* a string within count chars */
    }
    CHECK_MPI(MPI_T_cvar_read(handle, again));
    CHECK(memcmp(buf, again, (size_t)count * size) == 0);
    if (enumtype != MPI_T_ENUM_NULL) {
        /* an int or boolean value is one of the enumeration's items */
        if (datatype == MPI_INT)
            CHECK(check_enum(enumtype, *(int *)buf));
        else if (datatype == MPI_C_BOOL)
            CHECK(check_enum(enumtype, (int)*(_Bool *)buf));
        else
            (void)check_enum(enumtype, 0);
    }
    if (datatype == MPI_INT && count == 1 && scope != MPI_T_SCOPE_CONSTANT &&
        scope != MPI_T_SCOPE_READONLY) {
        int value = *(int *)buf, now = value + 1;
        if (MPI_T_cvar_write(handle, &value) == MPI_SUCCESS) {
            CHECK_MPI(MPI_T_cvar_read(handle, &now));
            CHECK_INT(value, now);
            written = 1;
        }
    }
    free(buf);
    free(again);
    CHECK_MPI(MPI_T_cvar_handle_free(&handle));
    CHECK(handle == MPI_T_CVAR_HANDLE_NULL);
    return written;
}

static void check_cvars(void)
{
    int num = -1, described = 0, reads = 0, writes = 0, enums = 0;
    char name[NAME_MAX_LEN], desc[DESC_MAX_LEN];

    CHECK_MPI(MPI_T_cvar_get_num(&num));
    CHECK(num > 0);
    for (int i = 0; i < num; i++) {
        int name_len = NAME_MAX_LEN, desc_len = DESC_MAX_LEN;
        int verbosity = -1, bind = -1, scope = -1, index = -1;
        MPI_Datatype datatype = MPI_DATATYPE_NULL;
        MPI_T_enum enumtype = MPI_T_ENUM_NULL;
        int rc = MPI_T_cvar_get_info(i, name, &name_len, &verbosity, &datatype, &enumtype, desc,
                                     &desc_len, &bind, &scope);
        if (rc != MPI_SUCCESS) {
            /* a variable the library has withdrawn since (Open MPI keeps such holes) */
            CHECK_T_ERROR(rc, MPI_T_ERR_INVALID_INDEX, MPI_T_ERR_INVALID);
            continue;
        }
        described++;
        check_name(name, name_len);
        if (desc_len > 0) /* Open MPI reports 0 for a variable without description */
            CHECK_INT((long long)strlen(desc) + 1, desc_len);
        CHECK(is_verbosity(verbosity));
        CHECK(is_bind(bind));
        CHECK(is_scope(scope));
        CHECK(element_size(datatype) != 0);
        if (enumtype != MPI_T_ENUM_NULL)
            enums++;
        CHECK_MPI(MPI_T_cvar_get_index(name, &index));
        CHECK_INT(i, index);
        if (bind == MPI_T_BIND_NO_OBJECT && reads < MAX_CVAR_READS &&
            (enumtype != MPI_T_ENUM_NULL || datatype == MPI_INT || reads < MAX_CVAR_READS / 2)) {
            writes += read_cvar(i, datatype, enumtype, scope);
            reads++;
        }
    }
    CHECK(described > 0);
    CHECK(reads > 0);
    CHECK(writes > 0); /* both libraries let some integer variable be set at run time */
    (void)enums;

    /* A buffer shorter than the name: the name is truncated; a NULL desc with desc_len 0 is
     * allowed. */
    for (int i = 0; i < num; i++) {
        char small[4] = "xyz";
        int full_len = NAME_MAX_LEN, small_len = (int)sizeof small, desc_len = 0;
        int verbosity, bind, scope;
        MPI_Datatype datatype;
        MPI_T_enum enumtype;
        if (MPI_T_cvar_get_info(i, name, &full_len, &verbosity, &datatype, &enumtype, NULL,
                                &desc_len, &bind, &scope) != MPI_SUCCESS ||
            full_len <= (int)sizeof small)
            continue;
        CHECK_MPI(MPI_T_cvar_get_info(i, small, &small_len, &verbosity, &datatype, &enumtype, NULL,
                                      &desc_len, &bind, &scope));
        CHECK_INT(3, (long long)strlen(small));
        CHECK(strncmp(small, name, 3) == 0);
        break;
    }

    /* Outputs passed as NULL are ignored (MPI-3.1 §14.3.3): only the name is asked for here. */
    if (num > 0) {
        char only_name[NAME_MAX_LEN];
        int only_len = NAME_MAX_LEN;
        CHECK_MPI(MPI_T_cvar_get_info(0, only_name, &only_len, NULL, NULL, NULL, NULL, NULL, NULL, NULL));
        CHECK(only_len > 0 && only_name[0] != '\0');
    }

    int index = -1;
    CHECK_T_ERROR(MPI_T_cvar_get_index("wi4mpi_test_no_such_cvar", &index), MPI_T_ERR_INVALID_NAME,
                  MPI_T_ERR_INVALID_NAME);
    int name_len = NAME_MAX_LEN, desc_len = DESC_MAX_LEN, verbosity, bind, scope;
    MPI_Datatype datatype;
    MPI_T_enum enumtype;
    CHECK_T_ERROR(MPI_T_cvar_get_info(num + 1000, name, &name_len, &verbosity, &datatype, &enumtype,
                                      desc, &desc_len, &bind, &scope),
                  MPI_T_ERR_INVALID_INDEX, MPI_T_ERR_INVALID);
    MPI_T_cvar_handle handle = MPI_T_CVAR_HANDLE_NULL;
    int count = -1;
    CHECK_T_ERROR(MPI_T_cvar_handle_alloc(num + 1000, NULL, &handle, &count),
                  MPI_T_ERR_INVALID_INDEX, MPI_T_ERR_INVALID);
}

static void check_pvars(void)
{
    int num = -1, reads = 0;
    char name[NAME_MAX_LEN], desc[DESC_MAX_LEN];
    MPI_T_pvar_session session = MPI_T_PVAR_SESSION_NULL;

    CHECK_MPI(MPI_T_pvar_get_num(&num));
    CHECK(num >= 0);
    CHECK_MPI(MPI_T_pvar_session_create(&session));
    CHECK(session != MPI_T_PVAR_SESSION_NULL);
    for (int i = 0; i < num; i++) {
        int name_len = NAME_MAX_LEN, desc_len = DESC_MAX_LEN;
        int verbosity = -1, var_class = -1, bind = -1, readonly = -1, continuous = -1, atomic = -1;
        int index = -1;
        MPI_Datatype datatype = MPI_DATATYPE_NULL;
        MPI_T_enum enumtype = MPI_T_ENUM_NULL;
        int rc = MPI_T_pvar_get_info(i, name, &name_len, &verbosity, &var_class, &datatype,
                                     &enumtype, desc, &desc_len, &bind, &readonly, &continuous,
                                     &atomic);
        if (rc != MPI_SUCCESS) {
            CHECK_T_ERROR(rc, MPI_T_ERR_INVALID_INDEX, MPI_T_ERR_INVALID);
            continue;
        }
        check_name(name, name_len);
        CHECK(is_verbosity(verbosity));
        CHECK(is_pvar_class(var_class));
        CHECK(is_bind(bind));
        CHECK(readonly == 0 || readonly == 1);
        CHECK(continuous == 0 || continuous == 1);
        CHECK(atomic == 0 || atomic == 1);
        CHECK(element_size(datatype) != 0);
        CHECK_MPI(MPI_T_pvar_get_index(name, var_class, &index));
        CHECK_INT(i, index);
        /* the same name in another class is not this variable */
        int other = var_class == MPI_T_PVAR_CLASS_TIMER ? MPI_T_PVAR_CLASS_STATE : MPI_T_PVAR_CLASS_TIMER;
        rc = MPI_T_pvar_get_index(name, other, &index);
        if (rc == MPI_SUCCESS)
            CHECK(index != i);
        else
            CHECK_T_ERROR(rc, MPI_T_ERR_INVALID_NAME, MPI_T_ERR_INVALID_NAME);

        if (bind != MPI_T_BIND_NO_OBJECT || !continuous)
            continue; /* bound objects are not translated; stopped variables need MPI_T_pvar_start */
        MPI_T_pvar_handle handle = MPI_T_PVAR_HANDLE_NULL;
        int count = -1;
        size_t size = element_size(datatype);
        CHECK_MPI(MPI_T_pvar_handle_alloc(session, i, NULL, &handle, &count));
        CHECK(handle != MPI_T_PVAR_HANDLE_NULL);
        CHECK(count >= 1);
        unsigned char *buf = calloc((size_t)count + 1, size);
        CHECK(buf != NULL);
        memset(buf, 0xa5, (size_t)(count + 1) * size);
        CHECK_MPI(MPI_T_pvar_read(session, handle, buf));
        for (size_t b = (size_t)count * size; b < (size_t)(count + 1) * size; b++)
            CHECK_INT(0xa5, buf[b]);
        if (readonly) { /* Open MPI reports MPI_T_ERR_INVALID and MPI_T_ERR_INVALID_HANDLE */
            CHECK_T_ERROR(MPI_T_pvar_write(session, handle, buf), MPI_T_ERR_PVAR_NO_WRITE,
                          MPI_T_ERR_INVALID);
            CHECK_T_ERROR(MPI_T_pvar_readreset(session, handle, buf), MPI_T_ERR_PVAR_NO_WRITE,
                          MPI_T_ERR_INVALID_HANDLE);
        }
        free(buf);
        CHECK_MPI(MPI_T_pvar_handle_free(session, &handle));
        CHECK(handle == MPI_T_PVAR_HANDLE_NULL);
        reads++;
    }
    (void)reads;

    int index = -1;
    CHECK_T_ERROR(MPI_T_pvar_get_index("wi4mpi_test_no_such_pvar", MPI_T_PVAR_CLASS_COUNTER, &index),
                  MPI_T_ERR_INVALID_NAME, MPI_T_ERR_INVALID_NAME);
    /* (no MPI_T_pvar_handle_alloc with a bad index: MPICH 4.0 does not check it and crashes) */

    /* MPI_T_PVAR_ALL_HANDLES: every handle of the session (MPICH's is a variable, Open MPI's a
     * constant); continuous variables are skipped, so this succeeds whatever the session holds. */
    CHECK_MPI(MPI_T_pvar_start(session, MPI_T_PVAR_ALL_HANDLES));
    CHECK_MPI(MPI_T_pvar_stop(session, MPI_T_PVAR_ALL_HANDLES));
    CHECK_MPI(MPI_T_pvar_reset(session, MPI_T_PVAR_ALL_HANDLES));
    CHECK_MPI(MPI_T_pvar_session_free(&session));
    CHECK(session == MPI_T_PVAR_SESSION_NULL);
}

static void check_categories(void)
{
    int num = -1, num_cvar = -1, num_pvar = -1, stamp = -1, stamp_again = -2;
    char name[NAME_MAX_LEN], desc[DESC_MAX_LEN];

    CHECK_MPI(MPI_T_category_changed(&stamp));
    CHECK_MPI(MPI_T_category_get_num(&num));
    CHECK_MPI(MPI_T_cvar_get_num(&num_cvar));
    CHECK_MPI(MPI_T_pvar_get_num(&num_pvar));
    CHECK(num > 0);
    int *indices = malloc(sizeof(int) * (size_t)(num_cvar + num_pvar + num + 1));
    CHECK(indices != NULL);
    for (int i = 0; i < num; i++) {
        int name_len = NAME_MAX_LEN, desc_len = DESC_MAX_LEN;
        int cvars = -1, pvars = -1, categories = -1, index = -1;
        int rc = MPI_T_category_get_info(i, name, &name_len, desc, &desc_len, &cvars, &pvars,
                                         &categories);
        if (rc != MPI_SUCCESS) {
            CHECK_T_ERROR(rc, MPI_T_ERR_INVALID_INDEX, MPI_T_ERR_INVALID);
            continue;
        }
        check_name(name, name_len);
        CHECK(cvars >= 0 && cvars <= num_cvar);
        CHECK(pvars >= 0 && pvars <= num_pvar);
        CHECK(categories >= 0 && categories < num);
        CHECK_MPI(MPI_T_category_get_index(name, &index));
        CHECK_INT(i, index);
        /* one sentinel past the requested length stays untouched */
        indices[cvars] = -7;
        CHECK_MPI(MPI_T_category_get_cvars(i, cvars, indices));
        for (int k = 0; k < cvars; k++)
            CHECK(indices[k] >= 0 && indices[k] < num_cvar);
        CHECK_INT(-7, indices[cvars]);
        indices[pvars] = -7;
        CHECK_MPI(MPI_T_category_get_pvars(i, pvars, indices));
        for (int k = 0; k < pvars; k++)
            CHECK(indices[k] >= 0 && indices[k] < num_pvar);
        CHECK_INT(-7, indices[pvars]);
        indices[categories] = -7;
        CHECK_MPI(MPI_T_category_get_categories(i, categories, indices));
        for (int k = 0; k < categories; k++)
            CHECK(indices[k] >= 0 && indices[k] < num && indices[k] != i);
        CHECK_INT(-7, indices[categories]);
    }
    free(indices);

    int index = -1, name_len = NAME_MAX_LEN, desc_len = DESC_MAX_LEN, a, b, c;
    CHECK_T_ERROR(MPI_T_category_get_index("wi4mpi_test_no_such_category", &index),
                  MPI_T_ERR_INVALID_NAME, MPI_T_ERR_INVALID_NAME);
    CHECK_T_ERROR(MPI_T_category_get_info(num + 1000, name, &name_len, desc, &desc_len, &a, &b, &c),
                  MPI_T_ERR_INVALID_INDEX, MPI_T_ERR_INVALID);
    CHECK_MPI(MPI_T_category_changed(&stamp_again));
    CHECK_INT(stamp, stamp_again);
}

int main(int argc, char **argv)
{
    int provided = -1, nested = -1, before_init = -1, num = -1;

    /* MPI_T may be initialised before MPI itself. */
    CHECK_MPI(MPI_T_init_thread(MPI_THREAD_SINGLE, &provided));
    CHECK(provided == MPI_THREAD_SINGLE || provided == MPI_THREAD_FUNNELED ||
          provided == MPI_THREAD_SERIALIZED || provided == MPI_THREAD_MULTIPLE);
    CHECK_MPI(MPI_T_cvar_get_num(&before_init));
    CHECK(before_init > 0);
    CHECK_MPI(MPI_Init(&argc, &argv));

    /* MPI_T_init_thread nests: two calls need two MPI_T_finalize. */
    CHECK_MPI(MPI_T_init_thread(MPI_THREAD_FUNNELED, &nested)); /* Open MPI leaves provided unset */
    CHECK_MPI(MPI_T_cvar_get_num(&num));
    CHECK(num >= before_init); /* variables are added, never removed */

    check_cvars();
    check_pvars();
    check_categories();

    CHECK_MPI(MPI_T_finalize());
    CHECK_MPI(MPI_T_pvar_get_num(&num)); /* still initialised once */
    CHECK_MPI(MPI_T_finalize());
    CHECK_T_ERROR(MPI_T_cvar_get_num(&num), MPI_T_ERR_NOT_INITIALIZED, MPI_T_ERR_NOT_INITIALIZED);
    CHECK_T_ERROR(MPI_T_finalize(), MPI_T_ERR_NOT_INITIALIZED, MPI_T_ERR_NOT_INITIALIZED);

    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    check_report_ok("mpi_t");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
