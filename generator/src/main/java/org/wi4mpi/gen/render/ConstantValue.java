package org.wi4mpi.gen.render;

import java.util.Locale;

/**
 * The value of one constant of one side of a pair, as its ABI descriptor gives it; wi_abi.h.ftl writes
 * the A_/R_ macro. A type is the descriptor's name of the C type cast to, without the side's prefix.
 */
public sealed interface ConstantValue {

    enum Form {
        ADDRESS, CONTENT, INT, POINTER, HANDLE;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    Form form();

    /** The address of a data object of the library (Open MPI's &ompi_mpi_comm_world), cast to type if not null. */
    record ObjectAddress(String symbol, String type) implements ConstantValue {
        public Form form() { return Form.ADDRESS; }
    }

    /**
     * The content of a pointer variable of the library (MPICH's MPI_UNWEIGHTED, an
     * {@code extern int * const}), known once the library is loaded.
     */
    record ObjectContent(String symbol) implements ConstantValue {
        public Form form() { return Form.CONTENT; }
    }

    /** An int, or a wider integer where it does not fit one (fitsInt false). */
    record IntValue(long value, boolean fitsInt) implements ConstantValue {
        public Form form() { return Form.INT; }
    }

    /** A pointer given by its value, cast to type (null: void *, also for pointer and function types). */
    record PointerValue(long value, String type) implements ConstantValue {
        public Form form() { return Form.POINTER; }
    }

    /** A handle given by its value, cast to its handle type. */
    record HandleValue(long value, String type) implements ConstantValue {
        public Form form() { return Form.HANDLE; }
    }
}
