package org.wi4mpi.gen.clang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where libclang is looked for: Debian 12's llvm-14 first, then every installed LLVM, newest first. */
class LibClangCandidatesTest {

    @Test
    void llvm14ComesFirstThenTheInstalledVersionsNewestFirst() throws Exception {
        List<Path> candidates = LibClang.candidates();
        assertEquals(LibClang.DEFAULT_LOCATIONS, candidates.subList(0, 2));
        List<Integer> versions = candidates.subList(2, candidates.size()).stream()
                .map(p -> Integer.parseInt(p.getParent().getParent().getFileName().toString().substring(5))).toList();
        for (int i = 1; i < versions.size(); i++)
            assertTrue(versions.get(i - 1) >= versions.get(i), "newest first: " + candidates);
        // Every LLVM directory of this machine is among them, with both names.
        try (var dirs = Files.list(Path.of("/usr/lib"))) {
            for (Path d : dirs.filter(d -> d.getFileName().toString().matches("llvm-\\d+")).toList()) {
                Path so1 = d.resolve("lib/libclang.so.1");
                assertTrue(candidates.contains(so1) && candidates.contains(d.resolve("lib/libclang.so")), d + " in " + candidates);
            }
        }
    }
}
