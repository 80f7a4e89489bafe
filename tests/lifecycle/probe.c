/*
 * Which MPI functions an implementation accepts before MPI_Init and after MPI_Finalize.
 *
 *   probe before|after FUNCTION
 *
 * Calls FUNCTION once, either before MPI_Init (then initializes and finalizes, to show the call left
 * the library usable) or after MPI_Init and MPI_Finalize, and prints "FUNCTION: rc=<code> <result>".
 * A refused call may abort the process: run one function per process (tests/lifecycle/run does).
 * Built with each family's own mpicc; the MPI-4.0 functions only where the header declares them.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char out[2 * MPI_MAX_LIBRARY_VERSION_STRING];

static int noop_copy(MPI_Comm c, int k, void *x, void *in, void *o, int *flag)
{
    (void)c; (void)k; (void)x; (void)in; (void)o;
    *flag = 0;
    return MPI_SUCCESS;
}

static void noop_op(void *in, void *inout, int *len, MPI_Datatype *t)
{
    (void)in; (void)inout; (void)len; (void)t;
}

static void noop_errh(MPI_Comm *c, int *e, ...)
{
    (void)c; (void)e;
}

static int call(const char *f)
{
    int rc = -1, a = -1, b = -1;
    if (!strcmp(f, "MPI_Wtime")) {
        struct timespec m, r;
        double w = MPI_Wtime();
        clock_gettime(CLOCK_MONOTONIC, &m);
        clock_gettime(CLOCK_REALTIME, &r);
        snprintf(out, sizeof out, "%.9f (CLOCK_MONOTONIC %.9f, CLOCK_REALTIME %.9f)", w,
                 m.tv_sec + 1e-9 * m.tv_nsec, r.tv_sec + 1e-9 * r.tv_nsec);
        return MPI_SUCCESS;
    }
    if (!strcmp(f, "MPI_Wtick")) {
        snprintf(out, sizeof out, "%.3g", MPI_Wtick());
        return MPI_SUCCESS;
    }
    if (!strcmp(f, "MPI_Initialized")) {
        rc = MPI_Initialized(&a);
        snprintf(out, sizeof out, "flag=%d", a);
    } else if (!strcmp(f, "MPI_Finalized")) {
        rc = MPI_Finalized(&a);
        snprintf(out, sizeof out, "flag=%d", a);
    } else if (!strcmp(f, "MPI_Get_version")) {
        rc = MPI_Get_version(&a, &b);
        snprintf(out, sizeof out, "%d.%d", a, b);
    } else if (!strcmp(f, "MPI_Get_library_version")) {
        char s[MPI_MAX_LIBRARY_VERSION_STRING] = "";
        rc = MPI_Get_library_version(s, &a);
        s[strcspn(s, "\n")] = 0;
        snprintf(out, sizeof out, "len=%d \"%.60s\"", a, s);
    } else if (!strcmp(f, "MPI_Get_processor_name")) {
        char s[MPI_MAX_PROCESSOR_NAME] = "";
        rc = MPI_Get_processor_name(s, &a);
        snprintf(out, sizeof out, "len=%d \"%s\"", a, s);
    } else if (!strcmp(f, "MPI_Error_string")) {
        char s[MPI_MAX_ERROR_STRING] = "";
        rc = MPI_Error_string(MPI_ERR_TRUNCATE, s, &a);
        snprintf(out, sizeof out, "MPI_ERR_TRUNCATE: len=%d \"%.60s\"", a, s);
    } else if (!strcmp(f, "MPI_Error_class")) {
        rc = MPI_Error_class(MPI_ERR_TRUNCATE, &a);
        snprintf(out, sizeof out, "MPI_ERR_TRUNCATE: %d (MPI_ERR_TRUNCATE=%d)", a, MPI_ERR_TRUNCATE);
    } else if (!strcmp(f, "MPI_Add_error_class")) {
        rc = MPI_Add_error_class(&a);
        snprintf(out, sizeof out, "class=%d", a);
    } else if (!strcmp(f, "MPI_Query_thread")) {
        rc = MPI_Query_thread(&a);
        snprintf(out, sizeof out, "provided=%d", a);
    } else if (!strcmp(f, "MPI_Is_thread_main")) {
        rc = MPI_Is_thread_main(&a);
        snprintf(out, sizeof out, "flag=%d", a);
    } else if (!strcmp(f, "MPI_Info_create") || !strcmp(f, "MPI_Info_set") || !strcmp(f, "MPI_Info_get") ||
               !strcmp(f, "MPI_Info_get_nkeys") || !strcmp(f, "MPI_Info_dup") ||
               !strcmp(f, "MPI_Info_free")) {
        /* Each step only when the previous ones succeeded: the last step named is the one probed. */
        MPI_Info info = MPI_INFO_NULL, dup = MPI_INFO_NULL;
        char v[16] = "";
        rc = MPI_Info_create(&info);
        if (rc == MPI_SUCCESS && strcmp(f, "MPI_Info_create"))
            rc = MPI_Info_set(info, "k", "v1");
        if (rc == MPI_SUCCESS && (!strcmp(f, "MPI_Info_get") || !strcmp(f, "MPI_Info_free")))
            rc = MPI_Info_get(info, "k", sizeof v - 1, v, &a);
        if (rc == MPI_SUCCESS && !strcmp(f, "MPI_Info_get_nkeys"))
            rc = MPI_Info_get_nkeys(info, &b);
        if (rc == MPI_SUCCESS && !strcmp(f, "MPI_Info_dup"))
            rc = MPI_Info_dup(info, &dup);
        if (rc == MPI_SUCCESS && !strcmp(f, "MPI_Info_free"))
            rc = MPI_Info_free(&info);
        snprintf(out, sizeof out, "value=\"%s\" flag=%d nkeys=%d", v, a, b);
    } else if (!strcmp(f, "MPI_Info_c2f")) {
        snprintf(out, sizeof out, "MPI_INFO_NULL -> %d", (int)MPI_Info_c2f(MPI_INFO_NULL));
        rc = MPI_SUCCESS;
    } else if (!strcmp(f, "MPI_Comm_c2f")) {
        snprintf(out, sizeof out, "MPI_COMM_WORLD -> %d", (int)MPI_Comm_c2f(MPI_COMM_WORLD));
        rc = MPI_SUCCESS;
    } else if (!strcmp(f, "MPI_Comm_f2c")) {
        MPI_Comm c = MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_WORLD));
        snprintf(out, sizeof out, "round trip %s", c == MPI_COMM_WORLD ? "same" : "different");
        rc = MPI_SUCCESS;
    } else if (!strcmp(f, "MPI_Type_c2f")) {
        snprintf(out, sizeof out, "MPI_INT -> %d", (int)MPI_Type_c2f(MPI_INT));
        rc = MPI_SUCCESS;
    } else if (!strcmp(f, "MPI_Errhandler_c2f")) {
        snprintf(out, sizeof out, "MPI_ERRORS_RETURN -> %d", (int)MPI_Errhandler_c2f(MPI_ERRORS_RETURN));
        rc = MPI_SUCCESS;
    } else if (!strcmp(f, "MPI_Errhandler_free")) {
        MPI_Errhandler e = MPI_ERRORS_RETURN;
        rc = MPI_Errhandler_free(&e);
        snprintf(out, sizeof out, "of MPI_ERRORS_RETURN");
    } else if (!strcmp(f, "MPI_Comm_create_errhandler")) {
        MPI_Errhandler e = MPI_ERRHANDLER_NULL;
        rc = MPI_Comm_create_errhandler(noop_errh, &e);
        snprintf(out, sizeof out, "%s", e == MPI_ERRHANDLER_NULL ? "null" : "created");
    } else if (!strcmp(f, "MPI_Comm_create_keyval")) {
        rc = MPI_Comm_create_keyval(noop_copy, MPI_COMM_NULL_DELETE_FN, &a, NULL);
        snprintf(out, sizeof out, "keyval=%d", a);
    } else if (!strcmp(f, "MPI_Comm_free_keyval")) {
        rc = MPI_Comm_create_keyval(noop_copy, MPI_COMM_NULL_DELETE_FN, &a, NULL);
        if (rc == MPI_SUCCESS)
            rc = MPI_Comm_free_keyval(&a);
        snprintf(out, sizeof out, "keyval=%d", a);
    } else if (!strcmp(f, "MPI_Type_create_keyval")) {
        rc = MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &a, NULL);
        snprintf(out, sizeof out, "keyval=%d", a);
    } else if (!strcmp(f, "MPI_Comm_rank")) {
        rc = MPI_Comm_rank(MPI_COMM_WORLD, &a);
        snprintf(out, sizeof out, "rank=%d", a);
    } else if (!strcmp(f, "MPI_Type_size")) {
        rc = MPI_Type_size(MPI_INT, &a);
        snprintf(out, sizeof out, "MPI_INT: %d", a);
    } else if (!strcmp(f, "MPI_Type_contiguous")) {
        MPI_Datatype t = MPI_DATATYPE_NULL;
        rc = MPI_Type_contiguous(2, MPI_INT, &t);
        snprintf(out, sizeof out, "%s", t == MPI_DATATYPE_NULL ? "null" : "created");
    } else if (!strcmp(f, "MPI_Op_create")) {
        MPI_Op op = MPI_OP_NULL;
        rc = MPI_Op_create(noop_op, 1, &op);
        snprintf(out, sizeof out, "%s", op == MPI_OP_NULL ? "null" : "created");
    } else if (!strcmp(f, "MPI_Get_address")) {
        MPI_Aint addr = 0;
        rc = MPI_Get_address(&a, &addr);
        snprintf(out, sizeof out, "%s", addr == (MPI_Aint)&a ? "the address" : "another value");
    } else if (!strcmp(f, "MPI_Aint_add")) {
        snprintf(out, sizeof out, "%ld", (long)MPI_Aint_add(40, 2));
        rc = MPI_SUCCESS;
    } else if (!strcmp(f, "MPI_Dims_create")) {
        int dims[2] = {0, 0};
        rc = MPI_Dims_create(6, 2, dims);
        snprintf(out, sizeof out, "6 -> %dx%d", dims[0], dims[1]);
    } else if (!strcmp(f, "MPI_Pcontrol")) {
        rc = MPI_Pcontrol(0);
        snprintf(out, sizeof out, "level 0");
    } else if (!strcmp(f, "MPI_Alloc_mem")) {
        void *p = NULL;
        rc = MPI_Alloc_mem(64, MPI_INFO_NULL, &p);
        snprintf(out, sizeof out, "%s", p ? "memory" : "null");
    } else if (!strcmp(f, "MPI_Buffer_attach")) {
        static char buf[1024];
        rc = MPI_Buffer_attach(buf, sizeof buf);
        snprintf(out, sizeof out, "1024 bytes");
    } else if (!strcmp(f, "MPI_T_init_thread")) {
        rc = MPI_T_init_thread(MPI_THREAD_SINGLE, &a);
        if (rc == MPI_SUCCESS)
            MPI_T_cvar_get_num(&b);
        snprintf(out, sizeof out, "provided=%d cvars=%d", a, b);
        if (rc == MPI_SUCCESS)
            MPI_T_finalize();
#if MPI_VERSION >= 4
    } else if (!strcmp(f, "MPI_Info_create_env")) {
        MPI_Info info = MPI_INFO_NULL;
        rc = MPI_Info_create_env(0, NULL, &info);
        if (rc == MPI_SUCCESS)
            MPI_Info_get_nkeys(info, &a);
        snprintf(out, sizeof out, "nkeys=%d", a);
    } else if (!strcmp(f, "MPI_Info_get_string")) {
        MPI_Info info = MPI_INFO_NULL;
        char v[16] = "";
        b = sizeof v;
        rc = MPI_Info_create(&info);
        if (rc == MPI_SUCCESS)
            rc = MPI_Info_set(info, "k", "v1");
        if (rc == MPI_SUCCESS)
            rc = MPI_Info_get_string(info, "k", &b, v, &a);
        snprintf(out, sizeof out, "value=\"%s\" flag=%d", v, a);
    } else if (!strcmp(f, "MPI_Session_init")) {
        MPI_Session s = MPI_SESSION_NULL;
        rc = MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s);
        if (rc == MPI_SUCCESS)
            rc = MPI_Session_finalize(&s);
        snprintf(out, sizeof out, "init and finalize");
#endif
    } else {
        fprintf(stderr, "probe: unknown function %s\n", f);
        exit(2);
    }
    return rc;
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "before") && strcmp(argv[1], "after"))) {
        fprintf(stderr, "usage: probe before|after FUNCTION\n");
        return 2;
    }
    int before = !strcmp(argv[1], "before");
    if (!before) {
        MPI_Init(&argc, &argv);
        MPI_Finalize();
    }
    int rc = call(argv[2]);
    printf("%s %s: rc=%d %s\n", argv[1], argv[2], rc, out);
    fflush(stdout);
    if (before) {
        MPI_Init(&argc, &argv);
        MPI_Finalize();
        printf("then MPI_Init and MPI_Finalize: ok\n");
    }
    return 0;
}
