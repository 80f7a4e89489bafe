package org.wi4mpi.gen.render;

import org.junit.jupiter.api.Test;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.Param;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;
import org.wi4mpi.gen.dict.InterfaceDictionary;

import java.util.List;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Interface mode's callback typedefs come from the signatures of standard.json, which every callback type needs. */
class InterfaceCallbacksTest {

    private static final AbiDescriptor STANDARD =
            AbiDescriptor.read(RepositoryPaths.dictionaries().resolve("abi/standard.json"));
    private static final InterfaceDictionary SPELLINGS =
            InterfaceDictionary.load(RepositoryPaths.dictionaries().resolve(InterfaceDictionary.FILE));

    private static InterfaceHeader.Callback callback(InterfaceHeader h, String name) {
        return h.callbacks().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void signaturesAndAliasesAreTheDescriptors() {
        InterfaceHeader h = InterfaceHeader.of(STANDARD, SPELLINGS);
        assertEquals(27, h.callbacks().size());
        assertEquals(new InterfaceHeader.Callback("MPI_Comm_errhandler_function", "void",
                List.of(new Param("comm", "MPI_Comm *"), new Param("error_code", "int *"), new Param("", "...")), null),
                callback(h, "MPI_Comm_errhandler_function"));
        assertEquals(new InterfaceHeader.Callback("MPI_Grequest_cancel_function", "int",
                List.of(new Param("extra_state", "void *"), new Param("complete", "int")), null),
                callback(h, "MPI_Grequest_cancel_function"));
        assertEquals(new InterfaceHeader.Callback("MPI_Win_errhandler_fn", null, null, "MPI_Win_errhandler_function"),
                callback(h, "MPI_Win_errhandler_fn"));
        // Aliases come after the types they name.
        assertEquals("MPI_Comm_errhandler_fn", h.callbacks().get(h.callbacks().size() - 4).name());
    }

    @Test
    void constantsTakeTheirTypesFromInterfaceJson() {
        InterfaceHeader h = InterfaceHeader.of(STANDARD, SPELLINGS);
        assertEquals(new InterfaceHeader.Constant("MPI_STATUS_IGNORE", "pointer", "MPI_Status *", 0),
                h.constants().stream().filter(c -> c.name().equals("MPI_STATUS_IGNORE")).findFirst().orElseThrow());
        assertEquals("MPI_Offset", h.constants().stream().filter(c -> c.name().equals("MPI_DISPLACEMENT_CURRENT"))
                .findFirst().orElseThrow().type());
        assertEquals(new InterfaceHeader.IntegerType("MPI_Aint", InterfaceHeader.Spelling.ADDRESS, 64),
                h.integers().stream().filter(t -> t.name().equals("MPI_Aint")).findFirst().orElseThrow());
        assertEquals(new InterfaceHeader.IntegerType("MPI_Count", InterfaceHeader.Spelling.SIGNED, 64),
                h.integers().stream().filter(t -> t.name().equals("MPI_Count")).findFirst().orElseThrow());
    }

    @Test
    void aPointerConstantWithoutTypeIsOneSentence() {
        var pointers = new TreeMap<>(SPELLINGS.c().pointerTypes());
        pointers.remove("MPI_BOTTOM");
        InterfaceDictionary lacking = new InterfaceDictionary(new InterfaceDictionary.CSpellings(
                SPELLINGS.c().addressTypes(), SPELLINGS.c().constantTypes(), pointers), SPELLINGS.fortran());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> InterfaceHeader.of(STANDARD, lacking));
        assertEquals("standard.json: pointer constant MPI_BOTTOM has no C type in interface.json c.pointer_types",
                e.getMessage());
    }

    @Test
    void aCallbackTypeWithoutSignatureIsOneSentence() {
        TreeMap<String, TypeInfo> types = new TreeMap<>(STANDARD.types());
        types.put("MPI_Grequest_free_function", new TypeInfo("function", null, null, null));
        AbiDescriptor broken = new AbiDescriptor(STANDARD.family(), STANDARD.version(), STANDARD.header(),
                STANDARD.libraries(), types, STANDARD.status(), STANDARD.constants(), STANDARD.objects(),
                STANDARD.functions(), STANDARD.exports(), STANDARD.fortran());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> InterfaceHeader.of(broken, SPELLINGS));
        assertEquals("standard.json: callback type MPI_Grequest_free_function has neither a signature (returns, params)"
                + " nor an alias", e.getMessage());
    }
}
