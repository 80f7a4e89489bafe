/* The runtime in a link-map namespace of its own; see wi_namespace.h. */
#define _GNU_SOURCE /* dlmopen, dlinfo, Lmid_t */
#include "wi_namespace.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <uthash.h>

#include "wi_log.h"

static Lmid_t runtime_namespace;
static const char *runtime_path;
static void *runtime_handle;

/* The namespace's libc's functions for its per-thread character-class tables, and the one that sets
 * them up. Its start_thread sets them up in the threads it creates, but a thread the program's libc
 * created reaches the runtime with them null (tolower() in Open MPI's opal_str_to_bool crashed in a
 * program thread's MPI_Comm_dup). */
typedef const void **(*ctype_loc_fn)(void);
static ctype_loc_fn ns_ctype_b_loc, ns_ctype_tolower_loc, ns_ctype_toupper_loc;
static void (*ns_ctype_init)(void);

static const void **with_ctype(ctype_loc_fn loc)
{
    const void **tables = loc();
    if (*tables == NULL)
        ns_ctype_init();
    return tables;
}

static const void **namespace_ctype_b_loc(void) { return with_ctype(ns_ctype_b_loc); }
static const void **namespace_ctype_tolower_loc(void) { return with_ctype(ns_ctype_tolower_loc); }
static const void **namespace_ctype_toupper_loc(void) { return with_ctype(ns_ctype_toupper_loc); }

static int namespace_dlclose(void *handle);

/* What the namespace's libraries call instead of their own functions of these names: dlopen, kept in
 * the namespace (wi_namespace_dlopen), dlclose (namespace_dlclose), and the pthread key functions of
 * the base namespace. The
 * namespace has a libc of its own, and with it its own table of pthread keys, while the per-thread
 * values live in the thread descriptor both libcs share: keys created on either side would collide
 * (Open MPI's name buffers and libgfortran's units did); with these there is one table. And its
 * character-class tables, set up in the calling thread when they are not yet. */
struct redirect {
    const char *name;
    void *target;
};
static const struct redirect redirects[] = {
    {"dlopen", (void *)wi_namespace_dlopen},
    {"dlclose", (void *)namespace_dlclose},
    {"pthread_key_create", (void *)pthread_key_create},
    {"pthread_key_delete", (void *)pthread_key_delete},
    {"pthread_getspecific", (void *)pthread_getspecific},
    {"pthread_setspecific", (void *)pthread_setspecific},
    {"__ctype_b_loc", (void *)namespace_ctype_b_loc},
    {"__ctype_tolower_loc", (void *)namespace_ctype_tolower_loc},
    {"__ctype_toupper_loc", (void *)namespace_ctype_toupper_loc},
};

static void *redirect_target(const char *name)
{
    for (size_t i = 0; i < sizeof redirects / sizeof redirects[0]; i++)
        if (strcmp(redirects[i].name, name) == 0)
            return redirects[i].target;
    return NULL;
}

/* Points every GOT slot of `map` that refers to a redirected function at its replacement (x86-64
 * relocation types: the only architecture wi4mpi builds for). */
static void redirect_object(struct link_map *map)
{
    const ElfW(Dyn) *dyn = map->l_ld;
    const ElfW(Sym) *symtab = NULL;
    const char *strtab = NULL;
    const ElfW(Rela) *tables[2] = {NULL, NULL};
    size_t sizes[2] = {0, 0};
    for (; dyn != NULL && dyn->d_tag != DT_NULL; dyn++) {
        switch (dyn->d_tag) {
        case DT_SYMTAB: symtab = (const ElfW(Sym) *)dyn->d_un.d_ptr; break;
        case DT_STRTAB: strtab = (const char *)dyn->d_un.d_ptr; break;
        case DT_JMPREL: tables[0] = (const ElfW(Rela) *)dyn->d_un.d_ptr; break;
        case DT_PLTRELSZ: sizes[0] = dyn->d_un.d_val; break;
        case DT_RELA: tables[1] = (const ElfW(Rela) *)dyn->d_un.d_ptr; break;
        case DT_RELASZ: sizes[1] = dyn->d_un.d_val; break;
        default: break;
        }
    }
    if (symtab == NULL || strtab == NULL)
        return;
    long page = sysconf(_SC_PAGESIZE);
    for (int t = 0; t < 2; t++) {
        if (tables[t] == NULL)
            continue;
        for (size_t i = 0; i < sizes[t] / sizeof(ElfW(Rela)); i++) {
            const ElfW(Rela) *r = &tables[t][i];
            unsigned type = ELF64_R_TYPE(r->r_info);
            if (type != R_X86_64_JUMP_SLOT && type != R_X86_64_GLOB_DAT)
                continue;
            void *target = redirect_target(strtab + symtab[ELF64_R_SYM(r->r_info)].st_name);
            if (target == NULL)
                continue;
            void **slot = (void **)(map->l_addr + r->r_offset);
            uintptr_t start = (uintptr_t)slot & ~(uintptr_t)(page - 1);
            /* The slot may sit in a RELRO page that the loader made read-only. */
            mprotect((void *)start, (size_t)page, PROT_READ | PROT_WRITE);
            *slot = target;
        }
    }
}

/* The namespace's objects already redirected, so that the walk after each dlopen redirects the new
 * ones only (Open MPI 4.1 opens some hundred components at MPI_Init: redirecting every object after
 * each took 12 ms of its start, measured). An object that dlclose unloads leaves the set
 * (namespace_dlclose), since the next object loaded may take its link map's memory. */
struct redirected_object {
    struct link_map *map; /* the key */
    unsigned seen;        /* the sweep that last found it in the namespace's list */
    UT_hash_handle hh;
};
static struct redirected_object *redirected;
static unsigned sweep;
static pthread_mutex_t redirected_lock = PTHREAD_MUTEX_INITIALIZER;

/* The first object of the runtime's namespace. */
static struct link_map *namespace_head(void)
{
    struct link_map *map = NULL;
    if (runtime_handle == NULL || dlinfo(runtime_handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL)
        return NULL;
    while (map->l_prev != NULL)
        map = map->l_prev;
    return map;
}

/* Redirects the namespace's objects not redirected yet (the C library and the loader keep theirs). */
static void redirect_new(void)
{
    pthread_mutex_lock(&redirected_lock);
    for (struct link_map *map = namespace_head(); map != NULL; map = map->l_next) {
        struct redirected_object *known;
        HASH_FIND_PTR(redirected, &map, known);
        if (known != NULL)
            continue;
        const char *name = map->l_name != NULL ? map->l_name : "";
        if (strstr(name, "/libc.so") == NULL && strstr(name, "/ld-linux") == NULL)
            redirect_object(map);
        if ((known = calloc(1, sizeof *known)) == NULL)
            wi_fatal("out of memory recording the runtime namespace's libraries");
        known->map = map;
        known->seen = sweep;
        HASH_ADD_PTR(redirected, map, known);
    }
    pthread_mutex_unlock(&redirected_lock);
}

/* dlclose in the namespace: the objects it unloads, no longer in the namespace's list, leave the set. */
static int namespace_dlclose(void *handle)
{
    int rc = dlclose(handle);
    pthread_mutex_lock(&redirected_lock);
    sweep++;
    for (struct link_map *map = namespace_head(); map != NULL; map = map->l_next) {
        struct redirected_object *known;
        HASH_FIND_PTR(redirected, &map, known);
        if (known != NULL)
            known->seen = sweep;
    }
    struct redirected_object *known, *next;
    HASH_ITER(hh, redirected, known, next) {
        if (known->seen != sweep) {
            HASH_DEL(redirected, known);
            free(known);
        }
    }
    pthread_mutex_unlock(&redirected_lock);
    return rc;
}

/* What the runtime's libraries get for dlopen: the same load, in the runtime's namespace, without
 * RTLD_GLOBAL (which glibc does not support outside the base namespace: its dlopen crashes there).
 * Objects loaded later still see the runtime's symbols: the namespace's global scope is the
 * search list of its first object, the runtime library. */
void *wi_namespace_dlopen(const char *file, int mode)
{
    /* dlopen(NULL) means the program's global scope; in the namespace, that is the runtime's search
     * list. A new reference: callers dlclose what they get (hwloc does). */
    if (file == NULL)
        return dlmopen(runtime_namespace, runtime_path, RTLD_NOW | RTLD_NOLOAD);
    void *handle = dlmopen(runtime_namespace, file, mode & ~RTLD_GLOBAL);
    if (handle != NULL)
        redirect_new();
    return handle;
}

void *wi_namespace_open(const char *path)
{
    void *handle = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL)
        return NULL;
    if (dlinfo(handle, RTLD_DI_LMID, &runtime_namespace) != 0)
        wi_fatal("cannot read the link-map namespace of '%s': %s", path, dlerror());
    runtime_path = path;
    runtime_handle = handle;
    void *libc = dlmopen(runtime_namespace, "libc.so.6", RTLD_NOW | RTLD_NOLOAD);
    if (libc == NULL || (ns_ctype_b_loc = (ctype_loc_fn)dlsym(libc, "__ctype_b_loc")) == NULL ||
        (ns_ctype_tolower_loc = (ctype_loc_fn)dlsym(libc, "__ctype_tolower_loc")) == NULL ||
        (ns_ctype_toupper_loc = (ctype_loc_fn)dlsym(libc, "__ctype_toupper_loc")) == NULL ||
        (ns_ctype_init = (void (*)(void))dlsym(libc, "__ctype_init")) == NULL)
        wi_fatal("cannot find the C library's character-class functions in the namespace of '%s'", path);
    redirect_new();
    return handle;
}
