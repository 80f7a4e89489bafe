/* Definition of the chooser flag; see wi_tls.h. Initial-exec so the chooser
 * reaches it without a __tls_get_addr call; hidden because only this
 * library's own code (the chooser included) may read it. */
#include "wi_tls.h"

__thread int wi_in_w WI_HIDDEN __attribute__((tls_model("initial-exec"))) = 0;
