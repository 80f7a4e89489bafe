package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;
import org.wi4mpi.gen.render.SideType.Shape;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The MPI types of both sides of a pair, which wi_abi.h.ftl declares, and MPI_Status layouts (TypesModel). */
final class TypesBuilder {

    private TypesBuilder() {}

    static TypesModel build(AbiDescriptor app, AbiDescriptor run) {
        return new TypesModel(typedefs(app), typedefs(run), status(app), status(run));
    }

    /** Handles and integers become C typedefs; function types are declared opaque. */
    private static List<SideType> typedefs(AbiDescriptor abi) {
        List<SideType> out = new ArrayList<>();
        for (var e : abi.types().entrySet()) {
            TypeInfo t = e.getValue();
            String name = e.getKey();
            SideType type = switch (t.kind()) {
                case "handle" -> new SideType(name, Boolean.TRUE.equals(t.pointer()) ? Shape.POINTER : Shape.INT, 0, true);
                case "integer" -> new SideType(name, Shape.INTEGER, (t.size() == null ? 4 : t.size()) * 8,
                        !Boolean.FALSE.equals(t.signed()));
                case "function" -> new SideType(name, Shape.FUNCTION, 0, true);
                case "other" -> Integer.valueOf(4).equals(t.size()) ? new SideType(name, Shape.INT, 0, true) : null; // MPICH's MPI_T enums
                default -> null; // MPI_Status is declared from its layout
            };
            if (type != null) {
                out.add(type);
            }
        }
        if (!abi.types().containsKey("MPI_Fint")) {
            // The standard ABI keeps MPI_Fint out of C (MPI-5.0 §21.4); its Fortran layer is wi4mpi's,
            // with gfortran's default INTEGER.
            out.add(new SideType("MPI_Fint", Shape.INTEGER, 32, true));
        }
        return out;
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
