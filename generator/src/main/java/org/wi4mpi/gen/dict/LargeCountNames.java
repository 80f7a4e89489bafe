package org.wi4mpi.gen.dict;

import java.util.ArrayList;
import java.util.List;

/**
 * How the large-count functions are named (mappers.json large_count): suffix, the end of their names
 * (MPI_Send_c), and runtimeForms, the ends of the names of the forms a runtime lacking one may have
 * instead, in order of preference (MPI_Type_size_x, then MPI_Send).
 */
public record LargeCountNames(String suffix, List<String> runtimeForms) {

    /** The names of the forms of large-count function name, in order of preference; empty for any other. */
    public List<String> formsOf(String name) {
        if (!name.endsWith(suffix)) {
            return List.of();
        }
        String base = name.substring(0, name.length() - suffix.length());
        List<String> out = new ArrayList<>();
        runtimeForms.forEach(form -> out.add(base + form));
        return out;
    }
}
