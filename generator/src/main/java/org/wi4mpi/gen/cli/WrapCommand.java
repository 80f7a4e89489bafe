package org.wi4mpi.gen.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.ProbeException;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.DictionaryException;
import org.wi4mpi.gen.wrap.MpiccFamily;
import org.wi4mpi.gen.wrap.PmpiInitBinding;
import org.wi4mpi.gen.wrap.WrapException;
import org.wi4mpi.gen.wrap.WrapGenerator;
import org.wi4mpi.gen.wrap.WrapOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * PMPI wrappers from .w files, in wrap.py's language, with the functions and prototypes of a family's
 * ABI descriptor. Exit status: 0 done, 1 a fault in a .w file (or one that cannot be read), 2 a usage
 * fault (options, the family, the dictionaries). On a fault nothing is written.
 */
@Command(name = "wrap", mixinStandardHelpOptions = true,
        description = "Generate PMPI wrappers from .w files (the language of wrap.py) for an MPI family's ABI.")
public final class WrapCommand implements Callable<Integer> {

    static final int EXIT_WRAP_FAULT = 1;
    static final int EXIT_USAGE = 2;
    static final List<String> ABIS = List.of("openmpi", "mpich", "standard");

    @Option(names = "-f", description = "Also write Fortran bindings (MPI_X, mpi_x, mpi_x_, mpi_x__) of each wrapper.")
    boolean fortran;

    @Option(names = "-g", description = "Reentry guards: a wrapper called from a wrapper calls the PMPI function only.")
    boolean guards;

    @Option(names = "-s", description = "Skip the preamble (includes, _EXTERN_C_, ...) and treat C comments as text, for output that is not C.")
    boolean skipHeaders;

    @Option(names = "-w", description = "Silence deprecation warnings around {{callfn}} (WRAP_MPI_CALL_PREFIX/POSTFIX).")
    boolean quietDeprecated;

    @Option(names = "-i", paramLabel = "PMPI_INIT",
            description = "Fortran PMPI_Init binding called by a library built without -DPIC: PMPI_INIT, pmpi_init, pmpi_init_ (default) or pmpi_init__.")
    String pmpiInit = PmpiInitBinding.UNDERSCORE.symbol;

    @Option(names = "-o", paramLabel = "FILE", description = "Write to FILE instead of standard output.")
    Path output;

    @Option(names = "--abi", paramLabel = "FAMILY",
            description = "openmpi, mpich or standard (default: the family of the mpicc in PATH).")
    String abi;

    @Option(names = "-c", paramLabel = "MPICC",
            description = "Take the family from this MPI compiler wrapper instead of mpicc (wrap.py's -c); --abi wins.")
    String mpiccName = "mpicc";

    @Option(names = "--dictionaries", paramLabel = "DIR",
            description = "The dictionaries directory (default: the one of this generator's source tree, else ./dictionaries).")
    Path dictionaries;

    @Parameters(arity = "1..*", paramLabel = "FILE.w", description = "Wrapper files, evaluated in order ({{fileno}} 0, 1, ...).")
    List<Path> files = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Optional<PmpiInitBinding> binding = PmpiInitBinding.ofSymbol(pmpiInit);
        if (binding.isEmpty()) {
            return usage(err, "-i " + pmpiInit + " is no Fortran PMPI_Init binding; give one of " + PmpiInitBinding.symbols() + ".");
        }
        String family = abi;
        if (family == null) {
            Optional<Path> mpicc = MpiccFamily.find(mpiccName, System.getenv("PATH"));
            if (mpicc.isEmpty()) {
                return usage(err, "no " + mpiccName + (mpiccName.contains("/") ? "" : " in PATH")
                        + " to take the MPI family from: give --abi openmpi, mpich or standard.");
            }
            Optional<String> detected = MpiccFamily.of(mpicc.get());
            if (detected.isEmpty()) {
                return usage(err, "cannot tell which MPI family " + mpicc.get() + " compiles for: give --abi openmpi, mpich or standard.");
            }
            family = detected.get();
        } else if (!ABIS.contains(family)) {
            return usage(err, "--abi " + family + " is no known family; give openmpi, mpich or standard.");
        }
        Path dir = dictionaries != null ? dictionaries : defaultDictionaries();
        WrapGenerator generator;
        try {
            AbiDescriptor descriptor = AbiDescriptor.read(dir.resolve("abi").resolve(family + ".json"));
            generator = new WrapGenerator(descriptor, Dictionaries.load(dir), new WrapOptions(fortran, guards,
                    skipHeaders, quietDeprecated, binding.get()));
        } catch (ProbeException | DictionaryException e) {
            return usage(err, e.getMessage());
        }
        List<WrapGenerator.Source> sources = new ArrayList<>();
        for (Path file : files) {
            try {
                sources.add(new WrapGenerator.Source(file.toString(), Files.readString(file, StandardCharsets.UTF_8)));
            } catch (java.nio.file.NoSuchFileException e) {
                err.println("wi4mpi-gen wrap: " + file + " does not exist.");
                err.flush();
                return EXIT_WRAP_FAULT;
            } catch (IOException e) {
                err.println("wi4mpi-gen wrap: cannot read " + file + " (" + e.getMessage() + ").");
                err.flush();
                return EXIT_WRAP_FAULT;
            }
        }
        String text;
        try {
            text = generator.generate(sources);
        } catch (WrapException e) {
            err.println(e.getMessage());
            err.flush();
            return EXIT_WRAP_FAULT;
        }
        return write(text, err);
    }

    private int write(String text, PrintWriter err) {
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(text);
            out.flush();
            return 0;
        }
        Path target = output.toAbsolutePath();
        Path temp = null;
        try {
            temp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            return 0;
        } catch (IOException e) {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // the original fault is the one worth reporting
                }
            }
            return usage(err, "cannot write " + output + " (" + e.getMessage() + ").");
        }
    }

    private static int usage(PrintWriter err, String sentence) {
        err.println("wi4mpi-gen wrap: " + sentence);
        err.flush();
        return EXIT_USAGE;
    }

    /** The dictionaries of the source tree the generator jar was built in (generator/target/..jar), else ./dictionaries. */
    static Path defaultDictionaries() {
        try {
            Path jar = Path.of(WrapCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path root = jar.getParent() == null ? null : jar.getParent().getParent();
            root = root == null ? null : root.getParent();
            if (root != null && Files.isDirectory(root.resolve("dictionaries").resolve("abi"))) {
                return root.resolve("dictionaries");
            }
        } catch (java.net.URISyntaxException | SecurityException | IllegalArgumentException e) {
            // fall back to the working directory
        }
        return Path.of("dictionaries");
    }
}
