package org.wi4mpi.gen.render;

import org.junit.jupiter.api.Test;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Each class of FunctionClass, shown by a real function of a real pair. */
class FunctionClassifierTest {

    private static final Dictionaries dict = Dictionaries.load(RepositoryPaths.dictionaries());

    private static AbiDescriptor descriptor(String family) {
        return AbiDescriptor.read(RepositoryPaths.dictionaries().resolve("abi/" + family + ".json"));
    }

    private static FunctionClassifier.Classification classify(String from, String to, String function) {
        AbiDescriptor app = descriptor(from), run = descriptor(to);
        Set<String> handleTypes = new HashSet<>();
        HandleKind.ofPair(app, run, dict).forEach(k -> handleTypes.add(k.type()));
        return new FunctionClassifier(app, run, dict, handleTypes).classify(dict.function(function));
    }

    @Test
    void aFunctionTheRuntimeHasIsTranslated() {
        var c = classify("openmpi", "mpich", "MPI_Send");
        assertEquals(FunctionClass.TRANSLATED, c.functionClass());
        assertEquals("MPI_Send", c.runtime().name());
    }

    @Test
    void aLargeCountFunctionTheRuntimeLacksCallsItsIntForm() {
        var c = classify("mpich", "openmpi", "MPI_Send_c");
        assertEquals(FunctionClass.RUNTIME_FORM, c.functionClass());
        assertEquals("MPI_Send", c.runtime().name());
        // MPI-3's MPI_Count form comes first where the runtime has it
        assertEquals("MPI_Type_size_x", classify("mpich", "openmpi", "MPI_Type_size_c").runtime().name());
    }

    @Test
    void aFunctionRuntimeCComputesIsEmulated() {
        var c = classify("mpich", "openmpi", "MPI_Isendrecv");
        assertEquals(FunctionClass.EMULATED, c.functionClass());
        assertEquals("MPI_Isendrecv", c.runtime().name());
        assertEquals(FunctionClass.TRANSLATED, classify("openmpi", "mpich", "MPI_Isendrecv").functionClass());
    }

    @Test
    void aFunctionOfTheApplicationsAbiAloneIsLocal() {
        var c = classify("standard", "mpich", "MPI_Abi_get_version");
        assertEquals(FunctionClass.LOCAL, c.functionClass());
        assertNull(c.runtime());
    }

    @Test
    void aFunctionTheRuntimeLacksAndNothingComputesIsLacking() {
        assertEquals(FunctionClass.LACKING, classify("mpich", "openmpi", "MPI_Session_init").functionClass());
    }

    @Test
    void aFunctionWhoseRolesThePairCannotTranslateIsUnsupported() {
        // a session handle, and Open MPI 4.1 has no session table
        assertEquals(FunctionClass.UNSUPPORTED, classify("standard", "openmpi", "MPI_Session_toint").functionClass());
    }

    @Test
    void identityPairsGoStraightToTheRuntimeButToLoadIt() {
        assertEquals(FunctionClass.DIRECT, classify("mpich", "mpich", "MPI_Send").functionClass());
        var init = classify("mpich", "mpich", "MPI_Init");
        assertEquals(FunctionClass.TRANSLATED, init.functionClass());
        assertEquals("MPI_Init", init.runtime().name());
    }
}
