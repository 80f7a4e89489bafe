/* Predefined handles the runtime lacks: see wi_substitutes.h. */
#include "wi_substitutes.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "wi_convert.h"
#include "wi_lifecycle.h"
#include "wi_log.h"
#include "wi_r_functions.h"

#if !WI_IDENTITY /* identity pairs lack nothing */

/* The few handles a pair lacks (at most a dozen today). */
#define WI_SUBSTITUTES_MAX 32

struct wi_substitute {
    enum wi_kind kind;
    wi_word a;
    const char *name;
    int count;      /* 0: alias of r */
    wi_word base;   /* the runtime handle aliased, or the element datatype */
    wi_word made;   /* the created runtime datatype, 0 until then (atomic) */
};

static struct wi_substitute wi_substitutes[WI_SUBSTITUTES_MAX];
int wi_substitute_count;
static pthread_mutex_t wi_substitute_lock = PTHREAD_MUTEX_INITIALIZER;

void wi_substitute_define(enum wi_kind kind, wi_word a, const char *name, int count, wi_word r)
{
    if (wi_substitute_count == WI_SUBSTITUTES_MAX)
        wi_fatal("internal error: more than %d substitute handles", WI_SUBSTITUTES_MAX);
    wi_substitutes[wi_substitute_count++] = (struct wi_substitute){kind, a, name, count, r, 0};
}

static struct wi_substitute *wi_substitute_find(enum wi_kind kind, wi_word a)
{
    for (int i = 0; i < wi_substitute_count; i++)
        if (wi_substitutes[i].a == a && wi_substitutes[i].kind == kind)
            return &wi_substitutes[i];
    return NULL;
}

/* A runtime datatype from its wi_word (an MPICH int zero-extended, or a pointer). */
static R_MPI_Datatype wi_datatype_r_of_word(wi_word w)
{
    R_MPI_Datatype r;
    if (sizeof r == sizeof(uint32_t)) {
        uint32_t v = (uint32_t)w;
        memcpy(&r, &v, sizeof r);
    } else {
        memcpy(&r, &w, sizeof r);
    }
    return r;
}

/* Created datatypes are freed when the runtime finalizes, as its own predefined ones are (MPICH
 * reports leaked datatypes at MPI_Finalize): MPI_Finalize's hook calls this first. No attribute or
 * keyval of wi4mpi's does it, which would shift the keyvals the application gets. */
void wi_substitutes_finalizing(void)
{
    for (int i = 0; i < wi_substitute_count; i++) {
        wi_word made = __atomic_exchange_n(&wi_substitutes[i].made, 0, __ATOMIC_ACQ_REL);
        if (made != 0) {
            R_MPI_Datatype type = wi_datatype_r_of_word(made);
            (void)R_PMPI_Type_free(&type);
        }
    }
}

/* contiguous(count, base), committed and named as the application's predefined datatype. */
static wi_word wi_substitute_make(const struct wi_substitute *s)
{
    R_MPI_Datatype made, base = wi_datatype_r_of_word(s->base);
    if (R_PMPI_Type_contiguous(s->count, base, &made) != R_MPI_SUCCESS || R_PMPI_Type_commit(&made) != R_MPI_SUCCESS)
        wi_fatal("the runtime refused to create the datatype standing for %s", s->name);
    (void)R_PMPI_Type_set_name(made, s->name); /* a runtime name is cosmetic: MPI_Type_get_name has a hook */
    return WI_WORD_OF(made);
}

int wi_substitute_a2r(enum wi_kind kind, wi_word a, wi_word *r)
{
    struct wi_substitute *s = wi_substitute_find(kind, a);
    if (s == NULL || s->count == 0)
        return 0;
    wi_word made = __atomic_load_n(&s->made, __ATOMIC_ACQUIRE);
    if (made == 0) {
        pthread_mutex_lock(&wi_substitute_lock);
        made = s->made;
        if (made == 0 && wi_lifecycle_runtime_active()) {
            made = wi_substitute_make(s);
            __atomic_store_n(&s->made, made, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&wi_substitute_lock);
        if (made == 0)
            return 0;
    }
    *r = made;
    return 1;
}

const char *wi_substitute_name(enum wi_kind kind, wi_word a)
{
    struct wi_substitute *s = wi_substitute_find(kind, a);
    return s == NULL ? NULL : s->name;
}

int wi_substitute_derived(enum wi_kind kind, wi_word a)
{
    struct wi_substitute *s = wi_substitute_find(kind, a);
    return s != NULL && s->count > 0;
}

#else

int wi_substitute_count;

void wi_substitute_define(enum wi_kind kind, wi_word a, const char *name, int count, wi_word r)
{
    (void)kind, (void)a, (void)count, (void)r;
    wi_fatal("internal error: substitute %s defined in an identity pair", name);
}

int wi_substitute_a2r(enum wi_kind kind, wi_word a, wi_word *r)
{
    (void)kind, (void)a, (void)r;
    return 0;
}

const char *wi_substitute_name(enum wi_kind kind, wi_word a)
{
    (void)kind, (void)a;
    return NULL;
}

int wi_substitute_derived(enum wi_kind kind, wi_word a)
{
    (void)kind, (void)a;
    return 0;
}

void wi_substitutes_finalizing(void) {}

#endif
