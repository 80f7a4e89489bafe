package org.wi4mpi.gen.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.abi.AbiDescriptor.Field;
import org.wi4mpi.gen.abi.AbiDescriptor.Param;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;
import org.wi4mpi.gen.clang.LibClang;

/**
 * The committed descriptors are what probing each MPI installed here gives today (the system's Open MPI
 * 4.1 and MPICH 4.0, and those built or unpacked on demand into the cache where they are), and they
 * hold the ABI facts the translation depends on. The output lists what was checked and what was not, and why.
 */
class InstalledAbiTest {

    private static Path abiDir;
    private static AbiDescriptor openmpi;
    private static AbiDescriptor mpich;
    private static AbiProbe probe;
    private static final List<String> CHECKED = new CopyOnWriteArrayList<>();
    private static final List<String> NOT_CHECKED = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void readCommitted() {
        abiDir = committedAbiDirectory();
        openmpi = AbiDescriptor.read(abiDir.resolve("openmpi.json"));
        mpich = AbiDescriptor.read(abiDir.resolve("mpich.json"));
        probe = new AbiProbe(LibClang.locate(null));
    }

    /**
     * dictionaries/abi under wi4mpi.root; when the generator module is built on its own, Maven may set
     * wi4mpi.root to the module directory, so its parents are tried too.
     */
    static Path committedAbiDirectory() {
        String root = System.getProperty("wi4mpi.root");
        assertTrue(root != null && !root.isBlank(), "wi4mpi.root is not set");
        for (Path dir = Path.of(root).toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("dictionaries/abi");
            if (Files.isRegularFile(candidate.resolve("probe.json"))) {
                return candidate;
            }
        }
        throw new AssertionError("no dictionaries/abi/probe.json under " + root + " or its parents");
    }

    /**
     * Each installation present here gives its committed descriptor byte for byte (one probed from
     * another installation of its version: the same but for the header path it records). One absent
     * is skipped, saying which file is missing and what provides it; {@link #listWhatWasChecked} lists both.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("installations")
    void reprobingGivesTheCommittedDescriptor(MpiInstallation installation) throws IOException {
        Optional<String> absence = installation.absence();
        if (absence.isPresent()) {
            NOT_CHECKED.add(installation.name() + ": " + absence.get());
        }
        assumeTrue(absence.isEmpty(), () -> "not checked: " + absence.orElseThrow());
        Path committedFile = abiDir.resolve(installation.family() + ".json");
        AbiDescriptor probed = probe.probe(installation.family(), installation.config());
        String expected = AbiDescriptor.read(committedFile).version();
        if (!release(probed.version()).equals(release(expected))) {
            // Another release at the family's paths (Debian 13: the system Open MPI is 5.0.7, its MPICH
            // 4.2.1): it must give the descriptor of its own release, where one is committed.
            Optional<Path> own = descriptorOfRelease(probed.version());
            String why = installation.config().header() + " is " + probed.version() + ", not the " + expected + " of "
                    + committedFile.getFileName();
            if (own.isEmpty()) {
                NOT_CHECKED.add(installation.name() + ": " + why + ", and no descriptor describes " + probed.version());
            }
            assumeTrue(own.isPresent(), () -> "not checked: " + why + ", and no descriptor describes " + probed.version());
            AbiDescriptor ownDescriptor = AbiDescriptor.read(own.get());
            // This installation's files, probed as that family's (its sonames, marker, removed handles).
            ProbeConfig.Family as = ProbeConfig.read(abiDir.resolve("probe.json")).families().get(ownDescriptor.family());
            ProbeConfig.Family here = installation.config();
            ProbeConfig.Family config = new ProbeConfig.Family(here.header(), here.include(), here.cLibrary(),
                    here.fortranLibrary(), as.fake(), as.support(), as.marker(), as.removedHandles(), here.builtBy());
            assertEquals(Files.readString(own.get()), AbiJson.toJson(withHeader(
                    probe.probe(ownDescriptor.family(), config), ownDescriptor.header())),
                    installation.name() + "'s " + probed.version() + " no longer has the ABI of " + own.get());
            CHECKED.add(installation.name() + " (" + installation.config().header() + ", " + probed.version()
                    + ", against " + own.get().getFileName() + ")");
            return;
        }
        String committed = Files.readString(committedFile);
        AbiDescriptor fresh = probed;
        if (installation.shared()) {
            fresh = withHeader(fresh, AbiDescriptor.read(committedFile).header());
        }
        assertEquals(committed, AbiJson.toJson(fresh), installation.shared()
                ? installation.name() + " no longer has the ABI of " + committedFile + ": it needs a descriptor of its own"
                : committedFile + " is stale: run bin/wi4mpi-gen probe --family " + installation.family());
        CHECKED.add(installation.name() + " (" + installation.config().header() + ")");
    }

    static List<MpiInstallation> installations() {
        return MpiInstallation.all(ProbeConfig.read(committedAbiDirectory().resolve("probe.json")));
    }

    @AfterAll
    static void listWhatWasChecked() {
        System.out.println("InstalledAbiTest: checked against the committed descriptors: "
                + (CHECKED.isEmpty() ? "none" : String.join("; ", CHECKED)));
        System.out.println("InstalledAbiTest: not checked: "
                + (NOT_CHECKED.isEmpty() ? "none" : String.join("; ", NOT_CHECKED)));
    }

    /** "Open MPI 5.0" of "Open MPI 5.0.7": the releases of one minor version share an ABI. */
    static String release(String version) {
        return version.replaceFirst("^(.* \\d+\\.\\d+).*$", "$1");
    }

    /** The committed descriptor probed from a release of version's minor version, if any. */
    private static Optional<Path> descriptorOfRelease(String version) throws IOException {
        try (var files = Files.list(abiDir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".json") && !f.endsWith("probe.json")).sorted().toList()) {
                if (release(AbiDescriptor.read(f).version()).equals(release(version)))
                    return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    private static AbiDescriptor withHeader(AbiDescriptor d, String header) {
        return new AbiDescriptor(d.family(), d.version(), header, d.libraries(), d.types(), d.status(),
                d.constants(), d.objects(), d.functions(), d.exports(), d.fortran());
    }

    @Test
    void openMpiFacts() {
        assertEquals("Open MPI 4.1.4", openmpi.version());
        assertEquals("libmpi.so.40", openmpi.libraries().c());
        assertEquals("libmpi_mpifh.so.40", openmpi.libraries().fortran());
        assertTrue(openmpi.libraries().fake().containsAll(List.of("libmpi.so.40", "libopen-pal.so.40")));
        assertEquals(new Constant("int", null, -1L, null, null), openmpi.constants().get("MPI_ANY_SOURCE"));
        assertEquals(new Constant("int", null, -2L, null, null), openmpi.constants().get("MPI_PROC_NULL"));
        assertEquals(new Constant("int", null, -4L, null, null), openmpi.constants().get("MPI_ROOT"));
        assertEquals(new Constant("handle", "MPI_Comm", null, "ompi_mpi_comm_world", null),
                openmpi.constants().get("MPI_COMM_WORLD"));
        assertEquals(new Constant("pointer", null, 1L, null, null), openmpi.constants().get("MPI_IN_PLACE"));
        assertEquals(new Constant("pointer", null, 0L, null, null), openmpi.constants().get("MPI_STATUS_IGNORE"));
        assertEquals(512, openmpi.objects().get("ompi_mpi_comm_world").size());
        // Removed in MPI-3.0 and hidden by the header, still exported by the library (probe.json removed_handles).
        assertEquals(new Constant("handle", "MPI_Datatype", null, "ompi_mpi_lb", null), openmpi.constants().get("MPI_LB"));
        assertEquals(new Constant("handle", "MPI_Datatype", null, "ompi_mpi_ub", null), openmpi.constants().get("MPI_UB"));
        assertEquals(512, openmpi.objects().get("ompi_mpi_ub").size());
        assertEquals(2048, openmpi.objects().get("ompi_mpi_op_sum").size());
        assertEquals(24, openmpi.status().size());
        assertEquals(new Field(16, 8), openmpi.status().fields().get("_ucount"));
        assertEquals(new TypeInfo("handle", 8, true, null), openmpi.types().get("MPI_Comm"));
        assertTrue(openmpi.exports().contains("MPI_Send") && openmpi.exports().contains("PMPI_Send"));
    }

    @Test
    void mpichFacts() {
        assertEquals("MPICH 4.0.2", mpich.version());
        assertEquals("libmpich.so.12", mpich.libraries().c());
        assertEquals("libmpichfort.so.12", mpich.libraries().fortran());
        assertTrue(mpich.libraries().fake().containsAll(List.of("libmpi.so.12", "libmpifort.so.12")));
        assertEquals(new Constant("handle", "MPI_Comm", 0x44000000L, null, null), mpich.constants().get("MPI_COMM_WORLD"));
        assertEquals(new Constant("int", null, -2L, null, null), mpich.constants().get("MPI_ANY_SOURCE"));
        assertEquals(new Constant("int", null, -1L, null, null), mpich.constants().get("MPI_PROC_NULL"));
        assertEquals(new Constant("pointer", null, -1L, null, null), mpich.constants().get("MPI_IN_PLACE"));
        assertEquals(new Constant("pointer", null, 1L, null, null), mpich.constants().get("MPI_STATUS_IGNORE"));
        assertEquals(20, mpich.status().size());
        assertEquals(new Field(8, 4), mpich.status().fields().get("MPI_SOURCE"));
        assertEquals(new TypeInfo("handle", 4, false, null), mpich.types().get("MPI_Comm"));
        assertEquals(new TypeInfo("handle", 8, true, null), mpich.types().get("MPI_File"));
        assertTrue(mpich.exports().contains("MPIX_Comm_agree") || mpich.exports().stream().anyMatch(e -> e.startsWith("MPIX_")));
    }

    @Test
    void prototypesMatchTheStandard() {
        for (AbiDescriptor abi : List.of(openmpi, mpich)) {
            assertEquals(List.of(new Param("buf", "const void *"), new Param("count", "int"),
                    new Param("datatype", "MPI_Datatype"), new Param("dest", "int"), new Param("tag", "int"),
                    new Param("comm", "MPI_Comm")), abi.functions().get("MPI_Send").params(), abi.family());
            assertEquals("int (*)[3]", abi.functions().get("MPI_Group_range_incl").params().get(2).type());
            assertFalse(abi.functions().keySet().stream().anyMatch(name -> name.startsWith("PMPI_")));
        }
    }
}
