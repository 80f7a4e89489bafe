<#-- Hand-written part of every driver: output, canaries, normalisation by role, user callbacks. -->
#define DT_CAP 8        /* elements of a pointer argument the call may use */
#define DT_GUARD 4      /* canary elements after them */
#define DT_BUF 64       /* bytes of a data buffer */
#define DT_GUARDB 64    /* canary bytes around a buffer, after a string */
#define DT_STRING 1024  /* an output string without an MPI_MAX_* size */
#define DT_CANARY 0xA5

static const char *dt_fn;
static int dt_case;
static unsigned dt_timeout = 5;

static void dt_write(const char *text)
{
    fputs(text, stdout);
    fflush(stdout);
}

static void dt_line(const char *label, const char *value)
{
    char line[4096];
    snprintf(line, sizeof line, "%s case %d %s: %s\n", dt_fn, dt_case, label, value);
    dt_write(line);
}

static void dt_on_alarm(int sig)
{
    char line[512];
    (void) sig;
    int n = snprintf(line, sizeof line, "# hang %s %d\n", dt_fn, dt_case);
    if (write(1, line, (size_t) n) < 0) { /* nothing left to do */ }
    _exit(124);
}

static void dt_canary(void *p, size_t n) { memset(p, DT_CANARY, n); }

static int dt_is_canary(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != DT_CANARY) return 0;
    return 1;
}

/* Objects seen in the current case, so that user handles are named by first appearance. */
static struct { int kind; size_t size; unsigned char bytes[16]; } dt_seen[64];
static int dt_nseen;

static int dt_user_index(int kind, const void *p, size_t n)
{
    for (int i = 0; i < dt_nseen; i++)
        if (dt_seen[i].kind == kind && dt_seen[i].size == n && memcmp(dt_seen[i].bytes, p, n) == 0) return i + 1;
    if (dt_nseen == 64 || n > 16) return 0;
    dt_seen[dt_nseen].kind = kind;
    dt_seen[dt_nseen].size = n;
    memcpy(dt_seen[dt_nseen].bytes, p, n);
    return ++dt_nseen;
}

/* Requests freed in the current case: an array may hold one request several times (every element set
 * to the same fixture), and freeing it twice would be the driver's own error. */
static MPI_Request dt_freed[16];
static int dt_nfreed;

static void dt_begin(const char *fn, int number, const char *label)
{
    dt_fn = fn;
    dt_case = number;
    dt_nseen = 0;
    dt_nfreed = 0;
    dt_line("call", label);
    alarm(dt_timeout);
}

static void dt_end(void)
{
    char line[512];
    alarm(0);
    snprintf(line, sizeof line, "# end %s %d\n", dt_fn, dt_case);
    dt_write(line);
}

static void dt_skip(const char *fn, int number, const char *label, const char *why)
{
    dt_fn = fn;
    dt_case = number;
    dt_line("call", label);
    dt_line("skipped", why);
    dt_end();
}

struct dt_const { const char *name; long long value; };

static const char *dt_const_name(const struct dt_const *t, long long v)
{
    for (; t->name; t++)
        if (t->value == v) return t->name;
    return NULL;
}

static void dt_rec_number(const char *label, int untouched, long long v)
{
    char s[64];
    if (untouched) { dt_line(label, "untouched"); return; }
    snprintf(s, sizeof s, "%lld", v);
    dt_line(label, s);
}

static void dt_rec_const(const char *label, int untouched, long long v, const struct dt_const *t)
{
    const char *name = untouched ? "untouched" : dt_const_name(t, v);
    if (name) dt_line(label, name); else dt_rec_number(label, 0, v);
}

static void dt_rec_bitmask(const char *label, int untouched, long long v, const struct dt_const *t)
{
    char s[1024] = "";
    if (untouched) { dt_line(label, "untouched"); return; }
    long long rest = v;
    for (; t->name; t++) {
        if (t->value != 0 && (rest & t->value) == t->value) {
            if (s[0]) strcat(s, "|");
            strncat(s, t->name, sizeof s - strlen(s) - 64);
            rest &= ~t->value;
        }
    }
    if (rest != 0 || !s[0]) snprintf(s + strlen(s), sizeof s - strlen(s), "%s%lld", s[0] ? "|" : "", rest);
    dt_line(label, s);
}

static const struct dt_const dt_error_names[] = {
<#list d.errorClasses as e>    {"${e}", ${e}},
</#list>    {NULL, 0}
};
static const struct dt_const dt_tool_error_names[] = {
<#list d.toolErrors as e>    {"${e}", ${e}},
</#list>    {NULL, 0}
};

static const char *dt_error_text(int code, char *buf, size_t n)
{
    int cls = -1;
    if (code == MPI_SUCCESS) return "MPI_SUCCESS";
    if (MPI_Error_class(code, &cls) != MPI_SUCCESS) { snprintf(buf, n, "code %d without class", code); return buf; }
    const char *name = dt_const_name(dt_error_names, cls);
    if (name) return name;
    snprintf(buf, n, "class %d", cls);
    return buf;
}

static void dt_rec_error(const char *label, int untouched, int code)
{
    char buf[64];
    dt_line(label, untouched ? "untouched" : dt_error_text(code, buf, sizeof buf));
}

/* MPI_T functions return MPI_T_ERR_* codes, and some runtimes MPI error codes: those by their class. */
static void dt_rec_tool_error(const char *label, int code)
{
    char buf[64];
    const char *name = dt_const_name(dt_tool_error_names, code);
    dt_line(label, name ? name : dt_error_text(code, buf, sizeof buf));
}

static void dt_rec_opaque(const char *label, const void *p, size_t n)
{
    dt_line(label, dt_is_canary(p, n) ? "untouched" : "written");
}

static void dt_rec_double(const char *label, double v)
{
    char s[64];
    snprintf(s, sizeof s, "%.3g", v);
    dt_line(label, s);
}

static void dt_rec_digest(const char *label, const unsigned char *p, size_t n)
{
    char s[32];
    if (dt_is_canary(p, n)) { dt_line(label, "untouched"); return; }
    unsigned long long h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ULL;
    snprintf(s, sizeof s, "digest %016llx", h);
    dt_line(label, s);
}

static void dt_rec_string(const char *label, const char *p, size_t n)
{
    char s[DT_STRING + 64];
    if (((const unsigned char *) p)[0] == DT_CANARY) { dt_line(label, "untouched"); return; }
    size_t len = strnlen(p, n);
    if (len == n) { dt_line(label, "unterminated"); return; }
    /* Control and non-ASCII bytes as \xNN: one log line per output, text only. */
    char *o = s;
    *o++ = '"';
    for (size_t i = 0; i < len && o < s + sizeof s - 32; i++) {
        unsigned char ch = (unsigned char) p[i];
        if (ch < 0x20 || ch >= 0x7f || ch == '\\') o += sprintf(o, "\\x%02x", ch);
        else *o++ = (char) ch;
    }
    snprintf(o, (size_t) (s + sizeof s - o), "\" (%zu)", len);
    dt_line(label, s);
}

static void dt_guard(const char *arg, const void *p, size_t from, size_t total)
{
    char label[256];
    if (dt_is_canary((const unsigned char *) p + from, total - from)) return;
    snprintf(label, sizeof label, "%s.guard", arg);
    dt_line(label, "clobbered");
}

<#list d.constTables as t>
static const struct dt_const dt_tab_${t.id}[] = {
<#list t.names as n>    {"${n}", (long long) ${n}},
</#list>    {NULL, 0}
};
</#list>

static void dt_rec_status(const char *label, MPI_Status *st)
{
    char l[256], buf[64];
    MPI_Status hidden = *st;
    snprintf(l, sizeof l, "%s.MPI_SOURCE", label);
    dt_rec_const(l, dt_is_canary(&st->MPI_SOURCE, sizeof(int)), st->MPI_SOURCE, dt_tab_rank);
    snprintf(l, sizeof l, "%s.MPI_TAG", label);
    dt_rec_const(l, dt_is_canary(&st->MPI_TAG, sizeof(int)), st->MPI_TAG, dt_tab_tag);
    snprintf(l, sizeof l, "%s.MPI_ERROR", label);
    dt_line(l, dt_is_canary(&st->MPI_ERROR, sizeof(int)) ? "untouched" : dt_error_text(st->MPI_ERROR, buf, sizeof buf));
    /* The implementation's own fields (count, cancelled): untouched when every byte is still the canary. */
    dt_canary(&hidden.MPI_SOURCE, sizeof(int));
    dt_canary(&hidden.MPI_TAG, sizeof(int));
    dt_canary(&hidden.MPI_ERROR, sizeof(int));
    int untouched = dt_is_canary(&hidden, sizeof hidden);
    int count = 0, cancelled = 0;
    snprintf(l, sizeof l, "%s.count", label);
    if (untouched) dt_line(l, "untouched");
    else if (MPI_Get_count(st, MPI_BYTE, &count) != MPI_SUCCESS) dt_line(l, "MPI_Get_count failed");
    else dt_rec_const(l, 0, count, dt_tab_index);
    snprintf(l, sizeof l, "%s.cancelled", label);
    if (untouched) dt_line(l, "untouched");
    else if (MPI_Test_cancelled(st, &cancelled) != MPI_SUCCESS) dt_line(l, "MPI_Test_cancelled failed");
    else dt_rec_number(l, 0, cancelled);
}

<#list d.handles as h>
static const char *dt_predefined_${h.type}(${h.type} v)
{
<#list h.nulls as n>    if (v == ${n}) return "null";
</#list><#list h.predefined as n>    if (v == ${n}) return "predefined:${n}";
</#list>    return NULL;
}

/* True for an object the program created: neither the canary, nor null, nor predefined. */
static int dt_user_${h.type}_(const ${h.type} *v)
{
    return !dt_is_canary(v, sizeof *v) && dt_predefined_${h.type}(*v) == NULL;
}
#define dt_user_${h.type}(v) dt_user_${h.type}_(&(v))

static void dt_rec_handle_${h.kind}(const char *label, const ${h.type} *v)
{
    char s[64];
    const char *name = dt_is_canary(v, sizeof *v) ? "untouched" : dt_predefined_${h.type}(*v);
    if (name == NULL) {
        snprintf(s, sizeof s, "user#%d", dt_user_index(${h.kind}, v, sizeof *v));
        name = s;
    }
    dt_line(label, name);
}

static void dt_seed_${h.kind}(const ${h.type} *v)
{
    if (dt_user_${h.type}_(v)) dt_user_index(${h.kind}, v, sizeof *v);
}
</#list>

/* A request the call returned: completed if it can be, else cancelled, then freed (persistent ones too). */
static void dt_request_done(MPI_Request *r)
{
    int flag = 0;
    if (!dt_user_MPI_Request_(r)) return;
    for (int i = 0; i < dt_nfreed; i++)
        if (memcmp(&dt_freed[i], r, sizeof *r) == 0) return;
    if (dt_nfreed < 16) dt_freed[dt_nfreed++] = *r;
    /* Nonblocking collectives on one process complete after a few rounds of progress. */
    for (int i = 0; i < 200 && !flag && *r != MPI_REQUEST_NULL; i++) {
        if (MPI_Test(r, &flag, MPI_STATUS_IGNORE) != MPI_SUCCESS) break;
        if (!flag) usleep(100);
    }
    if (!flag && *r != MPI_REQUEST_NULL) MPI_Cancel(r);
    if (*r != MPI_REQUEST_NULL) MPI_Request_free(r);
}

/* A message the call returned: received, so that nothing stays queued. */
static void dt_message_done(MPI_Message *m)
{
    int scratch[DT_CAP * 4];
    if (dt_user_MPI_Message_(m)) MPI_Mrecv(scratch, 1, MPI_INT, m, MPI_STATUS_IGNORE);
}

static int dt_word = 42;
static int dt_ints[DT_CAP] = {1, 2, 3, 4, 5, 6, 7, 8};
static int dt_inbuf[DT_BUF] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static int dt_ranges[DT_CAP][3] = {{0, 0, 1}};
static MPI_Status dt_status_base;
static char dt_file[4096] = "/tmp/wi4mpi-difftest.dat";
static char dt_long_key[301];

/* A message of one int sent to this process on a communicator, matched by MPI_Mprobe. */
static int dt_make_message(MPI_Comm comm, MPI_Message *m)
{
    MPI_Request r;
    MPI_Isend(dt_inbuf, 1, MPI_INT, 0, 4243, comm, &r);
    int rc = MPI_Mprobe(0, 4243, comm, m, MPI_STATUS_IGNORE);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    return rc;
}

/* Receives what a case left queued on a communicator, so that it can be freed. */
static void dt_drain(MPI_Comm comm)
{
    int flag = 1, scratch[DT_CAP * 4];
    while (flag) {
        if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag, MPI_STATUS_IGNORE) != MPI_SUCCESS) return;
        if (flag) MPI_Recv(scratch, 4, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, comm, MPI_STATUS_IGNORE);
    }
}

static void dt_user_fn(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void) in; (void) inout; (void) len; (void) type;
}
<#if d.types?seq_contains("MPI_User_function_c")>
static void dt_user_fn_c(void *in, void *inout, MPI_Count *len, MPI_Datatype *type)
{
    (void) in; (void) inout; (void) len; (void) type;
}
</#if>
static void dt_comm_errh(MPI_Comm *comm, int *code, ...) { (void) comm; (void) code; }
static void dt_win_errh(MPI_Win *win, int *code, ...) { (void) win; (void) code; }
static void dt_file_errh(MPI_File *file, int *code, ...) { (void) file; (void) code; }
<#if d.types?seq_contains("MPI_Session")>
static void dt_session_errh(MPI_Session *session, int *code, ...) { (void) session; (void) code; }
</#if>
static int dt_greq_query(void *state, MPI_Status *st)
{
    (void) state;
    MPI_Status_set_elements(st, MPI_BYTE, 0);
    MPI_Status_set_cancelled(st, 0);
    st->MPI_SOURCE = MPI_UNDEFINED;
    st->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}
static int dt_greq_free(void *state) { (void) state; return MPI_SUCCESS; }
static int dt_greq_cancel(void *state, int complete) { (void) state; (void) complete; return MPI_SUCCESS; }
static int dt_greq_poll(void *state, MPI_Status *st) { (void) state; (void) st; return MPI_SUCCESS; }
static int dt_greq_wait(int count, void **states, double timeout, MPI_Status *st)
{
    (void) count; (void) states; (void) timeout; (void) st;
    return MPI_SUCCESS;
}
static int dt_datarep_extent(MPI_Datatype type, MPI_Aint *extent, void *state)
{
    (void) state;
    MPI_Aint lb;
    return MPI_Type_get_extent(type, &lb, extent);
}
static int dt_datarep_conversion(void *user, MPI_Datatype type, int count, void *file, MPI_Offset position, void *state)
{
    (void) user; (void) type; (void) count; (void) file; (void) position; (void) state;
    return MPI_SUCCESS;
}
<#if d.types?seq_contains("MPI_Datarep_conversion_function_c")>
static int dt_datarep_conversion_c(void *user, MPI_Datatype type, MPI_Count count, void *file, MPI_Offset position, void *state)
{
    (void) user; (void) type; (void) count; (void) file; (void) position; (void) state;
    return MPI_SUCCESS;
}
</#if>
<#if d.types?seq_contains("MPI_T_event_registration")>
static void dt_event_cb(MPI_T_event_instance e, MPI_T_event_registration r, MPI_T_cb_safety s, void *u)
{
    (void) e; (void) r; (void) s; (void) u;
}
static void dt_event_free_cb(MPI_T_event_registration r, MPI_T_cb_safety s, void *u)
{
    (void) r; (void) s; (void) u;
}
static void dt_event_dropped_cb(MPI_Count n, MPI_T_event_registration r, int source, MPI_T_cb_safety s, void *u)
{
    (void) n; (void) r; (void) source; (void) s; (void) u;
}
</#if>
