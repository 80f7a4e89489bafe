package org.wi4mpi.gen.dict;

/**
 * One argument: its C type as the headers spell it (arrays decayed), its role (a key of mappers.json),
 * its direction (in, out, inout) and, for arrays, the expression giving the element count.
 */
public record ArgSpec(String name, String type, String role, String dir, String length) {
    public boolean isArray() { return length != null; }
    public boolean reads() { return dir.equals("in") || dir.equals("inout"); }
    public boolean writes() { return dir.equals("out") || dir.equals("inout"); }
}
