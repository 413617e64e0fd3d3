package io.letterbox.bench.baseline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Finds a server program, installing its Debian package with apt-get when it is missing (as
 * root only). Package scripts must not start a system-wide server the bench would then leave
 * running, so the install runs with a temporary {@code policy-rc.d} that forbids starting
 * services, unless the machine already has one.
 */
public final class Apt {
  private static final List<String> DIRS = List.of("/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin", "/sbin", "/bin");
  private static final Path POLICY = Path.of("/usr/sbin/policy-rc.d");
  private static boolean updated;

  private Apt() {}

  /** @return the first of {@code programs} found, installing {@code pkg} first if none is */
  public static synchronized Path ensure(String pkg, Path logDir, String... programs) throws BaselineUnavailable {
    Path found = find(programs);
    if (found != null) {
      return found;
    }
    if (find("apt-get") == null) {
      throw new BaselineUnavailable(String.join("/", programs) + " not found and there is no apt-get to install " + pkg);
    }
    if (!"root".equals(System.getProperty("user.name"))) {
      throw new BaselineUnavailable(String.join("/", programs) + " not found; installing " + pkg + " needs root");
    }
    System.err.println("installing " + pkg + " with apt-get (log in " + logDir + ")");
    boolean ownPolicy = !Files.exists(POLICY);
    try {
      if (ownPolicy) {
        Files.writeString(POLICY, "#!/bin/sh\n# written by letterbox-bench during apt-get install\nexit 101\n");
        POLICY.toFile().setExecutable(true);
      }
      if (!updated) {
        run(logDir.resolve("apt-update.log"), "apt-get", "update");
        updated = true;
      }
      run(logDir.resolve("apt-install-" + pkg + ".log"), "apt-get", "install", "-y", "--no-install-recommends", pkg);
    } catch (IOException e) {
      throw new BaselineUnavailable("installing " + pkg + " failed: " + e.getMessage(), e);
    } finally {
      if (ownPolicy) {
        POLICY.toFile().delete();
      }
    }
    found = find(programs);
    if (found == null) {
      throw new BaselineUnavailable(pkg + " installed but none of " + List.of(programs) + " was found");
    }
    return found;
  }

  /** @return the program's path in the usual directories or on PATH, or null */
  public static Path find(String... programs) {
    List<String> dirs = new ArrayList<>(DIRS);
    String path = System.getenv("PATH");
    if (path != null) {
      dirs.addAll(List.of(path.split(":")));
    }
    for (String program : programs) {
      for (String dir : dirs) {
        Path p = Path.of(dir, program);
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    return null;
  }

  private static void run(Path log, String... command) throws IOException {
    Files.createDirectories(log.getParent());
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
    Process p = pb.start();
    try {
      if (!p.waitFor(20, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", command) + " took more than 20 minutes");
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + " exited with " + p.exitValue() + ": " + LocalServer.tail(log));
    }
  }
}
