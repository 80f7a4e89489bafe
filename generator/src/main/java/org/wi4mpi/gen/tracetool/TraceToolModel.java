package org.wi4mpi.gen.tracetool;

import java.util.List;
import java.util.Map;

/** What templates/trace_tool.c.ftl (and trace_fortran.c.ftl, from {@code fortran}) renders for one family. */
public record TraceToolModel(String family, List<TraceWrapper> wrappers,
                             Map<Conversion, List<ConstantTable.Entry>> tables, ConstantTable constants,
                             List<String> objects, TraceFortranModel fortran) {

    /** The Fortran entry points (trace_fortran.c.ftl), or null where the family has no Fortran sentinels. */
    public TraceFortranModel getFortran() { return fortran; }

    public String getFamily() { return family; }
    public List<TraceWrapper> getWrappers() { return wrappers; }

    /** The MPI library's data objects the family's mpi.h refers to (Open MPI's ompi_mpi_comm_world). */
    public List<String> getObjects() { return objects; }

    /** The conversions the template writes functions for, in enum order. */
    public List<Conversion> getConversions() {
        return List.copyOf(tables.keySet());
    }

    public List<ConstantTable.Entry> entries(String conversion) {
        return tables.get(Conversion.ofTable(conversion).orElseThrow());
    }

    /** What an unlisted value becomes (as C), or null when it is kept or numbered. */
    public String defaultOf(String conversion) {
        Integer d = constants.defaultOf(Conversion.ofTable(conversion).orElseThrow());
        return d == null ? null : Integer.toString(d);
    }
}
