package org.wi4mpi.gen.clang;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.wi4mpi.gen.clang.libclang.Index_h;

/** A loaded libclang shared library. Loaded once per path for the life of the JVM. */
public final class LibClang {

    /** Environment variable that names the libclang shared library to use. */
    public static final String ENV_VARIABLE = "WI4MPI_LIBCLANG";

    /**
     * Where Debian puts libclang 14 (Debian 12's), which comes first: libclang finds its builtin
     * headers (stddef.h) relative to the directory it was loaded from, and only the llvm-14 directory
     * has them. Other LLVM versions' (Debian 13 has 19) follow, newest first ({@link #candidates()}):
     * the C API used here is libclang's stable one.
     */
    public static final List<Path> DEFAULT_LOCATIONS = List.of(
            Path.of("/usr/lib/llvm-14/lib/libclang.so.1"),
            Path.of("/usr/lib/x86_64-linux-gnu/libclang-14.so.1"));

    private static final Path LLVM_PARENT = Path.of("/usr/lib");

    private static final String CRASH_RECOVERY_VARIABLE = "LIBCLANG_DISABLE_CRASH_RECOVERY";

    private static final Map<Path, LibClang> LOADED = new ConcurrentHashMap<>();

    private final Path path;
    private final Index_h api;

    private LibClang(Path path, Index_h api) {
        this.path = path;
        this.api = api;
    }

    /** The library named by {@code explicitPath}, else by $WI4MPI_LIBCLANG, else the first default that exists. */
    public static LibClang locate(Path explicitPath) {
        if (explicitPath != null) {
            return load(explicitPath);
        }
        String fromEnvironment = System.getenv(ENV_VARIABLE);
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return load(Path.of(fromEnvironment));
        }
        for (Path candidate : candidates()) {
            if (Files.exists(candidate)) {
                return load(candidate);
            }
        }
        throw new ClangException("libclang not found at " + DEFAULT_LOCATIONS.get(0) + ", "
                + DEFAULT_LOCATIONS.get(1) + " nor /usr/lib/llvm-*/lib/libclang.so(.1); install libclang-dev or set "
                + ENV_VARIABLE + ".");
    }

    /**
     * DEFAULT_LOCATIONS, then /usr/lib/llvm-N/lib/libclang.so.1 and libclang.so (the -dev link, all
     * Debian 13's libclang-dev provides there) of every N installed, highest first.
     */
    static List<Path> candidates() {
        List<Path> all = new java.util.ArrayList<>(DEFAULT_LOCATIONS);
        try (var dirs = Files.list(LLVM_PARENT)) {
            dirs.map(d -> d.getFileName().toString())
                    .filter(n -> n.matches("llvm-\\d+"))
                    .sorted(java.util.Comparator.comparingInt((String n) -> Integer.parseInt(n.substring(5))).reversed())
                    .flatMap(n -> java.util.stream.Stream.of("lib/libclang.so.1", "lib/libclang.so")
                            .map(lib -> LLVM_PARENT.resolve(n).resolve(lib)))
                    .filter(p -> !all.contains(p))
                    .forEach(all::add);
        } catch (java.io.IOException e) {
            // No /usr/lib to list: the fixed locations are all there is.
        }
        return all;
    }

    public static LibClang load(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        return LOADED.computeIfAbsent(absolute, LibClang::open);
    }

    private static LibClang open(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new ClangException("libclang not found at " + path + ".");
        }
        disableCrashRecovery();
        try {
            SymbolLookup lookup = SymbolLookup.libraryLookup(path, Arena.global());
            return new LibClang(path, new Index_h(lookup));
        } catch (IllegalArgumentException | UnsatisfiedLinkError e) {
            throw new ClangException("cannot load libclang from " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * libclang's crash recovery installs its own SIGSEGV/SIGBUS handlers, which take over the signals
     * the JVM itself relies on and bring the JVM down. libclang skips that set-up when this variable is
     * in the process environment, so it is put there before the first index is created.
     */
    private static void disableCrashRecovery() {
        Linker linker = Linker.nativeLinker();
        MethodHandle setenv = linker.downcallHandle(linker.defaultLookup().find("setenv").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_INT));
        try (Arena arena = Arena.ofConfined()) {
            int status = (int) setenv.invokeExact(arena.allocateFrom(CRASH_RECOVERY_VARIABLE),
                    arena.allocateFrom("1"), 1);
            if (status != 0) {
                throw new ClangException("cannot set " + CRASH_RECOVERY_VARIABLE + " before loading libclang.");
            }
        } catch (ClangException e) {
            throw e;
        } catch (Throwable t) {
            throw new ClangException("cannot set " + CRASH_RECOVERY_VARIABLE + " before loading libclang.", t);
        }
    }

    public Path path() {
        return path;
    }

    Index_h api() {
        return api;
    }

    public String version() {
        try (Arena arena = Arena.ofConfined()) {
            return Strings.take(api, api.clang_getClangVersion(arena));
        }
    }
}
