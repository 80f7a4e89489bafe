/* Exported setter for the shared library of the TLS test (wi_in_w itself
 * stays hidden). */
#include "wi_tls.h"

__attribute__((visibility("default"))) void wi_test_set_in_w(int value)
{
    wi_in_w = value;
}
