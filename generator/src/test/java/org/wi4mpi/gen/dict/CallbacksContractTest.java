package org.wi4mpi.gen.dict;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** callbacks.json says which callback families runtime-c has trampolines for, and where: runtime-c agrees. */
class CallbacksContractTest {

    private static final Dictionaries DICT = Dictionaries.load(DictionaryFixtures.repositoryDictionaries());
    private static final Pattern TRAMPOLINE = Pattern.compile("void \\*wi_callback_([a-z0-9_]+)_a2r\\(void \\*user_fn\\);");

    private static Path runtime() {
        return DictionaryFixtures.repositoryDictionaries().resolveSibling("runtime-c");
    }

    /** The families whose wi_callback_<family>_a2r a runtime-c header declares. */
    private static Set<String> declaredIn(Path header) throws IOException {
        Set<String> families = new TreeSet<>();
        TRAMPOLINE.matcher(Files.readString(header)).results().forEach(m -> families.add(m.group(1)));
        return families;
    }

    @Test
    void eachFamilyWithTrampolinesHasThemDeclaredInItsHeader() throws IOException {
        for (CallbackSpec family : DICT.callbacks().values()) {
            if (family.hasTrampolines()) {
                Path header = runtime().resolve(family.trampolines());
                assertTrue(declaredIn(header).contains(family.name()), header + " declares no wi_callback_"
                        + family.name() + "_a2r");
            }
        }
    }

    @Test
    void runtimeCHasNoTrampolinesCallbacksJsonDoesNotList() throws IOException {
        Set<String> declared = new TreeSet<>();
        try (Stream<Path> headers = Files.list(runtime())) {
            for (Path h : headers.filter(p -> p.toString().endsWith(".h")).toList()) {
                declared.addAll(declaredIn(h));
            }
        }
        Set<String> listed = new TreeSet<>();
        DICT.callbacks().values().forEach(c -> { if (c.hasTrampolines()) listed.add(c.name()); });
        assertEquals(listed, declared);
    }

    @Test
    void theMpiTEventFamiliesHaveNoTrampolinesYet() {
        assertEquals(Set.of("grequest_poll", "grequest_wait", "t_event", "t_event_dropped", "t_event_free"),
                new TreeSet<>(DICT.callbacks().values().stream().filter(c -> !c.hasTrampolines())
                        .map(CallbackSpec::name).toList()));
        assertEquals("wi_datarep.h", DICT.callbacks().get("datarep_read_c_int").trampolines());
    }
}
