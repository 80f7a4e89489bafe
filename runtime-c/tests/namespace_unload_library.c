/* Opened and closed twice by the namespace's runtime (test_namespace): each load must have its GOT
 * redirected, though the second may take the memory of the first's link map. */
#include <pthread.h>

__attribute__((visibility("default"))) void *ns_unload_key_create_address(void)
{
    return (void *)pthread_key_create; /* read from the GOT slot the namespace redirects */
}
