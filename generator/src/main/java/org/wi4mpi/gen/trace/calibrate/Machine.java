package org.wi4mpi.gen.trace.calibrate;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The machine a calibration ran on: host name, processor model and cores (logical CPUs). */
public record Machine(String host, String cpu, int cores) {

    public static Machine here() {
        List<String> cpuinfo;
        try {
            cpuinfo = Files.readAllLines(Path.of("/proc/cpuinfo"));
        } catch (IOException e) {
            cpuinfo = List.of();
        }
        long processors = cpuinfo.stream().filter(l -> l.startsWith("processor")).count();
        String model = cpuinfo.stream().filter(l -> l.startsWith("model name")).findFirst()
                .map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse("unknown");
        int cores = processors > 0 ? (int) processors : Runtime.getRuntime().availableProcessors();
        return new Machine(hostName(), model, cores);
    }

    private static String hostName() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
