/* A component the namespace's runtime loads: no DT_NEEDED on the runtime, its reference to
 * wi_test_ns_object is bound from the namespace's global scope. */
extern int wi_test_ns_object;

__attribute__((visibility("default"))) int ns_component_value(void)
{
    return wi_test_ns_object;
}
