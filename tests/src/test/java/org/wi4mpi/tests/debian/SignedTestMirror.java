package org.wi4mpi.tests.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * A Debian mirror in a directory, signed with a key made for it: trixie's main/binary-amd64 Packages
 * index listing small packages built with dpkg-deb, and an InRelease signed with gpg. It lets
 * wi4mpi-fetch-mpi run every step offline, with apt verifying signatures and hashes as against
 * deb.debian.org. {@link #close()} stops the gpg-agent the key needed.
 */
final class SignedTestMirror implements AutoCloseable {

    private static final Duration TIMEOUT = Duration.ofMinutes(1);
    private static final String SUITE = "trixie";

    /** A package: its name, version and the files (paths under /) it holds. */
    record Package(String name, String version, List<String> files) {}

    private final Path dir;
    private final Path gnupg;
    private final Path root;
    private final Path keyring;

    private SignedTestMirror(Path dir) {
        this.dir = dir;
        this.gnupg = dir.resolve("gnupg");
        this.root = dir.resolve("mirror");
        this.keyring = dir.resolve("keyring.gpg");
    }

    /** Whether gpg is on PATH (gnupg is not in every minimal Debian). */
    static boolean gpgAvailable() {
        return ProcessRunner.run(List.of("sh", "-c", "command -v gpg"), Path.of("/"), Map.of(), TIMEOUT).exitCode() == 0;
    }

    /** Makes a key and a mirror of these packages under dir, signed with the key; keyring() verifies it. */
    static SignedTestMirror create(Path dir, List<Package> packages) throws IOException {
        SignedTestMirror mirror = new SignedTestMirror(dir);
        Files.createDirectories(mirror.gnupg);
        Files.setPosixFilePermissions(mirror.gnupg, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        mirror.gpg("--quick-gen-key", "wi4mpi test mirror <mirror@invalid>", "ed25519", "sign", "never");
        mirror.gpg("--output", mirror.keyring.toString(), "--export");
        StringBuilder index = new StringBuilder();
        for (Package p : packages) {
            Path deb = mirror.build(p);
            String file = "pool/" + deb.getFileName();
            index.append("Package: ").append(p.name()).append("\nVersion: ").append(p.version())
                    .append("\nArchitecture: amd64\nFilename: ").append(file)
                    .append("\nSize: ").append(Files.size(deb)).append("\nSHA256: ").append(sha256(deb)).append("\n\n");
        }
        mirror.publish(index.toString());
        return mirror;
    }

    String url() {
        return "file:" + root;
    }

    Path keyring() {
        return keyring;
    }

    /** Appends a byte to a package's .deb after the index was signed: its hash no longer matches. */
    void tamper(Package p) throws IOException {
        Files.write(debPath(p), new byte[] {0}, java.nio.file.StandardOpenOption.APPEND);
    }

    private Path debPath(Package p) {
        return root.resolve("pool").resolve(p.name() + "_" + p.version() + "_amd64.deb");
    }

    private Path build(Package p) throws IOException {
        Path tree = dir.resolve("build").resolve(p.name());
        Files.createDirectories(tree.resolve("DEBIAN"));
        Files.writeString(tree.resolve("DEBIAN/control"), "Package: " + p.name() + "\nVersion: " + p.version()
                + "\nArchitecture: amd64\nMaintainer: wi4mpi tests <tests@invalid>\nDescription: test package\n");
        for (String file : p.files()) {
            Path path = tree.resolve(file);
            Files.createDirectories(path.getParent());
            Files.writeString(path, p.name() + " " + file + "\n");
        }
        Path deb = debPath(p);
        Files.createDirectories(deb.getParent());
        run(List.of("dpkg-deb", "-Zgzip", "--root-owner-group", "--build", tree.toString(), deb.toString()), Map.of());
        return deb;
    }

    /** Writes the Packages index and the Release file naming its hash, and signs it as InRelease. */
    private void publish(String packagesIndex) throws IOException {
        Path dists = root.resolve("dists").resolve(SUITE);
        Path packages = dists.resolve("main/binary-amd64/Packages");
        Files.createDirectories(packages.getParent());
        Files.writeString(packages, packagesIndex);
        String date = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.RFC_1123_DATE_TIME);
        Path release = dists.resolve("Release");
        Files.writeString(release, "Suite: " + SUITE + "\nCodename: " + SUITE + "\nDate: " + date
                + "\nArchitectures: amd64\nComponents: main\nSHA256:\n " + sha256(packages) + " "
                + Files.size(packages) + " main/binary-amd64/Packages\n");
        gpg("--clearsign", "--output", dists.resolve("InRelease").toString(), release.toString());
    }

    private ProcessResult gpg(String... arguments) {
        List<String> command = new java.util.ArrayList<>(List.of("gpg", "--batch", "--quiet", "--passphrase", ""));
        command.addAll(List.of(arguments));
        return run(command, Map.of("GNUPGHOME", gnupg.toString()));
    }

    private ProcessResult run(List<String> command, Map<String, String> environment) {
        ProcessResult result = ProcessRunner.run(command, dir, environment, TIMEOUT);
        assertEquals(0, result.exitCode(), result::describe);
        return result;
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        ProcessRunner.run(List.of("gpgconf", "--kill", "all"), dir, Map.of("GNUPGHOME", gnupg.toString()), TIMEOUT);
    }
}
