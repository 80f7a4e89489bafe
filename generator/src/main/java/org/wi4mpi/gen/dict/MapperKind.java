package org.wi4mpi.gen.dict;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The mapper kinds the templates implement, with the mappers.json fields each one needs. A role
 * names exactly one kind; the templates render kinds and never look at role or function names.
 */
public enum MapperKind {
    /** Copied unchanged. */
    PASSTHROUGH("passthrough"),
    /**
     * An int that is translated when it equals one of the named constants; optionally lacking, the
     * constant a listed application constant the runtime's ABI does not define becomes,
     * lacking_as, another one for some of them, and guided_by_info, a constant an info value completes.
     */
    INT_CONSTANTS("int_constants", List.of("constants"), List.of("lacking", "lacking_as", "guided_by_info")),
    /** An int made of flag bits (file access modes, RMA assertions): each named flag is translated. */
    BITMASK("bitmask", "constants"),
    /** A pointer that is translated when it equals one of the named sentinel addresses. */
    POINTER_CONSTANTS("pointer_constants", "constants"),
    /**
     * An opaque handle of the given MPI type, looked up in the given handle table; optionally c2f, the
     * X of the type's MPI_X_c2f/MPI_X_f2c; error_object, true where an object of the type carries an
     * error handler (the first such input receives the error of a call that fails before reaching the
     * runtime); completes_pending, true for the handle whose completion hands over pending_handle
     * outputs (requests).
     */
    HANDLE("handle", List.of("type", "table"), List.of("c2f", "error_object", "completes_pending")),
    /**
     * An output handle the runtime writes when the call's request completes (MPI_Comm_idup): the
     * runtime gets a slot that outlives the call, converted when the request completes.
     */
    PENDING_HANDLE("pending_handle", "type", "table"),
    /**
     * An MPI_Status, converted field by field; MPI_STATUS(ES)_IGNORE recognised; optionally c2f, the X
     * of MPI_X_c2f/MPI_X_f2c converting it to and from its Fortran form, and delivered_flag, the name
     * of the output that, in a function having it, says whether the call delivered its statuses
     * (MPI_Test's flag).
     */
    STATUS("status", List.of(), List.of("c2f", "delivered_flag")),
    /** An MPI error code or class, translated through its class. */
    ERROR_CODE("error_code"),
    /**
     * An output string whose buffer holds max characters (a MPI_MAX_* constant of each family);
     * optionally result_length, the int * output argument every function of the role has that receives
     * the string's length.
     */
    STRING_OUT("string_out", List.of("max"), List.of("result_length")),
    /**
     * A user function called back by the runtime, wrapped in a trampoline of the named family;
     * optionally int_form_callback, the family used where a large-count function calls the runtime's
     * int form (MPI_Op_create_c on a runtime with MPI_Op_create only).
     */
    CALLBACK("callback", List.of("callback"), List.of("int_form_callback"));

    /** Every field a mapper may carry; each kind uses "kind", "description" and its own parameters. */
    static final List<String> ALL_FIELDS =
            List.of("kind", "type", "table", "c2f", "error_object", "completes_pending", "constants", "lacking", "lacking_as",
                    "guided_by_info", "callback", "int_form_callback", "max", "result_length", "delivered_flag", "description");

    private final String jsonName;
    private final List<String> parameters;
    private final List<String> optionalParameters;

    MapperKind(String jsonName, String... parameters) {
        this(jsonName, List.of(parameters), List.of());
    }

    MapperKind(String jsonName, List<String> parameters, List<String> optionalParameters) {
        this.jsonName = jsonName;
        this.parameters = parameters;
        this.optionalParameters = optionalParameters;
    }

    /** The spelling used in mappers.json. */
    public String jsonName() {
        return jsonName;
    }

    /** The mappers.json fields this kind requires. */
    public List<String> parameters() {
        return parameters;
    }

    /** The fields this kind accepts without requiring them (besides kind and description, the only others). */
    public List<String> optionalParameters() {
        return optionalParameters;
    }

    /**
     * Whether an array of this kind is converted element by element, so that the template must know
     * how many elements there are.
     */
    public boolean convertsElements() {
        return this == HANDLE || this == INT_CONSTANTS || this == BITMASK || this == STATUS;
    }

    /** The mappers.json spelling, which templates compare with. */
    @Override
    public String toString() {
        return jsonName;
    }

    public static Optional<MapperKind> fromJson(String name) {
        return Arrays.stream(values()).filter(k -> k.jsonName.equals(name)).findFirst();
    }

    static String knownNames() {
        return Arrays.stream(values()).map(MapperKind::jsonName).collect(Collectors.joining(", "));
    }
}
