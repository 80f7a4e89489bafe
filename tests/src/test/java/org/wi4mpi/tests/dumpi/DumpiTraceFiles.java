package org.wi4mpi.tests.dumpi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files of one traced run: {@code <prefix>-<rank>.bin} per rank (rank in four digits) and
 * {@code <prefix>.meta}, all in {@code directory}. libdumpi's prefix is its {@code fileroot} followed by
 * the start time of rank 0, {@code -YYYY.MM.DD.hh.mm.ss}.
 */
public record DumpiTraceFiles(Path directory, String prefix) {

    /** The one {@code *.meta} of {@code directory} names the run; fails when there is none or several. */
    public static DumpiTraceFiles find(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            List<String> metas = files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".meta")).toList();
            if (metas.size() != 1)
                throw new IllegalStateException(directory + " holds " + metas.size() + " .meta files, expected one: " + metas);
            String meta = metas.getFirst();
            return new DumpiTraceFiles(directory, meta.substring(0, meta.length() - ".meta".length()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory, e);
        }
    }

    public Path rank(int rank) {
        return directory.resolve(String.format("%s-%04d.bin", prefix, rank));
    }

    public Path meta() {
        return directory.resolve(prefix + ".meta");
    }

    /** The {@code .bin} files present, whatever their rank. */
    public long rankFileCount() {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(n -> n.startsWith(prefix + "-") && n.endsWith(".bin"))
                    .count();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory, e);
        }
    }
}
