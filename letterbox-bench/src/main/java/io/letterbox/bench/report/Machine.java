package io.letterbox.bench.report;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Where a run took place: enough to know whether two result files can be compared. */
public record Machine(int cpus, long memoryBytes, String disk, String os, String java, String commit) {

  public static Machine here(Path dataDir) {
    return new Machine(Runtime.getRuntime().availableProcessors(), readMemory(), disk(dataDir),
        System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.version"), gitCommit());
  }

  private static long readMemory() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | NumberFormatException e) {
      // not Linux
    }
    return -1;
  }

  private static String disk(Path dir) {
    try {
      Path existing = dir.toAbsolutePath();
      while (!Files.exists(existing)) {
        existing = existing.getParent();
      }
      FileStore store = Files.getFileStore(existing);
      return store.name() + " (" + store.type() + ", " + store.getTotalSpace() / (1L << 30) + " GiB)";
    } catch (IOException e) {
      return "unknown";
    }
  }

  /**
   * The commit of the checkout the bench runs from (the working directory, else the jar's), with
   * "+dirty" when it has uncommitted changes.
   */
  private static String gitCommit() {
    for (Path dir : List.of(Path.of("").toAbsolutePath(), jarDir())) {
      String head = git(dir, "rev-parse", "--short=12", "HEAD");
      if (head != null) {
        String status = git(dir, "status", "--porcelain", "--untracked-files=no");
        return status == null || status.isEmpty() ? head : head + "+dirty";
      }
    }
    return "unknown";
  }

  private static Path jarDir() {
    try {
      Path jar = Path.of(Machine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return Files.isDirectory(jar) ? jar : jar.getParent();
    } catch (Exception e) {
      return Path.of("");
    }
  }

  private static String git(Path dir, String... args) {
    try {
      List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
      command.addAll(List.of(args));
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes()).trim();
      return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
