/* The runtime in a link-map namespace of its own (wi_namespace.c), as Open MPI 4.1 <-> 5 pairs load it:
 * a component the runtime dlopens with RTLD_GLOBAL binds to the runtime's object, not the program's
 * one of the same name (the program's copy relocations put it first in the base namespace); dlopen(NULL)
 * and dlclose inside the namespace leave the runtime loaded; pthread keys created in the namespace
 * and in the program are distinct keys of one table; a thread the program creates finds the namespace's
 * character classes set up; a library unloaded and loaded again is redirected again. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>

#include "wi_namespace.h"
#include "wi_test.h"

/* The program's object of the runtime's name (exported: the executable is linked with
 * ENABLE_EXPORTS, as a program with copy relocations has such symbols). */
__attribute__((visibility("default"))) int wi_test_ns_object = 1;

static int (*runtime_isspace)(int);

static void *program_thread(void *result)
{
    *(int *)result = runtime_isspace(' ') * 2 + runtime_isspace('x');
    return NULL;
}

int main(void)
{
    pthread_key_t program_key;
    CHECK_EQ(pthread_key_create(&program_key, NULL), 0);
    CHECK_EQ(pthread_setspecific(program_key, (void *)(uintptr_t)0xabc), 0);

    void *runtime = wi_namespace_open(NAMESPACE_RUNTIME);
    CHECK(runtime != NULL);
    if (runtime == NULL)
        return wi_test_finish("namespace");
    int (*component_value)(const char *) = (int (*)(const char *))dlsym(runtime, "ns_runtime_component_value");
    int (*reopen_self)(void) = (int (*)(void))dlsym(runtime, "ns_runtime_reopen_self");
    int (*key_create)(void) = (int (*)(void))dlsym(runtime, "ns_runtime_key_create");
    uintptr_t (*key_value)(void) = (uintptr_t(*)(void))dlsym(runtime, "ns_runtime_key_value");
    CHECK(component_value != NULL && reopen_self != NULL && key_create != NULL && key_value != NULL);

    /* RTLD_GLOBAL inside the namespace is taken as RTLD_LOCAL (glibc's dlopen would crash), and the
     * component sees the runtime's object: 2, not the program's 1. */
    CHECK_EQ(component_value(NAMESPACE_COMPONENT), 2);
    CHECK_EQ(wi_test_ns_object, 1);

    /* dlopen(NULL) is a new reference to the runtime: closing it keeps the runtime loaded. */
    CHECK_EQ(reopen_self(), 1);
    CHECK_EQ(reopen_self(), 1);
    CHECK_EQ(component_value(NAMESPACE_COMPONENT), 2);

    /* One key table: the namespace's key is not the program's, and neither value is lost. */
    int runtime_key = key_create();
    CHECK(runtime_key >= 0);
    CHECK(runtime_key != (int)program_key);
    CHECK_EQ(key_value(), (uintptr_t)0x5eed);
    CHECK_EQ((uintptr_t)pthread_getspecific(program_key), (uintptr_t)0xabc);

    /* A thread of the program's C library calls into the runtime: the namespace's character-class
     * tables are set up for it (they were null, and isspace crashed). */
    runtime_isspace = (int (*)(int))dlsym(runtime, "ns_runtime_isspace");
    CHECK(runtime_isspace != NULL);
    int classes = -1;
    pthread_t thread;
    if (runtime_isspace != NULL && pthread_create(&thread, NULL, program_thread, &classes) == 0)
        pthread_join(thread, NULL);
    CHECK_EQ(classes, 2);

    /* A library the runtime opens, closes (unloading it) and opens again is redirected both times: the
     * second load may reuse the first's link map, which the record of redirected objects forgot. */
    void *(*load_once)(const char *, int *) = (void *(*)(const char *, int *))dlsym(runtime, "ns_runtime_load_once");
    CHECK(load_once != NULL);
    if (load_once != NULL) {
        int unloaded[2] = {0, 0};
        void *first = load_once(NAMESPACE_UNLOAD, &unloaded[0]);
        void *second = load_once(NAMESPACE_UNLOAD, &unloaded[1]);
        CHECK_EQ((uintptr_t)first, (uintptr_t)(void *)pthread_key_create);
        CHECK_EQ((uintptr_t)second, (uintptr_t)(void *)pthread_key_create);
        CHECK_EQ(unloaded[0], 1);
        CHECK_EQ(unloaded[1], 1);
    }

    /* A library opened into the namespace from outside (a target tool) sees the runtime's objects. */
    void *component = wi_namespace_dlopen(NAMESPACE_COMPONENT, RTLD_LAZY | RTLD_LOCAL);
    CHECK(component != NULL);
    int (*value)(void) = component != NULL ? (int (*)(void))dlsym(component, "ns_component_value") : NULL;
    CHECK(value != NULL && value() == 2);
    return wi_test_finish("namespace");
}
