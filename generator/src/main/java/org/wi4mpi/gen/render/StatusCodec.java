package org.wi4mpi.gen.render;

/**
 * How a family's MPI_Status keeps the count and the cancelled flag (runtime-c/wi_status.h reads the
 * one its WI_*_STATUS_CODEC_<name> macro names).
 */
public enum StatusCodec {
    /** Open MPI: a size_t _ucount and an int _cancelled. */
    UCOUNT,
    /** MPICH: count_lo and count_hi_and_cancelled, the flag in the low bit. */
    LO_HI,
    /** The standard ABI: wi4mpi's own use of MPI_internal (StandardStatus). */
    INTERNAL
}
