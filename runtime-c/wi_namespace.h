/* Loading the runtime MPI library in a link-map namespace of its own (dlmopen), for pairs whose two
 * MPIs define the same object and library names (Open MPI 4.1 and 5): there, neither the runtime nor
 * the libraries it loads later (Open MPI's components) can bind to the application's objects, which
 * the program's copy relocations put first in the base namespace's global scope. */
#ifndef WI_NAMESPACE_H
#define WI_NAMESPACE_H

#include "wi_defs.h"

/* dlmopen(LM_ID_NEWLM, path); the namespace's later dlopen calls stay in it. NULL with dlerror() set
 * on failure. */
WI_HIDDEN void *wi_namespace_open(const char *path);

/* dlopen into the runtime's namespace (mode without RTLD_GLOBAL), with the same redirections; what
 * the namespace's own libraries get for dlopen, and how target tools join the runtime there.
 * file NULL: a new reference to the runtime. */
WI_HIDDEN void *wi_namespace_dlopen(const char *file, int mode);

#endif
