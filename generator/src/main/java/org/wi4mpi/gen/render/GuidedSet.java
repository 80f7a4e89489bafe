package org.wi4mpi.gen.render;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.MapperSpec;

/**
 * A constant an info value completes (mappers.json guided_by_info: MPI_COMM_TYPE_HW_GUIDED with
 * mpi_hw_resource_type), for a pair whose ABIs disagree on it. Where the runtime lacks the guided
 * constant, refined gives the runtime's constant for each value whose constant it defines (MPICH's
 * MPI_COMM_TYPE_HW_GUIDED with "core" on Open MPI: OMPI_COMM_TYPE_CORE). Where the runtime has it,
 * expanded gives the value it is asked with for each application constant it lacks and that has no
 * lacking_as of its own (Open MPI's OMPI_COMM_TYPE_CORE on MPICH: MPI_COMM_TYPE_HW_GUIDED with "core").
 *
 * @param role                the mapper's role, naming the generated descriptor wi_ROLE_guided
 * @param key                 the info key
 * @param applicationConstant the application's value of the guided constant when refined is used, else null
 * @param runtimeConstant     the runtime's value of the guided constant when expanded is used, else null
 */
public record GuidedSet(String role, String key, Long applicationConstant, Long runtimeConstant,
                        List<Refined> refined, List<Expanded> expanded) {

    /** The runtime's constant name (value runtime) for the info value. */
    public record Refined(String value, String name, long runtime) {}

    /** The application's constant name (value application) asked for as the guided constant with value. */
    public record Expanded(String name, long application, String value) {}

    /** The set of a role for a pair, or empty where the pair needs none (identity pairs, equal ABIs). */
    static Optional<GuidedSet> of(String role, MapperSpec mapper, AbiDescriptor app, AbiDescriptor run,
                                  boolean identity) {
        MapperSpec.GuidedByInfo guided = mapper.guidedByInfo();
        if (guided == null || identity) {
            return Optional.empty();
        }
        Long appGuided = ConstantTablesBuilder.intValue(app, guided.constant());
        Long runGuided = ConstantTablesBuilder.intValue(run, guided.constant());
        List<Refined> refined = new ArrayList<>();
        List<Expanded> expanded = new ArrayList<>();
        Set<String> asked = new HashSet<>();
        for (Map.Entry<String, String> e : guided.values().entrySet()) {
            String name = e.getValue();
            Long a = ConstantTablesBuilder.intValue(app, name);
            Long r = ConstantTablesBuilder.intValue(run, name);
            if (appGuided != null && runGuided == null && r != null) {
                refined.add(new Refined(e.getKey(), name, r));
            }
            if (runGuided != null && a != null && r == null && !mapper.lackingAs().containsKey(name) && asked.add(name)) {
                expanded.add(new Expanded(name, a, e.getKey()));
            }
        }
        if (refined.isEmpty() && expanded.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new GuidedSet(role, guided.key(), refined.isEmpty() ? null : appGuided,
                expanded.isEmpty() ? null : runGuided, List.copyOf(refined), List.copyOf(expanded)));
    }
}
