package org.wi4mpi.gen.abi;

/** One entry of an ELF dynamic symbol table. */
public record ElfSymbol(String name, int type, int binding, boolean defined, long size) {

    public static final int STT_OBJECT = 1;
    public static final int STT_FUNC = 2;
    public static final int STB_LOCAL = 0;

    public boolean isFunction() {
        return type == STT_FUNC;
    }

    public boolean isObject() {
        return type == STT_OBJECT;
    }

    /** Defined here and visible to other objects: what a library exports. */
    public boolean isExported() {
        return defined && binding != STB_LOCAL;
    }
}
