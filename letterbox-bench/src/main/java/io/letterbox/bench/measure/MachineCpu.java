package io.letterbox.bench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The whole machine's CPU time, from the first line of Linux's {@code /proc/stat}: what every
 * process used (busy) and what the hypervisor gave to other guests (steal), in clock ticks of
 * {@link #TICKS_PER_SECOND}. Two readings around a run give the cores the machine was busy for
 * during it: on two cores shared by the server and wrk, a run whose machine was not busy for
 * both cores was held back by something else than its own work.
 */
public record MachineCpu(long busyTicks, long stealTicks) {
  /** USER_HZ, the unit of {@code /proc/stat}: 100 on every Linux architecture this runs on. */
  public static final double TICKS_PER_SECOND = 100;
  private static final Path STAT = Path.of("/proc/stat");

  /** @return this machine's reading, empty where there is no {@code /proc/stat} (not Linux) */
  public static Optional<MachineCpu> read() {
    try {
      return Optional.of(parse(Files.readAllLines(STAT)));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * Parses the aggregate {@code cpu} line: user nice system idle iowait irq softirq steal …;
   * busy is user + nice + system + irq + softirq (guest time is already inside user and nice).
   */
  static MachineCpu parse(List<String> stat) {
    String line = stat.stream().filter(l -> l.startsWith("cpu ")).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no aggregate cpu line"));
    String[] f = line.trim().split("\\s+");
    long user = Long.parseLong(f[1]);
    long nice = Long.parseLong(f[2]);
    long system = Long.parseLong(f[3]);
    long irq = f.length > 6 ? Long.parseLong(f[6]) : 0;
    long softirq = f.length > 7 ? Long.parseLong(f[7]) : 0;
    long steal = f.length > 8 ? Long.parseLong(f[8]) : 0;
    return new MachineCpu(user + nice + system + irq + softirq, steal);
  }

  /** The cores busy between {@code earlier} and this reading, over {@code seconds} of wall time. */
  public double busyCoresSince(MachineCpu earlier, double seconds) {
    return (busyTicks - earlier.busyTicks) / TICKS_PER_SECOND / seconds;
  }

  /** The cores the hypervisor took between {@code earlier} and this reading, over {@code seconds}. */
  public double stealCoresSince(MachineCpu earlier, double seconds) {
    return (stealTicks - earlier.stealTicks) / TICKS_PER_SECOND / seconds;
  }
}
