package org.wi4mpi.gen.abi;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The on-disk form of an {@link AbiDescriptor}: keys sorted, two-space indent, LF line ends and a
 * trailing newline, absent values omitted, so that probing the same installation twice gives the same bytes.
 */
public final class AbiJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private static final DefaultPrettyPrinter PRETTY = prettyPrinter();

    private AbiJson() {}

    private static DefaultPrettyPrinter prettyPrinter() {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter(separators);
        printer.indentObjectsWith(indenter);
        printer.indentArraysWith(indenter);
        return printer;
    }

    public static String toJson(AbiDescriptor descriptor) {
        try {
            return MAPPER.writer(PRETTY).writeValueAsString(descriptor) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the ABI descriptor of " + descriptor.family(), e);
        }
    }

    public static void write(AbiDescriptor descriptor, Path path) {
        try {
            Path parent = path.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(path, toJson(descriptor), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write ABI descriptor " + path + ": " + e.getMessage(), e);
        }
    }

    /** Reads a descriptor; a missing or malformed file is reported with its path. */
    public static AbiDescriptor read(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new ProbeException("ABI descriptor not found: " + path
                    + " (run bin/wi4mpi-gen probe to create it).");
        }
        try {
            return MAPPER.readValue(path.toFile(), AbiDescriptor.class);
        } catch (JsonProcessingException e) {
            throw new ProbeException("ABI descriptor " + path + " is not valid: " + e.getOriginalMessage() + ".", e);
        } catch (IOException e) {
            throw new ProbeException("cannot read ABI descriptor " + path + ": " + e.getMessage() + ".", e);
        }
    }
}
