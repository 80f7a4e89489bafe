/* Fortran calling conventions of the application's compiler, for the
 * generated Fortran wrappers (docs/fortran.md). ABI-independent. */
#ifndef WI_FORTRAN_H
#define WI_FORTRAN_H

#include <stddef.h>

#include "wi_defs.h"

/* The slot of a hidden character length. On x86-64 an int and a size_t
 * argument occupy the same 8-byte register or stack slot, so the wrappers
 * declare size_t and wi_fortran_len() reads the part the compiler wrote. */
typedef size_t wi_fortran_len_t;

/* How the application's compiler passes hidden lengths. */
enum wi_fortran_len_kind { WI_FORTRAN_LEN_SIZE_T, WI_FORTRAN_LEN_INT };

/* WI4MPI_FORTRAN_STRLEN=int|size_t, else detected from the Fortran
 * runtime loaded in the process (libgfortran.so.5 and later: size_t;
 * libgfortran.so.3/.4 (gfortran < 8) and Intel's libifcore: int), else size_t. */
WI_HIDDEN enum wi_fortran_len_kind wi_fortran_len_kind(void);

/* The value of .TRUE.: WI4MPI_FORTRAN_TRUE, else -1 with Intel's runtime,
 * else 1 (gfortran). .FALSE. is 0 for both. */
WI_HIDDEN int wi_fortran_true(void);

/* A hidden length as a byte count. */
WI_HIDDEN size_t wi_fortran_len(wi_fortran_len_t raw);

/* Copies a Fortran string of len bytes into dst (len + 1 bytes) without its
 * leading and trailing blanks, NUL-terminated: Open MPI's binding strips both from
 * every string, MPICH's from info keys and values, as MPI requires of those. */
WI_HIDDEN void wi_fortran_string_in(char *dst, const char *src, size_t len);

/* Copies the C string src into a Fortran string of len bytes, truncated or
 * padded with blanks. */
WI_HIDDEN void wi_fortran_string_out(char *dst, size_t len, const char *src);

/* Arrays of Fortran strings (MPI_Comm_spawn, MPI_Comm_spawn_multiple), as
 * NULL-terminated C arrays in scratch memory (wi_scratch.h), each string
 * without its trailing blanks. len is the length of one element.
 * argv: elements up to the first all-blank one (MPI's terminator).
 * strings: exactly count elements.
 * argvs: ARGV(count, *): for command i, the elements (i, 1), (i, 2), ...
 * (column-major: element (i, j) is the (j * count + i)-th) up to a blank one. */
WI_HIDDEN char **wi_fortran_argv_in(const char *f, size_t len);
WI_HIDDEN char **wi_fortran_strings_in(const char *f, size_t len, int count);
WI_HIDDEN char ***wi_fortran_argvs_in(const char *f, size_t len, int count);

/* The data address of a choice buffer passed as a gfortran array descriptor
 * (mpi_f08 bindings with TS 29113 buffers: type(*), dimension(..)). Stops
 * the program with one sentence naming function when the array is not
 * contiguous: such sections would need a datatype built for them. */
WI_HIDDEN void *wi_fortran_descriptor_address(const void *descriptor, const char *function);

/* The most dimensions a Fortran array has (Fortran 2008). */
#define WI_FORTRAN_MAX_RANK 15

/* The layout of the array a gfortran descriptor describes: its first element, its element size, its
 * rank and, per dimension, the extent and the distance in bytes between neighbours. Returns 1 when
 * the elements are contiguous (a scalar, a whole array, a contiguous section), 0 otherwise. */
WI_HIDDEN int wi_fortran_descriptor_layout(const void *descriptor, void **base, size_t *elem_len, int *rank,
                                           ptrdiff_t extents[WI_FORTRAN_MAX_RANK],
                                           ptrdiff_t byte_strides[WI_FORTRAN_MAX_RANK]);

#endif
