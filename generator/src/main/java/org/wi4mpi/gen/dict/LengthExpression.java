package org.wi4mpi.gen.dict;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The "length" of an array argument in functions.json (docs/dictionaries.md): how many elements the
 * template converts.
 *
 * @param form     which of the written forms it is
 * @param argument the argument it reads (the count, the communicator, the summed array); null for FIXED
 * @param fixed    the element count of FIXED, 0 otherwise
 * @param count    the second argument: the one holding how many elements SUM adds up, ROOT_PEERS's
 *                 root; null otherwise
 */
public record LengthExpression(Form form, String argument, int fixed, String count) {

    public LengthExpression(Form form, String argument, int fixed) {
        this(form, argument, fixed, null);
    }

    public enum Form {
        /** {@code count}: the value of another int argument. */
        ARGUMENT,
        /** {@code *outcount}: the value another argument points to, read after the call. */
        DEREFERENCED_ARGUMENT,
        /** {@code @comm_size(comm)}: the size of the communicator's (local) group. */
        COMM_SIZE,
        /** {@code @comm_remote_size(comm)}: the size of an intercommunicator's remote group. */
        COMM_REMOTE_SIZE,
        /**
         * {@code @comm_peers(comm)}: the number of processes the caller exchanges with: the group
         * size of an intracommunicator, the remote group size of an intercommunicator.
         */
        COMM_PEERS,
        /**
         * {@code @comm_indegree(comm)}: the neighbours a topology communicator receives from (cartesian:
         * 2 * ndims; graph: the caller's neighbours; distributed graph: its in-degree).
         */
        COMM_INDEGREE,
        /** {@code @comm_outdegree(comm)}: the neighbours a topology communicator sends to. */
        COMM_OUTDEGREE,
        /**
         * {@code @root_peers(comm, root)}: the peers (as COMM_PEERS) at the root, none elsewhere: an
         * array significant at the root alone (MPI_Gatherv's recvcounts), which other processes may
         * pass shorter or not at all.
         */
        ROOT_PEERS,
        /** {@code @fixed(3)}: a constant. */
        FIXED,
        /**
         * {@code @sum(array, count)}: the sum of the first count ints of an int array
         * ({@code MPI_Comm_spawn_multiple}'s error codes, one per process of every command).
         */
        SUM
    }

    static final String FORMS = "name, *name, @comm_size(name), @comm_remote_size(name), @comm_peers(name), "
            + "@comm_indegree(name), @comm_outdegree(name), @root_peers(comm, root), @sum(array, count) or @fixed(n)";

    private static final Pattern ARGUMENT_FORM = Pattern.compile("(\\*?)([A-Za-z_][A-Za-z0-9_]*)");
    private static final Pattern COMM_FORM =
            Pattern.compile("@(comm_size|comm_remote_size|comm_peers|comm_indegree|comm_outdegree)\\(\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*\\)");
    private static final Pattern SUM_FORM = Pattern.compile(
            "@sum\\(\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*,\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*\\)");
    private static final Pattern ROOT_PEERS_FORM = Pattern.compile(
            "@root_peers\\(\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*,\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*\\)");
    private static final Pattern FIXED_FORM = Pattern.compile("@fixed\\(\\s*([1-9][0-9]{0,8})\\s*\\)");

    /** The expression written as text, or empty when it is none of the forms. */
    public static Optional<LengthExpression> parse(String text) {
        String t = text.strip();
        Matcher m = ARGUMENT_FORM.matcher(t);
        if (m.matches()) {
            Form form = m.group(1).isEmpty() ? Form.ARGUMENT : Form.DEREFERENCED_ARGUMENT;
            return Optional.of(new LengthExpression(form, m.group(2), 0));
        }
        m = COMM_FORM.matcher(t);
        if (m.matches()) {
            Form form = switch (m.group(1)) {
                case "comm_size" -> Form.COMM_SIZE;
                case "comm_remote_size" -> Form.COMM_REMOTE_SIZE;
                case "comm_indegree" -> Form.COMM_INDEGREE;
                case "comm_outdegree" -> Form.COMM_OUTDEGREE;
                default -> Form.COMM_PEERS;
            };
            return Optional.of(new LengthExpression(form, m.group(2), 0));
        }
        m = SUM_FORM.matcher(t);
        if (m.matches()) {
            return Optional.of(new LengthExpression(Form.SUM, m.group(1), 0, m.group(2)));
        }
        m = ROOT_PEERS_FORM.matcher(t);
        if (m.matches()) {
            return Optional.of(new LengthExpression(Form.ROOT_PEERS, m.group(1), 0, m.group(2)));
        }
        m = FIXED_FORM.matcher(t);
        if (m.matches()) {
            return Optional.of(new LengthExpression(Form.FIXED, null, Integer.parseInt(m.group(1))));
        }
        return Optional.empty();
    }

    /**
     * The expression of a length the loader has accepted (functions.json's lengths are checked when it
     * is read, so a malformed one here is a generator fault).
     */
    public static LengthExpression of(String text) {
        return parse(text).orElseThrow(() -> new IllegalStateException("malformed length '" + text + "'"));
    }

    /** Whether the argument it names must be a communicator. */
    public boolean namesCommunicator() {
        return switch (form) {
            case COMM_SIZE, COMM_REMOTE_SIZE, COMM_PEERS, COMM_INDEGREE, COMM_OUTDEGREE, ROOT_PEERS -> true;
            default -> false;
        };
    }
}
