package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The C types of both sides of a pair: typedefs and MPI_Status layouts (TypesModel). */
final class TypesBuilder {

    private TypesBuilder() {}

    static TypesModel build(AbiDescriptor app, AbiDescriptor run) {
        return new TypesModel(typedefs(app, "A_"), typedefs(run, "R_"), status(app), status(run));
    }

    /** Handles and integers become C typedefs; function types are declared opaque ("function"). */
    private static List<Typedef> typedefs(AbiDescriptor abi, String prefix) {
        List<Typedef> out = new ArrayList<>();
        for (var e : abi.types().entrySet()) {
            TypeInfo t = e.getValue();
            String c = switch (t.kind()) {
                case "handle" -> Boolean.TRUE.equals(t.pointer()) ? "void *" : "int";
                case "integer" -> integer(t);
                case "function" -> "function";
                case "other" -> Integer.valueOf(4).equals(t.size()) ? "int" : null; // MPICH's MPI_T enums
                default -> null; // MPI_Status is declared from its layout
            };
            if (c != null) {
                out.add(new Typedef(prefix + e.getKey(), c));
            }
        }
        if (!abi.types().containsKey("MPI_Fint")) {
            // The standard ABI keeps MPI_Fint out of C (MPI-5.0 §21.4); its Fortran layer is wi4mpi's,
            // with gfortran's default INTEGER.
            out.add(new Typedef(prefix + "MPI_Fint", "int32_t"));
        }
        return out;
    }

    private static String integer(TypeInfo t) {
        boolean signed = !Boolean.FALSE.equals(t.signed());
        int bits = (t.size() == null ? 4 : t.size()) * 8;
        return (signed ? "int" : "uint") + bits + "_t";
    }

    private static StatusView status(AbiDescriptor abi) {
        var fields = abi.status().fields();
        Map<String, Integer> offsets = new TreeMap<>();
        fields.forEach((k, v) -> offsets.put(k, v.offset()));
        StatusCodec codec;
        if (fields.containsKey("_ucount") && fields.containsKey("_cancelled")) {
            codec = StatusCodec.UCOUNT;
        } else if (fields.containsKey("count_lo") && fields.containsKey("count_hi_and_cancelled")) {
            codec = StatusCodec.LO_HI;
        } else if (fields.containsKey(StandardStatus.INTERNAL)) {
            return StandardStatus.view(abi);
        } else {
            throw new IllegalStateException(abi.family() + ".json: MPI_Status has no known count fields "
                    + fields.keySet() + " (expected _ucount/_cancelled, count_lo/count_hi_and_cancelled or MPI_internal)");
        }
        int alignment = fields.values().stream().mapToInt(AbiDescriptor.Field::size).max().orElse(4);
        return new StatusView(abi.status().size(), alignment, offsets, codec);
    }
}
