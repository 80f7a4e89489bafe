package org.wi4mpi.gen.abi;

import java.util.SortedMap;
import java.util.SortedSet;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.abi.AbiDescriptor.Prototype;
import org.wi4mpi.gen.abi.AbiDescriptor.StatusLayout;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;

/** What the header alone says about an ABI; the library adds object sizes, exports and sonames. */
public record HeaderAbi(
        String version,
        SortedMap<String, TypeInfo> types,
        StatusLayout status,
        SortedMap<String, Constant> constants,
        SortedMap<String, Prototype> functions,
        SortedSet<String> declaredObjects) {}
