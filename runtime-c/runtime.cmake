# The hand-written runtime, compiled once per pair together with that
# pair's generated sources. Include this file, then add
#   ${WI4MPI_RUNTIME_SOURCES} to the pair's library,
#   ${WI4MPI_RUNTIME_INCLUDE_DIR} and the pair's generated directory
#   (wi_abi.h, wi_convert.h, wi_r_functions.h) to its include path,
#   ${WI4MPI_RUNTIME_LIBRARIES} to its link libraries,
#   ${WI4MPI_RUNTIME_C_FLAGS} to its compile options.
# Requires the uthash header (Debian: uthash-dev).

set(WI4MPI_RUNTIME_INCLUDE_DIR "${CMAKE_CURRENT_LIST_DIR}")

set(WI4MPI_RUNTIME_SOURCES
    "${CMAKE_CURRENT_LIST_DIR}/wi_tls.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_log.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_loader.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_namespace.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_target_tools.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_handles.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_scratch.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_errors.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_lacking.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_lifecycle.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_pending.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_callbacks.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_ops.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_type_contents.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_attributes.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_attribute_boxes.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_grequests.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_datarep.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_composite.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_procnull.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_emulated.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_guided.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_substitutes.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_info_entries.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_info_detached.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_info_shadow.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_object_names.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_fortran.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_fortran_wrappers.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_abi_fortran.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_local.c"
    "${CMAKE_CURRENT_LIST_DIR}/wi_cxx_mpich.c")

# dlopen/dlsym and pthread keys, locks.
set(WI4MPI_RUNTIME_LIBRARIES ${CMAKE_DL_LIBS} pthread)

# gnu11 (TLS models, statement expressions in uthash); everything internal
# hidden even where a declaration lacks WI_HIDDEN.
set(WI4MPI_RUNTIME_C_FLAGS -std=gnu11 -fPIC -fvisibility=hidden -Wall -Wextra -Werror)

find_path(WI4MPI_UTHASH_INCLUDE_DIR uthash.h)
if(NOT WI4MPI_UTHASH_INCLUDE_DIR)
  message(FATAL_ERROR "uthash.h not found: install uthash-dev (Debian) or set WI4MPI_UTHASH_INCLUDE_DIR")
endif()
list(APPEND WI4MPI_RUNTIME_INCLUDE_DIR "${WI4MPI_UTHASH_INCLUDE_DIR}")
