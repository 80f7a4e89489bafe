package org.wi4mpi.gen.render;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A function's hook (hooks.json) as the A_ function template sees it: its name, and the function's
 * arguments bound to the hook's parameters, so that the hook's code names the object of
 * MPI_Comm_get_name and of MPI_Win_get_name alike.
 *
 * @param parameters the arguments by the hook's parameter names, in order (empty when it binds none)
 * @param further    the arguments after the named ones, which the hook's code passes on as they are
 */
public record HookUse(String name, Map<String, ArgView> parameters, List<ArgView> further) {

    public HookUse {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        further = List.copyOf(further);
    }
}
