package org.wi4mpi.gen.dict;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/** Reads a dictionary file into a JSON tree, turning syntax errors into "file:line:column" problems. */
final class JsonFiles {

    // Duplicate keys would otherwise silently keep the last value.
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    private JsonFiles() {}

    /** The file's tree, or empty after recording why it could not be read. */
    static Optional<JsonNode> read(Path file, Problems problems) {
        String name = file.getFileName().toString();
        try {
            JsonNode root = MAPPER.readTree(Files.readString(file));
            if (root == null || root.isMissingNode()) {
                problems.add(name, "the file is empty");
                return Optional.empty();
            }
            return Optional.of(root);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String position = at == null ? name : name + ":" + at.getLineNr() + ":" + at.getColumnNr();
            problems.add(position, "invalid JSON: " + firstLine(e.getOriginalMessage()));
            return Optional.empty();
        } catch (NoSuchFileException e) {
            problems.add(name, "the file does not exist in " + file.toAbsolutePath().getParent());
            return Optional.empty();
        } catch (IOException e) {
            problems.add(name, "cannot be read: " + e.getMessage());
            return Optional.empty();
        }
    }

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
