package org.wi4mpi.tests.library;

import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The defined dynamic symbols of a shared library, read with {@code nm -D}: name → (type, size, address). */
record DynamicSymbols(Map<String, Symbol> symbols) {

    record Symbol(char type, long size, long address) {
        boolean isFunction() { return type == 'T' || type == 'W' || type == 'i'; }
    }

    static DynamicSymbols of(Path library) {
        ProcessResult nm = ProcessRunner.run(List.of("nm", "-D", "--defined-only", "-S", library.toString()),
                Path.of("."), Map.of(), Duration.ofSeconds(60));
        assertEquals(0, nm.exitCode(), nm.describe());
        Map<String, Symbol> symbols = new TreeMap<>();
        for (String line : nm.stdout().split("\n")) {
            String[] f = line.trim().split("\\s+");
            // "<value> <size> <type> <name>", or "<value> <type> <name>" without a size
            if (f.length == 4) {
                symbols.put(f[3], new Symbol(f[2].charAt(0), Long.parseLong(f[1], 16), Long.parseUnsignedLong(f[0], 16)));
            } else if (f.length == 3) {
                symbols.put(f[2], new Symbol(f[1].charAt(0), 0, Long.parseUnsignedLong(f[0], 16)));
            }
        }
        return new DynamicSymbols(symbols);
    }

    /** Function symbols named MPI_*, PMPI_*, MPIX_*, PMPIX_*. */
    List<String> mpiFunctions() {
        return symbols.entrySet().stream()
                .filter(e -> e.getValue().isFunction() && e.getKey().matches("P?MPIX?_.*"))
                .map(Map.Entry::getKey)
                .toList();
    }
}
