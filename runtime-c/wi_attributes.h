/* Attribute caching on communicators: the copy and delete callbacks of keyvals, and the values of the
 * predefined attributes (MPI_TAG_UB, MPI_HOST, ...), which the runtime returns in its own ABI. */
#ifndef WI_ATTRIBUTES_H
#define WI_ATTRIBUTES_H

#include "wi_defs.h"
#include "wi_handles.h"

/* user_fn: int (*)(A_MPI_Comm, int keyval, void *extra, void *in, void *out, int *flag), or one of the
 * application's predefined MPI_COMM_NULL_COPY_FN / MPI_COMM_DUP_FN, which the trampoline runs itself
 * (so that attribute boxes, wi_attribute_boxes.h, are counted): always the trampoline. */
WI_HIDDEN void *wi_callback_comm_copy_attr_a2r(void *user_fn);
/* Records the user copy function of the runtime keyval created for it. */
WI_HIDDEN void wi_callback_comm_copy_attr_created(void *user_fn, wi_word r_keyval);

/* user_fn: int (*)(A_MPI_Comm, int keyval, void *value, void *extra), or MPI_COMM_NULL_DELETE_FN. */
WI_HIDDEN void *wi_callback_comm_delete_attr_a2r(void *user_fn);
WI_HIDDEN void wi_callback_comm_delete_attr_created(void *user_fn, wi_word r_keyval);

/* The same for datatype keyvals (MPI_TYPE_*_FN) and window keyvals (MPI_WIN_*_FN). */
WI_HIDDEN void *wi_callback_datatype_copy_attr_a2r(void *user_fn);
WI_HIDDEN void wi_callback_datatype_copy_attr_created(void *user_fn, wi_word r_keyval);
WI_HIDDEN void *wi_callback_datatype_delete_attr_a2r(void *user_fn);
WI_HIDDEN void wi_callback_datatype_delete_attr_created(void *user_fn, wi_word r_keyval);
WI_HIDDEN void *wi_callback_win_copy_attr_a2r(void *user_fn);
WI_HIDDEN void wi_callback_win_copy_attr_created(void *user_fn, wi_word r_keyval);
WI_HIDDEN void *wi_callback_win_delete_attr_a2r(void *user_fn);
WI_HIDDEN void wi_callback_win_delete_attr_created(void *user_fn, wi_word r_keyval);

/* The keyval r_keyval (of any object kind) has C++ callbacks, which the trampolines call through
 * MPICH's C++ dispatchers copy_proxy / delete_proxy (MPII_Keyval_set_proxy, wi_cxx_mpich.c).
 * -1 if no callbacks are recorded for r_keyval. */
WI_HIDDEN int wi_keyval_set_cxx(wi_word r_keyval, void *copy_proxy, void *delete_proxy);

/* After MPI_Win_get_attr found a predefined attribute: MPI_WIN_MODEL and MPI_WIN_CREATE_FLAVOR
 * hold constants of the runtime's ABI; they are replaced by the application's. */
WI_HIDDEN void wi_win_attr_r2a(int r_keyval, void *attribute_val);

/* After MPI_Comm_get_attr found a predefined attribute: *(int **)attribute_val points at the runtime's
 * value; where its meaning differs between the ABIs (MPI_HOST, MPI_IO hold ranks that may be
 * MPI_PROC_NULL or MPI_ANY_SOURCE) it is replaced by a pointer to the application's value. */
WI_HIDDEN void wi_comm_attr_r2a(int r_keyval, void *attribute_val);

#endif
