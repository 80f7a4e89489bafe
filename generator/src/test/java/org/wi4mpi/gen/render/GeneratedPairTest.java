package org.wi4mpi.gen.render;

import org.junit.jupiter.api.Test;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.LengthExpression;
import org.wi4mpi.gen.dict.LengthExpression.Form;
import org.wi4mpi.gen.dict.MapperKind;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The model of real pairs, built from the repository's dictionaries and ABI descriptors: what each
 * function becomes, how each argument is translated, what is registered. The C the templates write
 * from it is compiled by GeneratedCCompilesTest.
 */
class GeneratedPairTest {

    private static final Dictionaries dict = Dictionaries.load(RepositoryPaths.dictionaries());
    private static final Map<String, PairModel> pairs = new HashMap<>();

    static synchronized PairModel pair(String from, String to) {
        return pairs.computeIfAbsent(from + "_" + to, id -> new PairModelBuilder(descriptor(from), descriptor(to), dict).build());
    }

    private static AbiDescriptor descriptor(String family) {
        return AbiDescriptor.read(RepositoryPaths.dictionaries().resolve("abi/" + family + ".json"));
    }

    private static FunctionView function(PairModel pair, String name) {
        return pair.functions().functions().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not translated by " + pair.id()));
    }

    private static LocalFunctionView local(PairModel pair, String name) {
        return pair.functions().localFunctions().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not answered locally by " + pair.id()));
    }

    private static ArgView arg(FunctionView f, String name) {
        return f.args().stream().filter(a -> a.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(f.name() + " has no argument " + name));
    }

    private static ChooserEntry chooser(PairModel pair, String symbol) {
        return pair.functions().chooser().stream().filter(c -> c.symbol().equals(symbol)).findFirst()
                .orElseThrow(() -> new AssertionError(pair.id() + " exports no " + symbol));
    }

    @Test
    void everyFunctionOfTheFamilyIsClassifiedOnce() {
        Map<String, FunctionClass> classes = pair("mpich", "openmpi").functions().classes();
        assertEquals(FunctionClass.TRANSLATED, classes.get("MPI_Send"));
        assertEquals(FunctionClass.RUNTIME_FORM, classes.get("MPI_Send_c"));
        assertEquals(FunctionClass.EMULATED, classes.get("MPI_Isendrecv"));
        assertEquals(FunctionClass.LACKING, classes.get("MPI_Comm_idup_with_info"));
        assertEquals(FunctionClass.LOCAL, pair("standard", "mpich").functions().classes().get("MPI_Abi_get_version"));
        assertEquals(FunctionClass.UNSUPPORTED, pair("standard", "openmpi").functions().classes().get("MPI_Session_toint"));
        assertEquals(FunctionClass.DIRECT, pair("mpich", "mpich").functions().classes().get("MPI_Send"));
        // each class has its view: A_ functions calling the runtime, or answering without it
        PairModel pair = pair("mpich", "openmpi");
        assertEquals(pair.functions().functions().stream().map(FunctionView::name).sorted().toList(),
                classes.entrySet().stream().filter(e -> e.getValue().callsRuntime()).map(Map.Entry::getKey).toList());
        assertEquals(pair.functions().localFunctions().stream().map(LocalFunctionView::name).sorted().toList(),
                classes.entrySet().stream().filter(e -> e.getValue().answersLocally()).map(Map.Entry::getKey).toList());
    }

    @Test
    void aProcessIsAnMpiApplicationByItsFamilysMpiLibrariesOnly() {
        // Open MPI's launcher and daemons load libopen-rte/libopen-pal: they are no MPI applications.
        List<String> openmpi = List.of("libmpi.so.40", "libmpi_mpifh.so.40", "libmpi_usempif08.so.40",
                "libmpi_usempi_ignore_tkr.so.40", "libmpi_cxx.so.40");
        assertEquals(openmpi, pair("openmpi", "mpich").applicationSonames());
        assertEquals(openmpi, pair("openmpi", "openmpi").applicationSonames());
        assertEquals(List.of("libmpich.so.12", "libmpi.so.12", "libmpichfort.so.12", "libmpifort.so.12",
                "libmpichcxx.so.12", "libmpicxx.so.12"),
                pair("mpich", "openmpi").applicationSonames());
    }

    @Test
    void ranksAreSwappedBetweenOpenMpiAndMpich() {
        // Open MPI ANY_SOURCE -1 / PROC_NULL -2 / ROOT -4; MPICH ANY_SOURCE -2 / PROC_NULL -1 / ROOT -3.
        ConstantSet rank = pair("openmpi", "mpich").tables().constantSets().stream()
                .filter(s -> s.role().equals("rank")).findFirst().orElseThrow();
        Map<String, ConstantSet.Entry> toRuntime = rank.toRuntime().stream()
                .collect(Collectors.toMap(ConstantSet.Entry::name, e -> e));
        assertEquals(new ConstantSet.Entry("MPI_ANY_SOURCE", -1, -2), toRuntime.get("MPI_ANY_SOURCE"));
        assertEquals(new ConstantSet.Entry("MPI_PROC_NULL", -2, -1), toRuntime.get("MPI_PROC_NULL"));
        assertEquals(new ConstantSet.Entry("MPI_ROOT", -4, -3), toRuntime.get("MPI_ROOT"));
        assertTrue(rank.toApplication().contains(new ConstantSet.Entry("MPI_ROOT", -3, -4)));
        assertNull(rank.fallback(), "any other rank is kept");
        // error classes: every class both name, anything else MPI_ERR_UNKNOWN
        ConstantSet classes = pair("openmpi", "mpich").tables().errorClasses();
        assertEquals("MPI_ERR_UNKNOWN", classes.fallback());
        assertTrue(classes.toRuntime().stream().anyMatch(e -> e.name().equals("MPI_SUCCESS") && e.from() == 0 && e.to() == 0));
        // sentinel addresses that differ (Open MPI's MPI_IN_PLACE is 1, MPICH's -1)
        PointerSet buffer = pair("openmpi", "mpich").tables().pointerSets().stream()
                .filter(s -> s.role().equals("buffer")).findFirst().orElseThrow();
        assertEquals(List.of("MPI_IN_PLACE"), buffer.names());
    }

    @Test
    void rmaAssertionFlagsMoveBitByBit() {
        Map<String, BitmaskSet> sets = pair("openmpi", "mpich").tables().bitmaskSets().stream()
                .collect(Collectors.toMap(BitmaskSet::role, s -> s));
        // Open MPI NOCHECK 1 NOSTORE 8 ...; MPICH NOCHECK 1024 NOSTORE 2048 ...: other bits are kept.
        BitmaskSet assertions = sets.get("assert");
        assertTrue(assertions.flags().contains(new BitmaskSet.Flag("MPI_MODE_NOCHECK", 1, 1024)), assertions.toString());
        assertTrue(assertions.flags().contains(new BitmaskSet.Flag("MPI_MODE_NOSTORE", 8, 2048)), assertions.toString());
        assertEquals(31, assertions.applicationMask());
        // File access modes are the same bits in both: nothing to move.
        assertTrue(sets.get("amode").flags().isEmpty());
    }

    @Test
    void sendTranslatesEveryArgumentByRole() {
        FunctionView send = function(pair("openmpi", "mpich"), "MPI_Send");
        assertEquals(List.of(MapperKind.POINTER_CONSTANTS, MapperKind.PASSTHROUGH, MapperKind.HANDLE,
                MapperKind.INT_CONSTANTS, MapperKind.INT_CONSTANTS, MapperKind.HANDLE),
                send.args().stream().map(ArgView::kind).toList());
        assertEquals(List.of("buffer", "value", "datatype", "rank", "tag", "comm"),
                send.args().stream().map(ArgView::role).toList());
        assertEquals("datatype", arg(send, "datatype").table());
        assertEquals(new Translation.HandleTable("comm", false), arg(send, "comm").translation());
        assertEquals(new Callee(Callee.Kind.RUNTIME_POINTER, "MPI_Send"), send.callee());
        assertEquals(MapperKind.ERROR_CODE, send.returns().kind());
        assertEquals(new ErrorObject("comm", "comm"), send.errorObject());
        assertFalse(send.scratch());
    }

    /** A NULL output reaches the runtime as NULL (it reports MPI_ERR_ARG) and nothing is written through it. */
    @Test
    void nullPointersArePassedOnWhereAConversionWouldReadOrWriteThem() {
        ArgView newcomm = arg(function(pair("openmpi", "mpich"), "MPI_Comm_create"), "newcomm");
        assertEquals(Direction.OUT, newcomm.dir());
        assertTrue(newcomm.nullPassedOn());
        assertTrue(arg(function(pair("mpich", "openmpi"), "MPI_Group_translate_ranks"), "ranks2").nullPassedOn());
        ArgView request = arg(function(pair("openmpi", "mpich"), "MPI_Request_free"), "request");
        assertEquals(Direction.INOUT, request.dir());
        assertTrue(request.nullPassedOn());
        // an error-code array has its own sentinel, MPI_ERRCODES_IGNORE
        assertFalse(arg(function(pair("mpich", "openmpi"), "MPI_Comm_spawn"), "array_of_errcodes").nullPassedOn());
        // a buffer is passed as it is, never read here
        assertFalse(arg(function(pair("openmpi", "mpich"), "MPI_Send"), "buf").nullPassedOn());
    }

    @Test
    void requestsCompletePendingOutputsAndArraysAreSizedByTheirCounts() {
        FunctionView waitall = function(pair("mpich", "openmpi"), "MPI_Waitall");
        ArgView requests = arg(waitall, "array_of_requests");
        assertTrue(requests.completesPending());
        LengthExpression count = new LengthExpression(Form.ARGUMENT, "count", 0);
        assertEquals(new ArrayLength(count, count, false), requests.length());
        assertTrue(requests.length().countIsCapacity());
        assertTrue(waitall.scratch());
        // MPI_Waitsome allocates incount entries and converts back *outcount of them
        ArrayLength indices = arg(function(pair("mpich", "openmpi"), "MPI_Waitsome"), "array_of_statuses").length();
        assertEquals(new LengthExpression(Form.ARGUMENT, "incount", 0), indices.capacity());
        assertEquals(new LengthExpression(Form.DEREFERENCED_ARGUMENT, "outcount", 0), indices.count());
        assertFalse(indices.countIsCapacity());
        // an in/out length: its value before the call is the capacity, after it the count
        ArrayLength types = arg(function(pair("standard", "mpich"), "MPI_T_event_get_info"), "array_of_datatypes").length();
        LengthExpression elements = new LengthExpression(Form.DEREFERENCED_ARGUMENT, "num_elements", 0);
        assertEquals(new ArrayLength(elements, elements, true), types);
        assertFalse(types.countIsCapacity());
        assertFalse(arg(waitall, "array_of_statuses").completesPending());
        assertEquals(List.of("request"), pair("mpich", "openmpi").handles().handleKinds().stream()
                .filter(HandleKind::completesPending).map(HandleKind::table).toList());
        // infos hold entries wi4mpi may keep; communicators, datatypes and windows names it may keep
        assertEquals(List.of("info"), pair("mpich", "openmpi").handles().handleKinds().stream()
                .filter(HandleKind::entriesKept).map(HandleKind::table).toList());
        assertEquals(List.of("comm", "datatype", "win"), pair("mpich", "openmpi").handles().handleKinds().stream()
                .filter(HandleKind::namesKept).map(HandleKind::table).toList());
        // MPI_Comm_idup's new communicator is written when its request completes
        ArgView newcomm = arg(function(pair("mpich", "openmpi"), "MPI_Comm_idup"), "newcomm");
        assertEquals(MapperKind.PENDING_HANDLE, newcomm.kind());
        assertEquals(new Translation.HandleTable("comm", false), newcomm.translation());
    }

    @Test
    void neighbourhoodArraysAreSizedByTheTopologysDegrees() {
        FunctionView alltoallw = function(pair("openmpi", "mpich"), "MPI_Neighbor_alltoallw");
        assertEquals(new LengthExpression(Form.COMM_OUTDEGREE, "comm", 0), arg(alltoallw, "sendtypes").length().capacity());
        assertEquals(new LengthExpression(Form.COMM_INDEGREE, "comm", 0), arg(alltoallw, "recvtypes").length().capacity());
    }

    @Test
    void outputStringsAreCopiedWithTheirLength() {
        ArgView name = arg(function(pair("mpich", "openmpi"), "MPI_Get_processor_name"), "name");
        assertEquals(new Translation.StringOut("MPI_MAX_PROCESSOR_NAME", "resultlen"), name.translation());
        ArgView key = arg(function(pair("mpich", "openmpi"), "MPI_Info_get_nthkey"), "key");
        assertEquals(new Translation.StringOut("MPI_MAX_INFO_KEY", null), key.translation());
    }

    @Test
    void theObjectACallbackIsRegisteredForIsTheFirstOutput() {
        FunctionView create = function(pair("openmpi", "mpich"), "MPI_Comm_create_errhandler");
        assertEquals(new Translation.Callback("comm_errhandler"), arg(create, "comm_errhandler_fn").translation());
        assertEquals("errhandler", create.created().name());
        FunctionView keyval = function(pair("openmpi", "mpich"), "MPI_Comm_create_keyval");
        assertEquals(MapperKind.INT_CONSTANTS, keyval.created().kind());
        assertNull(function(pair("openmpi", "mpich"), "MPI_Send").created());
    }

    @Test
    void removedMpi1FunctionsAreTranslatedFromOpenMpiExports() {
        PairModel pair = pair("openmpi", "mpich");
        // Open MPI 4.1's mpi.h no longer declares MPI_Errhandler_set, its library still exports it
        assertEquals(new Callee(Callee.Kind.RUNTIME_POINTER, "MPI_Errhandler_set"),
                function(pair, "MPI_Errhandler_set").callee());
        assertEquals("A_MPI_Errhandler_set", chooser(pair, "MPI_Errhandler_set").entry());
        assertEquals("T_MPI_Errhandler_set", chooser(pair, "MPI_Errhandler_set").runtimePointer());
        assertEquals("AP_MPI_Errhandler_set", chooser(pair, "PMPI_Errhandler_set").entry());
        assertEquals("R_PMPI_Errhandler_set", chooser(pair, "PMPI_Errhandler_set").runtimePointer());
        assertTrue(pair("mpich", "openmpi").functions().runtimeFunctions().stream()
                .anyMatch(f -> f.name().equals("MPI_Errhandler_set")));
    }

    @Test
    void aHookSeesTheArgumentsItsParametersBind() {
        PairModel pair = pair("openmpi", "mpich");
        HookUse get = function(pair, "MPI_Win_get_name").hook();
        assertEquals("object_name_get", get.name());
        assertEquals(List.of("object", "name", "resultlen"), List.copyOf(get.parameters().keySet()));
        assertEquals("win", get.parameters().get("object").table());
        assertEquals("win_name", get.parameters().get("name").name());
        HookUse shadow = function(pair, "MPI_Info_get").hook();
        assertEquals("info", shadow.parameters().get("info").name());
        assertEquals(List.of("key", "valuelen", "value", "flag"), shadow.further().stream().map(ArgView::name).toList());
        assertEquals("errorcode", function(pair, "MPI_Add_error_code").hook().parameters().get("created").name());
    }

    @Test
    void eachSideDeclaresItsTypesByShape() {
        TypesModel types = pair("openmpi", "mpich").types();
        assertEquals(new SideType("MPI_Comm", SideType.Shape.POINTER, 0, true), sideType(types.applicationTypes(), "MPI_Comm"));
        assertEquals(new SideType("MPI_Comm", SideType.Shape.INT, 0, true), sideType(types.runtimeTypes(), "MPI_Comm"));
        assertEquals(new SideType("MPI_Count", SideType.Shape.INTEGER, 64, true), sideType(types.runtimeTypes(), "MPI_Count"));
        assertEquals(SideType.Shape.FUNCTION, sideType(types.applicationTypes(), "MPI_User_function").shape());
        // the standard ABI has no C MPI_Fint: wi4mpi's Fortran layer uses gfortran's default INTEGER
        assertEquals(new SideType("MPI_Fint", SideType.Shape.INTEGER, 32, true),
                sideType(pair("standard", "mpich").types().applicationTypes(), "MPI_Fint"));
    }

    private static SideType sideType(List<SideType> types, String name) {
        return types.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError(name));
    }

    @Test
    void identityPairsGoStraightToTheRuntime() {
        PairModel pair = pair("mpich", "mpich");
        assertTrue(pair.handles().handleKinds().stream().allMatch(HandleKind::identical));
        assertTrue(pair.exports().exportedObjects().isEmpty());
        assertTrue(pair.handles().registrations().isEmpty());
        assertTrue(chooser(pair, "MPI_Send").direct());
        assertFalse(chooser(pair, "MPI_Init").direct(), "loading the runtime is MPI_Init's work");
        assertEquals(Set.of(), pair.functions().functions().stream().map(v -> v.hook().name())
                .filter(h -> !h.equals("load_runtime")).collect(Collectors.toSet()));
        assertTrue(pair.functions().unsupported().isEmpty());
    }

    @Test
    void predefinedHandlesAreRegisteredOncePerValue() {
        List<Registration> registrations = pair("openmpi", "mpich").handles().registrations();
        Registration world = registrations.stream().filter(r -> r.name().equals("MPI_COMM_WORLD")).findFirst().orElseThrow();
        assertEquals("comm", world.kind().table());
        assertEquals("MPI_COMM_WORLD", world.runtimeName());
        assertTrue(world.object(), "Open MPI's MPI_COMM_WORLD is an object of its library");
        assertEquals(registrations.size(), registrations.stream().map(Registration::name).distinct().count());
    }

    @Test
    void fortranHandlesUseTheConversionsMappersJsonNames() {
        Map<String, FortranHandleView> handles = pair("openmpi", "mpich").handles().fortranHandles().stream()
                .collect(Collectors.toMap(FortranHandleView::table, h -> h));
        assertEquals("Type", handles.get("datatype").prefix());
        assertEquals("Comm", handles.get("comm").prefix());
        // MPICH's MPI_Comm_c2f is a macro, its MPI_File_c2f a function
        assertFalse(handles.get("comm").runtimeCalls());
        assertTrue(handles.get("file").runtimeCalls());
        // the runtime's conversions (of handles and statuses, mappers.json c2f) get typed pointers
        // though the standard ABI has none in C
        Set<String> typed = pair("standard", "mpich").functions().runtimeFunctions().stream()
                .map(FunctionView::name).collect(Collectors.toSet());
        assertTrue(typed.containsAll(Set.of("MPI_File_c2f", "MPI_File_f2c", "MPI_Status_c2f", "MPI_Status_f2c")), typed.toString());
    }

    @Test
    void functionsTheRuntimeLacksFailThroughTheErrorPath() {
        PairModel pair = pair("mpich", "openmpi");
        LocalFunctionView idup = local(pair, "MPI_Comm_idup_with_info");
        assertEquals(LocalFunctionView.Report.OBJECT, idup.report());
        assertEquals(new ErrorObject("comm", "comm"), idup.errorObject());
        assertEquals(LocalFunctionView.Report.SELF, local(pair, "MPI_Info_create_env").report());
        assertNull(local(pair, "MPI_Info_create_env").errorObject());
        assertEquals(LocalFunctionView.Report.TOOL, local(pair, "MPI_T_event_get_num").report());
        // Open MPI applications never call them, and MPICH runtimes have them.
        assertTrue(pair("openmpi", "mpich").functions().localFunctions().stream()
                .noneMatch(f -> f.report() == LocalFunctionView.Report.OBJECT || f.report() == LocalFunctionView.Report.SELF));
    }

    @Test
    void emulatedFunctionsCallRuntimeC() {
        FunctionView isendrecv = function(pair("mpich", "openmpi"), "MPI_Isendrecv");
        assertEquals(new Callee(Callee.Kind.EMULATION, "wi_emulated_isendrecv"), isendrecv.callee());
        FunctionView replaceC = function(pair("mpich", "openmpi"), "MPI_Isendrecv_replace_c");
        assertEquals(new Callee(Callee.Kind.EMULATION, "wi_emulated_isendrecv_replace"), replaceC.callee());
        assertEquals(Narrowing.SCALAR, arg(replaceC, "count").narrowing());
        assertEquals(new Callee(Callee.Kind.RUNTIME_POINTER, "MPI_Isendrecv"),
                function(pair("standard", "mpich"), "MPI_Isendrecv").callee());
    }

    @Test
    void largeCountFunctionsTheRuntimeLacksCallTheirIntForms() {
        PairModel pair = pair("mpich", "openmpi");
        FunctionView send = function(pair, "MPI_Send_c");
        assertEquals("MPI_Send", send.runtimeName());
        assertEquals(Narrowing.SCALAR, arg(send, "count").narrowing());
        assertEquals("A_MPI_Count", arg(send, "count").types().application());
        assertEquals("int", arg(send, "count").types().runtime());
        FunctionView alltoallv = function(pair, "MPI_Alltoallv_c");
        assertEquals(Narrowing.ARRAY, arg(alltoallv, "sendcounts").narrowing());
        assertEquals("sendbuf", arg(alltoallv, "sendcounts").unusedIfInPlace());
        assertEquals(Narrowing.POINTER, arg(function(pair, "MPI_Pack_c"), "position").narrowing());
        assertEquals(Narrowing.ABSENT, arg(function(pair, "MPI_Type_get_envelope_c"), "num_large_counts").narrowing());
        assertEquals(new Translation.Callback("op_c_int"), arg(function(pair, "MPI_Op_create_c"), "user_fn").translation());
        assertEquals(new Translation.Callback("op_c"),
                arg(function(pair("standard", "mpich"), "MPI_Op_create_c"), "user_fn").translation());
        assertEquals(new ErrorObject("file", "fh"), function(pair, "MPI_File_read_at_c").errorObject());
        assertEquals(new ErrorObject("win", "win"), function(pair, "MPI_Put_c").errorObject());
        assertEquals("MPI_Send_c", function(pair("standard", "mpich"), "MPI_Send_c").runtimeName());
    }

    @Test
    void splitTypesTheRuntimeLacksBecomeUndefined() {
        ConstantSet split = pair("mpich", "openmpi").tables().constantSets().stream()
                .filter(s -> s.role().equals("split_type")).findFirst().orElseThrow();
        assertTrue(split.toRuntime().stream().anyMatch(e -> e.name().startsWith("MPI_COMM_TYPE_HW_UNGUIDED, which the runtime lacks")),
                split.toString());
        GuidedSet guided = pair("standard", "openmpi").tables().guidedSets().stream()
                .filter(g -> g.role().equals("split_type")).findFirst().orElseThrow();
        assertEquals(223L, guided.applicationConstant());
        assertEquals("mpi_hw_resource_type", guided.key());
    }

    /** MPI_Pcontrol keeps its ellipsis and passes the level alone (the rest is the implementation's). */
    @Test
    void pcontrolPassesTheLevelOnly() {
        FunctionView pcontrol = function(pair("openmpi", "mpich"), "MPI_Pcontrol");
        assertTrue(pcontrol.variadic());
        assertEquals(List.of("level"), pcontrol.args().stream().map(ArgView::name).toList());
        assertEquals("const int, ...", pcontrol.runtimeParamTypes());
    }

    /** One error code per spawned process of every command; the info array has one handle per command. */
    @Test
    void spawnMultipleConvertsOneErrorCodePerProcess() {
        FunctionView spawn = function(pair("mpich", "openmpi"), "MPI_Comm_spawn_multiple");
        assertEquals(new LengthExpression(Form.SUM, "array_of_maxprocs", 0, "count"),
                arg(spawn, "array_of_errcodes").length().capacity());
        assertEquals(MapperKind.ERROR_CODE, arg(spawn, "array_of_errcodes").kind());
        LengthExpression count = new LengthExpression(Form.ARGUMENT, "count", 0);
        assertEquals(new ArrayLength(count, count, false), arg(spawn, "array_of_info").length());
        assertEquals("info", arg(spawn, "array_of_info").table());
    }

    @Test
    void openMpiObjectsAreExportedAtTheVendorSizes() {
        Map<String, Long> sizes = pair("openmpi", "mpich").exports().exportedObjects().stream()
                .collect(Collectors.toMap(ExportsModel.ExportedObject::symbol, ExportsModel.ExportedObject::size));
        assertEquals(512L, sizes.get("ompi_mpi_comm_world"));
        assertEquals(2048L, sizes.get("ompi_mpi_op_sum"));
        // the predefined attribute callbacks Open MPI's constants name, with their behaviour
        Map<String, ExportsModel.Behaviour> functions = pair("openmpi", "mpich").exports().exportedFunctions().stream()
                .collect(Collectors.toMap(ExportsModel.ExportedFunction::symbol, ExportsModel.ExportedFunction::behaviour));
        assertEquals(ExportsModel.Behaviour.DUP, functions.get("OMPI_C_MPI_COMM_DUP_FN"));
        assertEquals(ExportsModel.Behaviour.NULL_DELETE, functions.get("OMPI_C_MPI_COMM_NULL_DELETE_FN"));
        assertEquals(StatusCodec.UCOUNT, pair("openmpi", "mpich").types().applicationStatus().codec());
        assertEquals(StatusCodec.LO_HI, pair("openmpi", "mpich").types().runtimeStatus().codec());
    }

    /**
     * Every function of Open MPI's library is translated, its MPIX_ persistent collectives as the
     * runtime's MPI-4.0 ones (same_as); MPICH's extensions are, as the error path.
     */
    @Test
    void everyExportedFunctionOfTheVendorFamiliesIsTranslated() {
        PairModel pair = pair("openmpi", "mpich");
        assertTrue(pair.functions().unsupported().isEmpty(), pair.functions().unsupported().toString());
        assertEquals("MPI_Allreduce_init", function(pair, "MPIX_Allreduce_init").runtimeName());
        assertEquals("R_PMPI_Send", chooser(pair, "PMPI_Send").runtimePointer());
        assertEquals("MPI_Send", chooser(pair, "PMPI_Send").function());
        assertTrue(pair("mpich", "openmpi").functions().unsupported().isEmpty());
        assertEquals(new ErrorObject("comm", "comm"), local(pair("mpich", "openmpi"), "MPIX_Comm_revoke").errorObject());
    }

    /** Each side's constants as its descriptor gives them: objects of the library, or values. */
    @Test
    void constantsAreTheDescriptorsObjectsAndValues() {
        ConstantsModel constants = pair("openmpi", "mpich").constants();
        Map<String, ConstantValue> app = constants.applicationConstants().stream()
                .collect(Collectors.toMap(PairConstant::name, PairConstant::value));
        Map<String, ConstantValue> run = constants.runtimeConstants().stream()
                .collect(Collectors.toMap(PairConstant::name, PairConstant::value));
        assertEquals(new ConstantValue.ObjectAddress("ompi_mpi_comm_world", "MPI_Comm"), app.get("MPI_COMM_WORLD"));
        assertEquals(new ConstantValue.HandleValue(0x44000000L, "MPI_Comm"), run.get("MPI_COMM_WORLD"));
        assertEquals(new ConstantValue.PointerValue(0, null), run.get("MPI_BOTTOM"));
        assertEquals(new ConstantValue.IntValue(-2, true), run.get("MPI_ANY_SOURCE"));
        // MPICH's MPI_UNWEIGHTED is a variable, read once the runtime's library is loaded
        assertEquals(new ConstantValue.ObjectContent("MPI_UNWEIGHTED"), run.get("MPI_UNWEIGHTED"));
        assertTrue(constants.runtimeObjects().contains("MPI_UNWEIGHTED"));
        assertTrue(constants.applicationObjectSymbols().contains("ompi_mpi_comm_world"));
    }

    @Test
    void handleKindsFollowTheRuntimesOrderAndSessionsNeedBothSides() {
        assertEquals(List.of(HandleType.values()), pair("standard", "mpich").handles().handleKinds().stream()
                .map(HandleKind::handle).toList());
        assertFalse(pair("mpich", "openmpi").handles().handleKinds().stream()
                .anyMatch(k -> k.handle() == HandleType.SESSION));
        HandleKind comm = pair("openmpi", "mpich").handles().handleKinds().getFirst();
        assertEquals(HandleType.COMM, comm.handle());
        assertTrue(comm.applicationPointer());
        assertFalse(comm.runtimePointer());
        assertEquals("Comm", comm.c2f());
    }
}
