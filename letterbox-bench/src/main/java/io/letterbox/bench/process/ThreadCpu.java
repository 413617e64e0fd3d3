package io.letterbox.bench.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The CPU time of each thread of one process, from Linux's {@code /proc/PID/task/TID/stat}
 * ({@code utime} + {@code stime}, in clock ticks) and {@code comm} (the thread's name, as the JVM
 * set it, cut to 15 bytes). Two readings around a run say which threads did the process's work
 * during it: a server whose one thread does most of it is bound to one core however many it has.
 *
 * @param threads thread id → its name and CPU ticks so far
 */
public record ThreadCpu(Map<Long, Thread> threads) {
  /** One thread: its name and the CPU ticks it has used since it started. */
  public record Thread(String name, long ticks) {}

  /** One thread's part of a process's CPU over a run. */
  public record Share(long tid, String name, long ticks, double share) {}

  /** @return the threads of process {@code pid} now; empty where there is no {@code /proc} or no such process */
  public static Optional<ThreadCpu> read(long pid) {
    return read(Path.of("/proc"), pid);
  }

  static Optional<ThreadCpu> read(Path proc, long pid) {
    Path tasks = proc.resolve(Long.toString(pid)).resolve("task");
    Map<Long, Thread> threads = new HashMap<>();
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
      for (Path task : dir) {
        readThread(task).ifPresent(t -> threads.put(Long.parseLong(task.getFileName().toString()), t));
      }
    } catch (IOException | UncheckedIOException | NumberFormatException e) {
      return Optional.empty();
    }
    return Optional.of(new ThreadCpu(Map.copyOf(threads)));
  }

  /** A thread that ends while it is read is left out. */
  private static Optional<Thread> readThread(Path task) throws IOException {
    try {
      String name = Files.readString(task.resolve("comm")).strip();
      return Optional.of(new Thread(name, ticks(Files.readString(task.resolve("stat")))));
    } catch (NoSuchFileException gone) {
      return Optional.empty();
    }
  }

  /**
   * The utime and stime fields (14th and 15th) of a stat line, added. The name (2nd field) is in
   * parentheses and may hold spaces and parentheses itself, so fields are counted after its last
   * closing parenthesis, where the 3rd field (the state) begins.
   */
  static long ticks(String stat) {
    String[] after = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    return Long.parseLong(after[14 - 3]) + Long.parseLong(after[15 - 3]);
  }

  /**
   * @return every thread's part of the CPU the process used between {@code earlier} and this
   *     reading, busiest first (threads started since count from 0; threads ended since are not
   *     known, and their time is left out of the whole too)
   */
  public List<Share> sharesSince(ThreadCpu earlier) {
    Map<Long, Long> used = new HashMap<>();
    long total = 0;
    for (Map.Entry<Long, Thread> e : threads.entrySet()) {
      Thread before = earlier.threads.get(e.getKey());
      long t = e.getValue().ticks() - (before == null ? 0 : before.ticks());
      used.put(e.getKey(), t);
      total += t;
    }
    List<Share> shares = new ArrayList<>();
    for (Map.Entry<Long, Long> e : used.entrySet()) {
      shares.add(new Share(e.getKey(), threads.get(e.getKey()).name(), e.getValue(),
          total == 0 ? 0 : (double) e.getValue() / total));
    }
    shares.sort(Comparator.comparingLong(Share::ticks).reversed().thenComparing(Share::name));
    return shares;
  }

  /**
   * @return the {@code most} busiest of {@code shares} as a reader reads them, e.g.
   *     {@code "vert.x-eventloo/4250 31 %, letterbox-engin/4301 9 %"} (names are cut to 15 bytes by
   *     Linux, so the thread id tells apart threads of one pool)
   */
  public static String busiest(List<Share> shares, int most) {
    return String.join(", ", shares.stream().limit(most)
        .map(s -> String.format(java.util.Locale.ROOT, "%s/%d %.0f %%", s.name(), s.tid(), s.share() * 100)).toList());
  }
}
