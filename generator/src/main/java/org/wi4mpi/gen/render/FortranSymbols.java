package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FortranDictionary;
import org.wi4mpi.gen.dict.FortranForm;
import org.wi4mpi.gen.dict.MapperKind;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The symbols a Fortran compiler may call for the application family's bindings (docs/fortran.md):
 * the four manglings {@code mpi_send_}, {@code mpi_send__}, {@code MPI_SEND}, {@code mpi_send} and
 * their PMPI twins, the family's mpi_f08 symbols (with its profiling prefix), its {@code _cptr}
 * bindings and the other names fortran.json gives.
 */
public final class FortranSymbols {

    private final AbiDescriptor app;
    private final Dictionaries dict;
    private final FortranDictionary fortran;
    private final FortranDictionary.F08 f08;

    FortranSymbols(AbiDescriptor app, Dictionaries dict, FortranDictionary fortran) {
        this.app = app;
        this.dict = dict;
        this.fortran = fortran;
        this.f08 = fortran.f08().get(app.family());
    }

    /**
     * The manglings of {@code name} and of its PMPI twin, minus names the C library exports itself as
     * C functions (an all-capitals name it exports, such as Open MPI's MPI_COMM_DUP_FN, is the Fortran
     * mangling, and the Fortran layer defines it).
     */
    public static List<String> of(String name, Collection<String> cExports) {
        List<String> out = new ArrayList<>();
        for (String s : manglings(name)) {
            if (!cExports.contains(s) || isFortranMangling(s)) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * The manglings of {@code name} alone, without its PMPI twin (a predefined callback procedure has
     * none), minus names the C library exports itself as C functions, as {@link #of}.
     */
    public static List<String> withoutProfiling(String name, Collection<String> cExports) {
        List<String> out = new ArrayList<>();
        for (String s : manglings(name, "")) {
            if (!cExports.contains(s) || isFortranMangling(s)) {
                out.add(s);
            }
        }
        return out;
    }

    /** The four manglings of a name and of its PMPI twin: x_, x__, X, x, px_, px__, PX, px. */
    private static List<String> manglings(String name) {
        List<String> out = new ArrayList<>(manglings(name, ""));
        out.addAll(manglings(name, "p"));
        return out;
    }

    /** The four manglings of {@code prefix} + name: x_, x__, X, x. */
    private static List<String> manglings(String name, String prefix) {
        String lower = prefix + name.toLowerCase(Locale.ROOT);
        return List.of(lower + "_", lower + "__", lower.toUpperCase(Locale.ROOT), lower);
    }

    /** gfortran's symbol of the default-initialisation object of an mpi_f08 derived type. */
    static String f08DefaultInit(FortranDictionary.F08Module module, String type) {
        return module.prefix() + "__def_init_" + type;
    }

    /** gfortran's symbol of an mpi_f08 handle comparison: the module's pattern for a handle kind and operator. */
    static String f08Operator(FortranDictionary.F08Module module, String pattern, String kind, String op) {
        return module.prefix() + pattern.replace("{kind}", kind).replace("{op}", op);
    }

    /** gfortran's symbol of the copy procedure of an mpi_f08 derived type. */
    static String f08Copy(FortranDictionary.F08Module module, String type) {
        return module.prefix() + "__copy_" + type;
    }

    /** An all-capitals MPI name: no C function is spelt so, only the upper-case Fortran mangling. */
    public static boolean isFortranMangling(String symbol) {
        return symbol.matches("P?MPI_[A-Z0-9_]+");
    }

    /**
     * Whether the family binds {@code name} in Fortran: every function but the C-only ones, and the
     * large-count C functions (MPI_Send_c) where its mpi_f08 module binds them.
     */
    boolean hasBinding(String name) {
        return !fortran.isCOnly(name) || largeF08(name);
    }

    /** A large-count C function bound in the family's mpi_f08 only (mpi_send_f08ts_large_). */
    private boolean largeF08(String name) {
        return f08 != null && f08.hasLarge(name);
    }

    /**
     * The symbols of the wrapper of {@code name}: the mpif.h manglings (none for a large-count
     * function), and the family's mpi_f08 symbol unless the function takes array descriptors there
     * (those get their own wrapper).
     */
    List<String> wrapper(String name) {
        List<String> out = new ArrayList<>(largeF08(name) ? List.of() : of(name, app.exports()));
        if (f08 != null && descriptorArguments(name).isEmpty()) {
            String binding = f08.binding(name, f08.suffix());
            out.addAll(List.of(binding, f08.profiling(binding)));
        }
        if (fortran.cptr().getOrDefault(app.family(), List.of()).contains(name)) {
            out.addAll(manglings(name + "_cptr"));
        }
        FortranDictionary.FortranOnly only = fortran.fortranOnly().get(app.family());
        if (only != null) {
            out.addAll(only.aliases().getOrDefault(name, List.of()));
        }
        return out;
    }

    /** The mpi_f08 symbols of a function whose choice buffers arrive as array descriptors. */
    List<String> descriptor(String name) {
        if (f08 == null || descriptorArguments(name).isEmpty()) {
            return List.of();
        }
        String binding = f08.binding(name, f08.descriptorSuffix());
        return List.of(binding, f08.profiling(binding));
    }

    /** Every symbol of a function without a wrapper, which aborts with its name. */
    List<String> stub(String name) {
        List<String> all = new ArrayList<>(wrapper(name));
        all.addAll(descriptor(name));
        return all;
    }

    /**
     * The symbols of a predefined callback procedure: the mpif.h manglings (not the PMPI ones), and
     * the family's mpi_f08 module procedure (MPI-2 callbacks only: MPI-1's MPI_DUP_FN has none).
     */
    List<String> predefined(String constant, FortranDictionary.PredefinedCallback p) {
        List<String> out = new ArrayList<>(withoutProfiling(constant, app.exports()));
        FortranDictionary.F08Module module = fortran.f08Modules().get(app.family());
        if (module != null && module.callbacks() != null && !p.integer()) {
            out.add(module.callbacks().replace("{name}", constant.toLowerCase(Locale.ROOT)));
        }
        return out;
    }

    /**
     * The arguments the family's mpi_f08 binding of {@code name} passes as array descriptors: its
     * choice buffers, the void * arguments whose role recognises sentinel addresses (MPI_IN_PLACE,
     * MPI_BOTTOM) and those functions.json marks fortran "choice".
     */
    List<String> descriptorArguments(String name) {
        if (f08 == null || f08.descriptorSuffix() == null || !dict.hasFunction(name)) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (ArgSpec a : dict.function(name).args()) {
            boolean voidPointer = a.type().replace("const ", "").trim().equals("void *");
            boolean sentinels = dict.mappers().get(a.role()).kind() == MapperKind.POINTER_CONSTANTS;
            if (voidPointer && (sentinels || a.fortran().is(FortranForm.CHOICE))) {
                out.add(a.name());
            }
        }
        return out;
    }
}
