/* Loaded by test_namespace as the runtime, in a namespace of its own: it loads a component the way
 * Open MPI does (dlopen with RTLD_GLOBAL), reopens itself through dlopen(NULL) as hwloc does, and
 * uses pthread keys as Open MPI's name buffers do, and character classes as its option parser does. */
#include <ctype.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>

/* The same name as an object of the program's: the component must see this one. */
__attribute__((visibility("default"))) int wi_test_ns_object = 2;

__attribute__((visibility("default"))) int ns_runtime_component_value(const char *component)
{
    void *handle = dlopen(component, RTLD_NOW | RTLD_GLOBAL);
    if (handle == NULL)
        return -1;
    int (*value)(void) = (int (*)(void))dlsym(handle, "ns_component_value");
    return value != NULL ? value() : -2;
}

/* Opens library, asks its address of pthread_key_create, closes it; *unloaded: whether the close
 * unloaded it. */
__attribute__((visibility("default"))) void *ns_runtime_load_once(const char *library, int *unloaded)
{
    void *handle = dlopen(library, RTLD_NOW);
    if (handle == NULL)
        return NULL;
    void *(*address)(void) = (void *(*)(void))dlsym(handle, "ns_unload_key_create_address");
    void *result = address != NULL ? address() : NULL;
    dlclose(handle);
    void *again = dlopen(library, RTLD_NOW | RTLD_NOLOAD);
    *unloaded = again == NULL;
    if (again != NULL)
        dlclose(again);
    return result;
}

__attribute__((visibility("default"))) int ns_runtime_reopen_self(void)
{
    void *self = dlopen(NULL, RTLD_NOW);
    if (self == NULL)
        return -1;
    int found = dlsym(self, "wi_test_ns_object") != NULL;
    dlclose(self);
    return found;
}

static pthread_key_t key;

__attribute__((visibility("default"))) int ns_runtime_key_create(void)
{
    if (pthread_key_create(&key, NULL) != 0 || pthread_setspecific(key, (void *)(uintptr_t)0x5eed) != 0)
        return -1;
    return (int)key;
}

__attribute__((visibility("default"))) uintptr_t ns_runtime_key_value(void)
{
    return (uintptr_t)pthread_getspecific(key);
}

/* isspace() reads the calling thread's character-class table of this namespace's C library. */
__attribute__((visibility("default"))) int ns_runtime_isspace(int c)
{
    return isspace(c) != 0;
}
