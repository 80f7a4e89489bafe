/* PMPI tools built for the target MPI (a site's profiler), loaded between the translation and the
 * runtime. The translation of an application's MPI_X calls the first such tool that defines MPI_X
 * (else the runtime's MPI_X); the translation of PMPI_X always calls the runtime's PMPI_X, as do the
 * tools themselves. The generated loader (wi_loader.c of the pair) opens them right after the runtime
 * and resolves its MPI_ pointers through wi_target_resolve. */
#ifndef WI_TARGET_TOOLS_H
#define WI_TARGET_TOOLS_H

#include "wi_defs.h"

/* Environment variable listing the tools' paths, colon-separated; bin/wi4mpi sets it from
 * --tool-target and WI4MPI_TARGET_TOOLS. Unset or empty: no tool, and the loader resolves exactly
 * what it resolved without this layer. */
#define WI_RUN_TARGET_TOOLS_VAR "WI4MPI_RUN_TARGET_TOOLS"

/* dlopens each tool of $WI4MPI_RUN_TARGET_TOOLS with RTLD_LAZY | RTLD_LOCAL, and in cross pairs
 * RTLD_DEEPBIND, so that the tool's own PMPI_ and MPI_ references bind to its target MPI library (the
 * runtime, already loaded) before the translation library's exported symbols of the application's
 * ABI. Fatal, with a sentence
 * naming the tool, when one cannot be loaded or its PMPI_Init is not the runtime's (a tool built for
 * another MPI). runtime is the handle wi_open_runtime returned. */
WI_HIDDEN void wi_target_tools_open(void *runtime);

/* The address the target gives the MPI function name: the first tool that defines it itself, else
 * the runtime's, else fallback. */
WI_HIDDEN void *wi_target_resolve(void *runtime, const char *name, void *fallback);

#endif
