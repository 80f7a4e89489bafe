package org.wi4mpi.gen.render;

import org.wi4mpi.gen.dict.LengthExpression;

/**
 * What sizes an array argument (functions.json length), as parsed length expressions the template
 * spells in C (templates/lengths.ftl): capacity, the elements allocated before the call; count, the
 * elements converted back after it (a function reporting fewer, *outcount, has a count of its own).
 *
 * @param inOutLength the count is an in/out length (MPI_T_event_get_info's num_elements): its value
 *                    before the call is the capacity, bounded as any count; its value after, the count
 */
public record ArrayLength(LengthExpression capacity, LengthExpression count, boolean inOutLength) {

    /** Whether the elements converted back are all those allocated. */
    public boolean countIsCapacity() {
        return !inOutLength && capacity.equals(count);
    }
}
