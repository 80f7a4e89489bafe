package org.wi4mpi.gen.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wi4mpi.gen.cli.Main;
import picocli.CommandLine;

/** The probe and dump commands: output, exit codes, and one-sentence errors without stack traces. */
class ProbeCliTest {

    private record Run(int exitCode, String out, String err) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new CommandLine(new Main())
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void dumpOfAMissingHeaderExitsWith2AndNamesThePath() {
        Run run = run("dump", "/nonexistent/include/mpi.h");
        assertEquals(2, run.exitCode());
        assertEquals("wi4mpi-gen dump: MPI header not found: /nonexistent/include/mpi.h.\n", run.err());
        assertEquals("", run.out());
    }

    @Test
    void probeWithAMissingHeaderExitsWith2AndNamesThePath(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("probe.json"), """
                {"families": {"openmpi": {
                  "header": "/nonexistent/openmpi/mpi.h",
                  "c_library": "/usr/lib/x86_64-linux-gnu/libmpi.so.40",
                  "fortran_library": "/usr/lib/x86_64-linux-gnu/libmpi_mpifh.so.40",
                  "fake": ["libmpi.so.40"], "marker": "ompi_mpi_comm_world"}}}
                """);
        Run run = run("probe", "--config", config.toString(), "--out", dir.toString());
        assertEquals(2, run.exitCode());
        assertEquals("wi4mpi-gen probe: MPI header not found: /nonexistent/openmpi/mpi.h.\n", run.err());
        assertTrue(Files.notExists(dir.resolve("openmpi.json")));
    }

    /** An MPI built on demand (built_by) is skipped by --family all while absent, and named when asked for. */
    @Test
    void probeOfEveryFamilySkipsAnAbsentOnDemandBuild(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("probe.json"), """
                {"families": {"openmpi5": {
                  "header": "/nonexistent/openmpi-5.0.7/include/mpi.h",
                  "c_library": "/nonexistent/openmpi-5.0.7/lib/libmpi.so.40",
                  "fortran_library": "/nonexistent/openmpi-5.0.7/lib/libmpi_mpifh.so.40",
                  "fake": ["libmpi.so.40"], "marker": "ompi_mpi_instance_null",
                  "built_by": "bin/wi4mpi-build-mpi openmpi-5.0.7"}}}
                """);
        Run run = run("probe", "--config", config.toString(), "--out", dir.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("openmpi5: skipped, /nonexistent/openmpi-5.0.7/include/mpi.h is absent (built by bin/wi4mpi-build-mpi "
                + "openmpi-5.0.7)\n", run.out());
        assertTrue(Files.notExists(dir.resolve("openmpi5.json")));
        run = run("probe", "--config", config.toString(), "--out", dir.toString(), "--family", "openmpi5");
        assertEquals(2, run.exitCode());
        assertEquals("wi4mpi-gen probe: library not found: /nonexistent/openmpi-5.0.7/lib/libmpi.so.40.\n", run.err());
    }

    @Test
    void aRemovedHandleTheLibraryDoesNotExportIsOneSentence(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("probe.json"), """
                {"families": {"openmpi": {
                  "header": "/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h",
                  "c_library": "/usr/lib/x86_64-linux-gnu/libmpi.so.40",
                  "fortran_library": "/usr/lib/x86_64-linux-gnu/libmpi_mpifh.so.40",
                  "fake": ["libmpi.so.40"], "marker": "ompi_mpi_comm_world",
                  "removed_handles": {"MPI_LB": {"type": "MPI_Datatype", "symbol": "ompi_mpi_lbx"}}}}}
                """);
        Run run = run("probe", "--config", config.toString(), "--out", dir.toString());
        assertEquals(2, run.exitCode());
        assertEquals("wi4mpi-gen probe: probe configuration: openmpi: removed handle MPI_LB: libmpi.so.40 "
                + "exports no object ompi_mpi_lbx.\n", run.err());
        assertTrue(Files.notExists(dir.resolve("openmpi.json")));
    }

    @Test
    void aMarkerTheLibraryDoesNotDefineIsOneSentence(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("probe.json"), """
                {"families": {"openmpi": {
                  "header": "/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h",
                  "c_library": "/usr/lib/x86_64-linux-gnu/libmpi.so.40",
                  "fortran_library": "/usr/lib/x86_64-linux-gnu/libmpi_mpifh.so.40",
                  "fake": ["libmpi.so.40", "libmpi_mpifh.so.40"], "marker": "MPIR_Dup_fn"}}}
                """);
        Run run = run("probe", "--config", config.toString(), "--out", dir.toString());
        assertEquals(2, run.exitCode());
        assertEquals("wi4mpi-gen probe: probe configuration: openmpi: marker MPIR_Dup_fn: libmpi.so.40 "
                + "does not define it.\n", run.err());
        assertTrue(Files.notExists(dir.resolve("openmpi.json")));
    }

    @Test
    void aProbedSonameOutsideTheMpiSonamesIsOneSentence(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("probe.json"), """
                {"families": {"openmpi": {
                  "header": "/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h",
                  "c_library": "/usr/lib/x86_64-linux-gnu/libmpi.so.40",
                  "fortran_library": "/usr/lib/x86_64-linux-gnu/libmpi_mpifh.so.40",
                  "fake": ["libmpi.so.40", "libmpi_mpifh.so.40"], "support": ["libmpi_mpifh.so.40"],
                  "marker": "ompi_mpi_comm_world"}}}
                """);
        Run run = run("probe", "--config", config.toString(), "--out", dir.toString());
        assertEquals(2, run.exitCode());
        assertEquals("wi4mpi-gen probe: probe configuration: openmpi: the soname libmpi_mpifh.so.40 of "
                + "/usr/lib/x86_64-linux-gnu/libmpi_mpifh.so.40 is not among the MPI sonames of \"fake\" (those not "
                + "in \"support\").\n", run.err());
    }

    @Test
    void probeWithAnUnknownFamilyListsTheKnownOnes(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("probe.json"), """
                {"families": {"mpich": {"header": "h", "c_library": "c", "fortran_library": "f", "fake": ["x"], "marker": "m"}}}
                """);
        Run run = run("probe", "--config", config.toString(), "--family", "lam");
        assertEquals(2, run.exitCode());
        assertEquals("wi4mpi-gen probe: unknown family 'lam' for --family; " + config + " has: mpich.\n", run.err());
    }

    @Test
    void dumpPrintsOneSortedPrototypePerLine() throws Exception {
        Path header = FakeHeaderProbeTest.resource("abi/fake-mpich/mpi.h");
        Run run = run("dump", header.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("""
                int MPIX_Comm_fake(MPI_Comm comm, MPI_Count count)
                int MPI_File_close(MPI_File * fh)
                int MPI_Send(const void * buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
                int MPI_Session_finalize(MPI_Session * session)
                """, run.out());
    }
}
