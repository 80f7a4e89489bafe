package org.wi4mpi.gen.render;

/**
 * One argument as the A_ function template sees it: both spellings of its type, the mapper that
 * translates it, and the C expressions giving array lengths (allocation before the call, conversion after).
 */
public record ArgView(
        String name,
        String applicationType,
        String runtimeType,
        String applicationElement,
        String runtimeElement,
        String role,
        String kind,
        String dir,
        boolean array,
        boolean pointer,
        String capacity,
        String count,
        String table,
        String callback,
        String max,
        String resultLength,
        String unusedIfInPlace,
        boolean nullOk) {

    public boolean reads() { return dir.equals("in") || dir.equals("inout"); }

    public boolean writes() { return dir.equals("out") || dir.equals("inout"); }

    /** Name of the runtime-side temporary. */
    public String temp() { return "r_" + name; }
}
