/* Locating and loading the runtime MPI library. The generated loader
 * (wi_loader.c of the pair) calls these from its constructor, then
 * resolves its R_ function pointers with dlsym on the returned handle. */
#ifndef WI_LOADER_H
#define WI_LOADER_H

#include "wi_defs.h"

/* Environment variable naming the runtime MPI C library (a path or a
 * soname); bin/wi4mpi sets it from etc/wi4mpi.cfg. */
#define WI_RUN_MPI_C_LIB_VAR "WI4MPI_RUN_MPI_C_LIB"

/* dlopens $WI4MPI_RUN_MPI_C_LIB with RTLD_NOW | RTLD_GLOBAL (GLOBAL so the
 * runtime's own plug-ins, e.g. Open MPI's MCA components, resolve against
 * it). Fatal, with a sentence naming the variable and the path, when the
 * variable is unset or the library cannot be loaded. */
WI_HIDDEN void *wi_open_runtime(void);

/* True when one of the application family's MPI libraries (WI_A_SONAMES: fake
 * libraries in preload mode, the real ones in identity pairs; a Fortran
 * program may load only the Fortran one) is already loaded, i.e. this
 * process is an MPI application. Launchers and shells that inherit
 * LD_PRELOAD get 0 and must load nothing. */
WI_HIDDEN int wi_application_uses_mpi(void);

#endif
