package org.wi4mpi.gen.dict;

import java.util.List;

/**
 * One entry of mappers.json: how values of a role cross from the application ABI to the runtime ABI.
 * kind selects the template macro; the other fields parameterise it (unused ones are null).
 */
public record MapperSpec(String kind, String type, String table, List<String> constants,
                         String callback, String max, String description) {}
