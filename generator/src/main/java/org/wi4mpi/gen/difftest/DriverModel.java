package org.wi4mpi.gen.difftest;

import java.util.List;

/**
 * What templates/difftest/driver.c.ftl renders for one family: the tables that normalise outputs
 * (predefined handles, constant names, error classes) and, per driven function, its cases; then the
 * base cases of the functions MPI-4.0 allows before MPI_Init, numbered -1, run before it.
 */
public record DriverModel(String family, String version, List<String> types, List<HandleTable> handles, List<ConstTable> constTables,
                          List<String> errorClasses, List<String> toolErrors, List<Declaration> declarations,
                          List<FunctionCases> functions, List<FunctionCases> beforeInit, List<NotDriven> notDriven) {

    /** A function the family's mpi.h does not declare, declared as functions.json describes it. */
    public record Declaration(String returns, String name, List<String> paramTypes) {}

    /** A handle type: its kind number, the null constant(s) and every other predefined constant. */
    public record HandleTable(int kind, String type, List<String> nulls, List<String> predefined) {}

    /** The constants of an int_constants or bitmask role that this family's mpi.h defines. */
    public record ConstTable(String id, boolean bitmask, List<String> names) {}

    public record NotDriven(String function, String reason) {}

    /** One function: its C identifier part and its cases, base first. */
    public record FunctionCases(String name, String returns, Recorder returnRecorder, int returnKind,
                                List<Case> cases) {}

    /**
     * One call. {@code skip}: why this family does not run it (a constant its mpi.h lacks), else null.
     * {@code fixtures} are created before and freed after; {@code args} in call order.
     */
    public record Case(int number, String label, String skip, List<FixtureUse> fixtures, List<Arg> args) {}

    /**
     * A fixture instance of argument {@code arg}: its C type, and its creation and release, where
     * {@code $} stands for its variable (driver.c.ftl's fixture).
     */
    public record FixtureUse(String arg, String type, int handleKind, String create, String free) {}

    /** A value: the edge table's C {@code expression}, or the fixture of argument {@code fixture}. */
    public record Value(String expression, String fixture) {}

    /**
     * One argument of one case, kept as its {@link Storage} says: NONE (passed as it is), ELEMENTS (an
     * array of {@code element}, filled with {@code fill} or the canary), BYTES (a data buffer) or CHARS
     * (an output string of {@code size} characters: the role's MPI_MAX_* constant, or null for the
     * driver's default length), in the case's variable of the argument (driver.c.ftl's storage).
     * {@code pass}: the value passed (an edge value, a fixture), or null to pass that variable (a data
     * buffer after its guard zone). {@code records}: the outputs to log; {@code copyBack}: whether the
     * argument's fixture is refreshed from element 0.
     */
    public record Arg(String name, Storage storage, String element, Value fill, boolean pattern,
                      String size, Value pass, List<Record> records, boolean guard, String cleanup,
                      boolean cleanupFirst, boolean copyBack) {}

    /**
     * A logged output: label in the log, its {@link Recorder}, the element of the argument's variable it reads (-1: the
     * whole variable), its handle kind or constant table.
     */
    public record Record(String label, Recorder recorder, int element, int kind, String table) {}
}
