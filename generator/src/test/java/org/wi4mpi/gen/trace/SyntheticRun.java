package org.wi4mpi.gen.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A traced run made by hand: the .meta file and one {@link DumpiTestWriter} per rank. */
final class SyntheticRun {

    static final int WALL_BIAS = 1_700_000_000;

    private final Path dir;
    private final String prefix;
    private final DumpiTestWriter[] ranks;

    SyntheticRun(Path dir, String prefix, int ranks, boolean statuses) throws IOException {
        this.dir = dir;
        this.prefix = prefix;
        this.ranks = new DumpiTestWriter[ranks];
        for (int r = 0; r < ranks; r++) {
            this.ranks[r] = new DumpiTestWriter(WALL_BIAS, statuses);
        }
    }

    DumpiTestWriter rank(int r) {
        return ranks[r];
    }

    /** Writes the .meta (as libdumpi's rank 0 does) and every rank's file; returns the directory. */
    Path write() throws IOException {
        Files.writeString(dir.resolve(prefix + ".meta"), "hostname=localhost\nnumprocs=" + ranks.length + "\nusername=tester\n"
                + "startime=" + WALL_BIAS + "\nfileprefix=" + prefix + "\nversion=13\nsubversion=0\nsubsubversion=0\n",
                StandardCharsets.UTF_8);
        for (int r = 0; r < ranks.length; r++) {
            ranks[r].write(dir.resolve(String.format("%s-%04d.bin", prefix, r)));
        }
        return dir;
    }
}
