package org.wi4mpi.gen.dict;

/**
 * One callback family of callbacks.json: the user functions of one kind that the translation wraps so
 * that they see the application's handles (mappers.json names it in a callback role).
 *
 * @param trampolines the runtime-c header declaring the family's trampolines
 *                    ({@code wi_callback_<name>_a2r}), or null where runtime-c has none: a function
 *                    with such a callback is then not translated across ABIs
 */
public record CallbackSpec(String name, String trampolines, String description) {

    public boolean hasTrampolines() {
        return trampolines != null;
    }
}
