package org.wi4mpi.gen.dict;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * hooks.json is the one list of hooks: the hook section of templates/wi_functions.c.ftl implements
 * exactly those, and their users have what they read.
 */
class HooksContractTest {

    private static final Dictionaries DICT = Dictionaries.load(DictionaryFixtures.repositoryDictionaries());

    /** The header of the template's hook section, its last. */
    private static final String HOOK_SECTION = "==== Hooks:";
    /** A case of the hook macros' switches: <#case "name">. */
    private static final Pattern CASE = Pattern.compile("<#case \"([a-z_]+)\">");

    /** The hook names the hook section of wi_functions.c.ftl has a case for. */
    private static Set<String> hooksTheTemplateHandles() throws IOException {
        Path template = DictionaryFixtures.repositoryDictionaries().resolveSibling("templates").resolve("wi_functions.c.ftl");
        String file = Files.readString(template);
        assertEquals(1, file.split(HOOK_SECTION, -1).length - 1, "one hook section");
        String text = file.substring(file.indexOf(HOOK_SECTION));
        Set<String> names = new TreeSet<>();
        CASE.matcher(text).results().forEach(m -> names.add(m.group(1)));
        return names;
    }

    @Test
    void theTemplateImplementsExactlyTheHooksOfHooksJson() throws IOException {
        assertEquals(new TreeSet<>(DICT.hooks().keySet()), hooksTheTemplateHandles());
    }

    @Test
    void everyHookIsUsedAndDescribed() {
        Set<String> used = new TreeSet<>();
        DICT.functions().forEach(f -> { if (f.hook() != null) used.add(f.hook()); });
        assertEquals(new TreeSet<>(DICT.hooks().keySet()), used);
        DICT.hooks().values().forEach(h -> assertTrue(h.description().length() > 20, h.name()));
    }

    @Test
    void theContractOfACompletionAndAContentsHookIsWhatTheirCodeReads() {
        HookSpec wait = DICT.hooks().get("complete_wait");
        assertEquals(List.of(), wait.arguments());
        assertEquals(List.of("request", "status"), wait.roles());
        HookSpec contents = DICT.hooks().get("type_contents");
        assertEquals(List.of("datatype", "max_integers", "max_datatypes", "array_of_integers"), contents.arguments());
    }

    @Test
    void aHookBindsTheArgumentsItsUsersNameDifferently() {
        HookSpec get = DICT.hooks().get("object_name_get");
        assertEquals(List.of("object", "name", "resultlen"), get.parameters());
        assertEquals(List.of("info"), DICT.hooks().get("info_shadow_get").namedParameters());
        assertTrue(DICT.hooks().get("info_shadow_get").bindsFurther());
        assertTrue(DICT.hooks().get("load_runtime").identity());
        assertEquals(List.of("load_runtime"), DICT.hooks().values().stream().filter(HookSpec::identity)
                .map(HookSpec::name).toList());
    }
}
