package org.wi4mpi.gen.tracetool;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where one DUMPI field takes its value (a line of dumpi-fields.txt, or the field's own name when no
 * line names it): parameters tried in order, or a derived value, and the modifiers that say how.
 *
 * @param params     the parameter names to try, in order (the first the function has is used); empty
 *                   for a derived value
 * @param derived    the derived value, or null
 * @param derivedArgs what a derived value reads: parameters (a|b: the first the function has) or
 *                   fields written before
 * @param entry      a pointer parameter's value read before the call, not after
 * @param unsized    a datatype whose size is not asked (libdumpi does not ask it there)
 * @param conversion the conversion to apply instead of the one the argument's role implies, or null
 * @param length     the element count of an array field (a parameter, *parameter, a field name or an
 *                   integer), or null to take it from functions.json
 * @param condition  the value is converted only when this holds (else 0, or no statuses), or null
 * @param sizedOnly  the condition (written sized-if:) does not zero the value: it only says when MPI
 *                   reads a datatype, so when its size may be asked
 * @param origin     where the source was written ("dumpi-fields.txt line 12"), for messages
 */
public record FieldSource(List<String> params, Derived derived, List<String> derivedArgs, boolean entry,
                          boolean unsized, Conversion conversion, String length, Condition condition,
                          boolean sizedOnly, String origin) {

    /**
     * Values computed by the tool rather than read from one argument; each but ARGC and ARGV is the C
     * helper wi_tool_&lt;name&gt; of templates/trace_tool.c.ftl, called with its arguments.
     */
    public enum Derived {
        /** (comm): the caller's rank in a communicator (PMPI_Comm_rank). */
        COMMRANK(1),
        /** (comm): the size of a communicator's group (PMPI_Comm_size). */
        COMMSIZE(1),
        /** (comm): the dimensions of a cartesian communicator (PMPI_Cartdim_get). */
        CARTDIM(1),
        /** (comm, max): the smaller of max and the cartesian dimensions. */
        CARTDIM_MAX(2),
        /** (comm, max): the smaller of max and a graph's node count (PMPI_Graphdims_get). */
        GRAPHNODES_MAX(2),
        /** (comm, max): the smaller of max and a graph's edge count. */
        GRAPHEDGES_MAX(2),
        /** (comm, rank, max): the smaller of max and the rank's neighbour count. */
        NEIGHBORS_MAX(3),
        /** (datatype, max): the smaller of max and the datatype's integer count (PMPI_Type_get_envelope). */
        ENVELOPE_INTEGERS_MAX(2),
        /** (datatype, max): the same for addresses. */
        ENVELOPE_ADDRESSES_MAX(2),
        /** (datatype, max): the same for datatypes. */
        ENVELOPE_DATATYPES_MAX(2),
        /** (array, n): the last of n ints (a graph's edge count from its index), 0 when n is 0. */
        LAST(2),
        /** (comm, root, count, maxprocs): at the root, the sum of count maxprocs (MPI_Comm_spawn_multiple); 0 elsewhere. */
        SPAWN_TOTAL(4),
        /** MPI_Init's argc as the program passed it (0 without argv). */
        ARGC(0),
        /** MPI_Init's argv as the program passed it. */
        ARGV(0);

        public final int arity;

        Derived(int arity) {
            this.arity = arity;
        }

        public String function() {
            return "wi_tool_" + name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A comparison of a field already written with another field, an MPI constant or an integer. */
    public record Condition(String left, boolean equal, String right) {}

    private static final Pattern DERIVED = Pattern.compile("@(\\w+)(?:\\(([\\w|,]+)\\))?");
    private static final Pattern PLAIN = Pattern.compile("([\\w|]+)((?:@entry|@unsized|/\\w+|\\[\\*?\\w+\\])*)");
    private static final Pattern CONDITION = Pattern.compile("(sized-)?if:(\\w+)(?:(!=|=)(-?\\w+))?");

    /** The default: the parameter named like the field. */
    public static FieldSource named(String field) {
        return new FieldSource(List.of(field), null, List.of(), false, false, null, null, null, false, "the field's own name");
    }

    /** Parses a source and its optional condition; the message names origin. */
    public static FieldSource parse(String source, String condition, String origin) {
        Condition cond = null;
        boolean sizedOnly = false;
        if (condition != null) {
            Matcher c = CONDITION.matcher(condition);
            if (!c.matches()) {
                throw new TraceToolException(origin + ": '" + condition + "' is no condition (if:field, if:field=value, if:field!=value, or the same after sized-).");
            }
            cond = c.group(3) == null ? new Condition(c.group(2), false, "0")
                    : new Condition(c.group(2), c.group(3).equals("="), c.group(4));
            sizedOnly = c.group(1) != null;
        }
        Matcher d = DERIVED.matcher(source);
        if (d.matches()) {
            Derived derived = java.util.Arrays.stream(Derived.values())
                    .filter(v -> v.name().equalsIgnoreCase(d.group(1))).findFirst()
                    .orElseThrow(() -> new TraceToolException(origin + ": '@" + d.group(1) + "' is no derived value ("
                            + java.util.Arrays.stream(Derived.values()).map(v -> "@" + v.name().toLowerCase(java.util.Locale.ROOT))
                                    .collect(java.util.stream.Collectors.joining(", ")) + ")."));
            List<String> args = d.group(2) == null ? List.of() : List.of(d.group(2).split(","));
            if (args.size() != derived.arity) {
                throw new TraceToolException(origin + ": '" + source + "' takes " + derived.arity + " argument"
                        + (derived.arity == 1 ? "" : "s") + ".");
            }
            return new FieldSource(List.of(), derived, args, false, false, null, null, cond, sizedOnly, origin);
        }
        Matcher p = PLAIN.matcher(source);
        if (!p.matches()) {
            throw new TraceToolException(origin + ": '" + source + "' is neither a parameter (name, name@entry, name@unsized, name/conversion, name[length]) nor a derived value (@commrank(comm), @argc, ...).");
        }
        String mods = p.group(2);
        boolean entry = mods.contains("@entry");
        Conversion conversion = null;
        Matcher conv = Pattern.compile("/(\\w+)").matcher(mods);
        if (conv.find()) {
            String name = conv.group(1);
            conversion = Conversion.ofTable(name).orElseThrow(() -> new TraceToolException(
                    origin + ": '" + name + "' is no conversion of dumpi-constants.txt."));
        }
        Matcher len = Pattern.compile("\\[(\\*?\\w+)\\]").matcher(mods);
        String length = len.find() ? len.group(1) : null;
        return new FieldSource(List.of(p.group(1).split("\\|")), null, List.of(), entry, mods.contains("@unsized"), conversion, length, cond, sizedOnly, origin);
    }

    /** The first of params the function has. */
    public Optional<String> paramIn(List<String> names) {
        return params.stream().filter(names::contains).findFirst();
    }
}
