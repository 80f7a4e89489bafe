package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.FortranDictionary;
import org.wi4mpi.gen.dict.InterfaceDictionary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Interface mode's Fortran side (docs/interface.md): what include/mpif.h declares (the descriptor's
 * {@code fortran} values, the sentinel common blocks of fortran.json), and every Fortran symbol
 * libmpifort_abi.so.1 exports as a stub. The wrappers themselves are each pair's wi_fortran.c.
 *
 * @param constants  INTEGER PARAMETERs, those interface.json declares first (the KIND values) first
 * @param blocks     common blocks, each with its members' declarations in offset order
 * @param functions  functions whose result is not INTEGER: their Fortran type, and names
 * @param symbols    every Fortran symbol of every MPI function with an mpif.h binding
 * @param blockSymbols the common blocks' symbols and sizes, which libmpifort_abi.so.1 defines too
 * @param callbacks  the predefined keyval callback procedures (MPI_COMM_DUP_FN, ...), declared EXTERNAL
 */
public record InterfaceFortran(String version, List<Parameter> constants, List<Block> blocks,
                               Map<String, List<String>> functions, List<String> symbols,
                               List<FortranModel.Block> blockSymbols, List<String> callbacks) {

    public record Parameter(String name, String type, long value) {}

    /** A common block: its Fortran name (the symbol without gfortran's trailing underscore). */
    public record Block(String name, List<String> members, List<String> declarations) {}

    /** Fixed-form Fortran ends statements at column 72; mpif.h must compile in both forms. */
    static final int FIXED_FORM_COLUMNS = 72;

    public static InterfaceFortran of(AbiDescriptor abi, FortranDictionary fortran, InterfaceDictionary spellings) {
        InterfaceDictionary.FortranSpellings types = spellings.fortran();
        if (abi.fortran() == null || abi.fortran().isEmpty()) {
            throw new IllegalStateException(abi.family() + ".json: no fortran values to write mpif.h from");
        }
        List<Parameter> constants = new ArrayList<>();
        List<Parameter> rest = new ArrayList<>();
        for (var e : new TreeMap<>(abi.fortran()).entrySet()) {
            String name = e.getKey();
            long value = e.getValue();
            if (value != (int) value && !types.constantTypes().containsKey(name)) {
                throw new IllegalStateException(abi.family() + ".json: Fortran constant " + name + " = " + value
                        + " does not fit a default INTEGER");
            }
            Parameter p = new Parameter(name, types.constantTypes().getOrDefault(name, "INTEGER"), value);
            (types.declaredFirst().contains(name) ? constants : rest).add(p);
        }
        constants.addAll(rest);

        FortranDictionary.Sentinels sentinels = fortran.sentinels().get(abi.family());
        if (sentinels == null) {
            throw new IllegalStateException("fortran.json: no sentinels for the " + abi.family() + " family");
        }
        Map<String, List<Map.Entry<String, FortranDictionary.Member>>> byBlock = new LinkedHashMap<>();
        sentinels.blocks().keySet().forEach(b -> byBlock.put(b, new ArrayList<>()));
        for (var e : sentinels.members().entrySet()) {
            if (e.getValue().declaration() == null) {
                throw new IllegalStateException("fortran.json: " + abi.family() + " sentinel " + e.getKey()
                        + " has no declaration for mpif.h");
            }
            byBlock.get(e.getValue().block()).add(e);
        }
        List<Block> blocks = new ArrayList<>();
        byBlock.forEach((symbol, members) -> {
            if (!symbol.endsWith("_") || members.isEmpty()) {
                throw new IllegalStateException("fortran.json: " + abi.family() + " block " + symbol
                        + " must end with '_' (gfortran's mangling) and hold a sentinel");
            }
            members.sort(Map.Entry.comparingByValue((a, b) -> Long.compare(a.offset(), b.offset())));
            blocks.add(new Block(symbol.substring(0, symbol.length() - 1),
                    members.stream().map(Map.Entry::getKey).toList(),
                    members.stream().map(m -> m.getValue().declaration()).toList()));
        });

        Map<String, List<String>> functions = new TreeMap<>();
        List<String> symbols = new ArrayList<>();
        for (String name : new TreeSet<>(abi.exports())) {
            if (!name.startsWith("MPI_") || fortran.isCOnly(name)) {
                continue;
            }
            symbols.addAll(FortranSymbols.of(name, abi.exports()));
            AbiDescriptor.Prototype f = abi.functions().get(name);
            String result = f == null ? null : types.functionResults().get(f.returns());
            if (result != null) {
                functions.computeIfAbsent(result, k -> new ArrayList<>()).addAll(List.of(name, "P" + name));
            }
        }
        List<FortranModel.Block> blockSymbols = new ArrayList<>();
        sentinels.blocks().forEach((symbol, size) -> blockSymbols.add(new FortranModel.Block(symbol, size)));
        // The predefined keyval callbacks are Fortran procedures: EXTERNAL in mpif.h, stubs here.
        List<String> callbacks = new ArrayList<>();
        for (String constant : fortran.predefinedCallbacks().keySet()) {
            if (abi.constants().containsKey(constant)) {
                callbacks.add(constant);
                symbols.addAll(FortranSymbols.withoutProfiling(constant, abi.exports()));
            }
        }
        return new InterfaceFortran(abi.version(), constants, blocks, functions, symbols, blockSymbols, callbacks);
    }
}
