package org.wi4mpi.tests.openmpi5;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What each case of a matrix test class expects, written next to the surefire reports for
 * tests/run-version-matrix's results table: {@code target/version-matrix/<class>.tsv}, one line per case,
 * {@code test name <TAB> expectation kind <TAB> reason}.
 */
final class ExpectationsFile {

    private final List<String> lines = new ArrayList<>();

    void add(String testName, Expectation expectation) {
        lines.add(testName + "\t" + expectation.kind() + "\t" + expectation.reason().replace('\t', ' '));
    }

    /** Replaces the class's file. */
    void write(Path moduleDirectory, String testClass) {
        Path file = moduleDirectory.resolve("target/version-matrix/" + testClass + ".tsv");
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
