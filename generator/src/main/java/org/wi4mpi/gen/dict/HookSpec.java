package org.wi4mpi.gen.dict;

import java.util.List;

/**
 * One hook of hooks.json: code templates/hooks.ftl adds around a function's runtime call for what no
 * role expresses, and the arguments that code reads, which every function using the hook must have.
 *
 * @param arguments the names of the arguments the hook's code reads
 * @param roles     roles the hook's code looks for among the arguments (one argument of each)
 */
public record HookSpec(String name, String description, List<String> arguments, List<String> roles) {

    public HookSpec {
        arguments = List.copyOf(arguments);
        roles = List.copyOf(roles);
    }
}
