package io.letterbox.server.config;

/**
 * The cores this process is given, as the JVM reads them ({@link Runtime#availableProcessors()},
 * which honours {@code taskset} and a container's CPU limit), and the pool sizes that follow from
 * them: every thread pool that serves requests is sized from these, so that a server given more
 * cores uses them without a setting changed.
 */
public final class Cores {
  /** Engine-call threads per core: reads wait on the store now and then, so a core runs a few. */
  static final int WORKERS_PER_CORE = 4;
  /** The fewest engine-call threads: a one-core container still overlaps a few reads that wait. */
  static final int MIN_WORKERS = 8;
  /** Engine calls admitted at once per core: about 100 ms of work at 20k calls/s a core. */
  static final int PENDING_CALLS_PER_CORE = 2048;

  private Cores() {}

  /** @return the cores this process may run on now, at least 1 */
  public static int given() {
    return Math.max(1, Runtime.getRuntime().availableProcessors());
  }

  /** @return the default of worker-threads on {@code cores} cores */
  public static int workerThreads(int cores) {
    return Math.max(MIN_WORKERS, WORKERS_PER_CORE * cores);
  }

  /** @return the default of max-pending-calls on {@code cores} cores */
  public static int maxPendingCalls(int cores) {
    return PENDING_CALLS_PER_CORE * Math.max(2, cores);
  }
}
