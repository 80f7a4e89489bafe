package org.wi4mpi.gen.dict;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.abi.AbiDescriptor.Param;
import org.wi4mpi.gen.abi.AbiDescriptor.Prototype;
import org.wi4mpi.gen.abi.PrototypePass;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class AbiCheckTest {

    private static final String HEADER = "openmpi's mpi.h";

    @TempDir
    static Path dir;

    private static Dictionaries base;
    private static AbiDescriptor openmpi;

    @BeforeAll
    static void load() {
        DictionaryFixtures.copyFiles(DictionaryFixtures.resource("base"), dir);
        base = Dictionaries.load(dir);
        openmpi = AbiDescriptor.read(DictionaryFixtures.resource("abi/openmpi.json"));
    }

    /** The fixture descriptor with one function's prototype rewritten. */
    private static AbiDescriptor withPrototype(String function, UnaryOperator<Prototype> change) {
        var functions = new TreeMap<>(openmpi.functions());
        functions.put(function, change.apply(functions.get(function)));
        return new AbiDescriptor(openmpi.family(), openmpi.version(), openmpi.header(), openmpi.libraries(),
                openmpi.types(), openmpi.status(), openmpi.constants(), openmpi.objects(), functions,
                openmpi.exports(), openmpi.fortran());
    }

    private static Prototype withParamType(Prototype p, int index, String type) {
        List<Param> params = new ArrayList<>(p.params());
        params.set(index, new Param(params.get(index).name(), type));
        return new Prototype(p.returns(), params);
    }

    @Test
    void fixtureDictionariesAgreeWithTheFixtureHeader() {
        assertEquals(List.of(), AbiCheck.problems(base, openmpi));
    }

    /** An argument with family_types is compared with that family's type, named in the sentence. */
    @Test
    void aFamilysOwnTypeIsWhatItsHeaderIsComparedWith(@TempDir Path other) throws Exception {
        DictionaryFixtures.copyFiles(DictionaryFixtures.resource("base"), other);
        Path functions = other.resolve("functions.json");
        String count = "{\"name\": \"count\", \"type\": \"int\", \"role\": \"value\", \"dir\": \"in\"}";
        String text = Files.readString(functions);
        assertTrue(text.contains(count));
        Files.writeString(functions, text.replaceFirst(java.util.regex.Pattern.quote(count), count.substring(0,
                count.length() - 1) + ", \"family_types\": {\"openmpi\": \"MPI_Count\"}}"));
        Dictionaries widened = Dictionaries.load(other);

        assertEquals(List.of("functions.json: MPI_Send: parameter 2 'count' is 'MPI_Count' for openmpi but " + HEADER
                + " declares 'int'"), AbiCheck.problems(widened, openmpi));
        assertEquals(List.of(), AbiCheck.problems(widened, withPrototype("MPI_Send", p -> withParamType(p, 1, "MPI_Count"))));
        assertEquals(List.of("functions.json: MPI_Send: parameter 2 'count' is 'int' but " + HEADER
                + " declares 'MPI_Count'"), AbiCheck.problems(base, withPrototype("MPI_Send", p -> withParamType(p, 1, "MPI_Count"))));
    }

    @Test
    void aDoctoredParameterTypeIsReportedWithTheFunctionsName() {
        AbiDescriptor doctored = withPrototype("MPI_Send", p -> withParamType(p, 2, "MPI_Datatyp"));

        DictionaryException e = assertThrows(DictionaryException.class, () -> AbiCheck.check(base, doctored));

        assertEquals(List.of("functions.json: MPI_Send: parameter 3 'datatype' is 'MPI_Datatype' but " + HEADER
                + " declares 'MPI_Datatyp'"), e.problems());
        assertTrue(e.getMessage().contains("MPI_Send"));
    }

    @Test
    void aParameterNameDifferenceIsNotAProblem() {
        AbiDescriptor renamed = withPrototype("MPI_Recv", p -> {
            List<Param> params = new ArrayList<>(p.params());
            params.set(0, new Param("ibuf", "void*"));
            return new Prototype(p.returns(), params);
        });

        assertEquals(List.of(), AbiCheck.problems(base, renamed));
    }

    @Test
    void constPlacementMattersOnlyWhereItChangesTheType() {
        AbiDescriptor moved = withPrototype("MPI_Send", p -> withParamType(p, 0, "void const*"));
        AbiDescriptor dropped = withPrototype("MPI_Send", p -> withParamType(p, 0, "void *"));

        assertEquals(List.of(), AbiCheck.problems(base, moved));
        assertEquals(List.of("functions.json: MPI_Send: parameter 1 'buf' is 'const void *' but " + HEADER
                + " declares 'void *'"), AbiCheck.problems(base, dropped));
    }

    @Test
    void returnTypeAndParameterCountAreChecked() {
        AbiDescriptor wrongReturn = withPrototype("MPI_Wtime", p -> new Prototype("int", p.params()));
        AbiDescriptor extraParam = withPrototype("MPI_Waitall", p -> {
            List<Param> params = new ArrayList<>(p.params());
            params.add(new Param("extra", "int"));
            return new Prototype(p.returns(), params);
        });

        assertEquals(List.of("functions.json: MPI_Wtime: returns 'double' but " + HEADER + " declares 'int'"),
                AbiCheck.problems(base, wrongReturn));
        assertEquals(List.of("functions.json: MPI_Waitall: has 3 arguments but " + HEADER + " declares 4"),
                AbiCheck.problems(base, extraParam));
    }

    /** A header's "..." must be matched by "variadic": true, and the other way round. */
    @Test
    void anEllipsisMustBeDescribedAsVariadic() {
        AbiDescriptor variadic = withPrototype("MPI_Waitall", p -> {
            List<Param> params = new ArrayList<>(p.params());
            params.add(PrototypePass.VARIADIC);
            return new Prototype(p.returns(), params);
        });

        assertEquals(List.of("functions.json: MPI_Waitall: is not variadic but " + HEADER
                + " declares it with a variable number of arguments"), AbiCheck.problems(base, variadic));
    }

    private static AbiDescriptor without(String function) {
        var functions = new TreeMap<>(openmpi.functions());
        functions.remove(function);
        return new AbiDescriptor(openmpi.family(), openmpi.version(), openmpi.header(), openmpi.libraries(),
                openmpi.types(), openmpi.status(), openmpi.constants(), openmpi.objects(), functions,
                openmpi.exports(), openmpi.fortran());
    }

    /** MPI_Alltoallw is not in the fixture's func_list_openmpi.txt: another family may have it alone. */
    @Test
    void aFunctionOneFamilyLacksIsFineWhileItsFuncListDoesNotNameIt() {
        assertEquals(List.of(), AbiCheck.problems(base, without("MPI_Alltoallw")));
    }

    @Test
    void aListedFunctionTheHeaderLacksIsNamedWithTheFuncList() {
        assertEquals(List.of("func_list_openmpi.txt: MPI_Waitall: is listed but neither declared by " + HEADER
                + " (" + openmpi.header() + ") nor exported by its library"), AbiCheck.problems(base, without("MPI_Waitall")));
    }

    /** Open MPI 4.1 exports MPI-1 functions its mpi.h no longer declares: listing them is right. */
    @Test
    void aListedFunctionTheLibraryExportsNeedsNoDeclaration() {
        AbiDescriptor lacking = without("MPI_Waitall");
        AbiDescriptor exporting = new AbiDescriptor(lacking.family(), lacking.version(), lacking.header(),
                lacking.libraries(), lacking.types(), lacking.status(), lacking.constants(), lacking.objects(),
                lacking.functions(), List.of("MPI_Waitall", "PMPI_Waitall"), lacking.fortran());

        assertEquals(List.of(), AbiCheck.problems(base, exporting));
    }

    @Test
    void aFunctionNoFamilyDeclaresIsReported() {
        DictionaryException e = assertThrows(DictionaryException.class,
                () -> AbiCheck.verify(base, List.of(without("MPI_Alltoallw"))));

        assertEquals(List.of("functions.json: MPI_Alltoallw: is declared by none of openmpi's mpi.h"), e.problems());
    }

    @Test
    void everyConstantAMapperNamesMustBeDefined() {
        var constants = new TreeMap<>(openmpi.constants());
        constants.remove("MPI_PROC_NULL");
        constants.remove("MPI_MAX_ERROR_STRING");
        constants.put("MPI_ROOT", new Constant("int", null, -4L, null, null));
        AbiDescriptor lacking = new AbiDescriptor(openmpi.family(), openmpi.version(), openmpi.header(),
                openmpi.libraries(), openmpi.types(), openmpi.status(), constants, openmpi.objects(),
                openmpi.functions(), openmpi.exports(), openmpi.fortran());

        // No fixture function uses error_string: a family without its constant needs none.
        assertEquals(List.of("mappers.json: rank: constant 'MPI_PROC_NULL' is not defined by " + HEADER),
                AbiCheck.problems(base, lacking));
    }

    /** Runs once the probe has written the repository's descriptors. */
    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpich"})
    void repositoryDictionariesAgreeWithTheProbedHeaders(String family) {
        Path dictionaries = DictionaryFixtures.repositoryDictionaries();
        Path descriptor = dictionaries.resolve("abi").resolve(family + ".json");
        assumeTrue(Files.isRegularFile(descriptor), "no " + descriptor + " yet");

        assertEquals(List.of(), AbiCheck.problems(Dictionaries.load(dictionaries), AbiDescriptor.read(descriptor)));
    }
}
