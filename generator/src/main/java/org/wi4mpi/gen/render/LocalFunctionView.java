package org.wi4mpi.gen.render;

import java.util.List;
import java.util.Locale;

/**
 * An A_ function that does not call the runtime's function: the runtime family lacks it, so it raises
 * an error (runtime-c/wi_lacking.h), or the dictionary computes it locally ({@code local}). (A function
 * runtime-c computes from the runtime's other functions, {@code emulation}, is translated: a
 * {@link FunctionView} whose callee is that function.)
 *
 * @param report      how it answers
 * @param errorObject for OBJECT: the argument whose error handler is invoked, and its table
 * @param argNames    every argument, so that the unused ones are marked as such
 * @param local       for LOCAL: the C function (runtime-c/wi_local.h, a handle's wi_<kind>_c2f/f2c)
 *                    called with every argument, whose result is returned
 */
public record LocalFunctionView(String name, String applicationReturn, String applicationParams,
                                List<String> argNames, Report report, ErrorObject errorObject, String local) {

    /** How a function the runtime does not answer answers. Templates compare the lower-case name. */
    public enum Report {
        /** The dictionary's local function gives the result. */
        LOCAL,
        /** An error raised on the error object (a communicator, window or file argument). */
        OBJECT,
        /** An error raised on MPI_COMM_SELF: no argument carries an error handler. */
        SELF,
        /** An MPI_T error code (mappers.json tool_functions). */
        TOOL,
        /** No error code to return: the process stops. */
        FATAL;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
