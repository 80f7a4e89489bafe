/* Markers for outputs the runtime may leave alone.
 *
 * What a call leaves in its outputs is part of its behaviour: MPI_Iprobe with flag = false leaves the
 * status alone, MPI_Testany with nothing to complete writes MPI_UNDEFINED, a failed MPI_Comm_split
 * leaves the new communicator alone on one runtime and writes MPI_COMM_NULL on another. A translated
 * output goes through a runtime temporary, so the temporary starts with a marker, and the
 * application's output is written only when the runtime replaced it: whatever the runtime leaves
 * alone, the application finds as it left it (docs/translation.md). The pattern is 0xA5 in every
 * byte: as an int it is negative and none of the MPI constants, as a handle it names no object of
 * either family (an MPICH handle of that value would be a keyval), as a byte count it is near 2^62. */
#ifndef WI_UNSET_H
#define WI_UNSET_H

#include <stdint.h>

#define WI_UNSET_BYTE 0xA5
#define WI_UNSET_INT ((int)0xA5A5A5A5u)
#define WI_UNSET_CHAR ((char)WI_UNSET_BYTE)
/* The marker as a value of an integer or pointer type T (a handle of either representation). */
#define WI_UNSET_OF(T) ((T)(uintptr_t)(sizeof(T) == 4 ? 0xA5A5A5A5u : (uintptr_t)0xA5A5A5A5A5A5A5A5ull))

#endif
