package io.letterbox.soak;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The crash soak's rounds: the cells' load runs against the server until a seeded random moment,
 * the server is SIGKILLed and restarted on the same data directory, each cell settles its one
 * unanswered write and checks the server against its ledger; after the last kill one more round of
 * load ends quietly and everything is checked, every message read back one by one.
 */
final class Soak {
  /** The shortest load before a kill, as a share of the longest. */
  private static final int SHORTEST_SHARE = 5;

  private final Path jar;
  private final Path work;
  private final int roundMillis;
  private final SplittableRandom moments;
  private final List<Cell> cells = new ArrayList<>();
  private final List<CellLoad> loads = new ArrayList<>();
  final Tally tally = new Tally();
  private final IdOrder ids = new IdOrder();

  Soak(Path jar, Path work, int threads, int users, int roundMillis, long seed) {
    this.jar = jar;
    this.work = work;
    this.roundMillis = roundMillis;
    this.moments = new SplittableRandom(seed);
    for (int i = 0; i < threads; i++) {
      Cell cell = new Cell(i, users, 1_000);
      cells.add(cell);
      loads.add(new CellLoad(cell, tally, ids, new SplittableRandom(seed * 31 + i)));
    }
  }

  void run(int kills) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(cells.size());
    SoakServer server = start(1);
    try {
      for (int kill = 1; kill <= kills + 1; kill++) {
        long millis = moments.nextLong(roundMillis / SHORTEST_SHARE, roundMillis + 1L);
        boolean last = kill > kills;
        loadFor(pool, server, millis, last);
        if (!last) {
          server = start(server.life + 1);
        }
        check(pool, server, last);
        System.out.printf("%s after %d ms of load: %d writes acknowledged, %d unanswered at kills (%d had been"
            + " stored, %d not), %d checks verified, %d lost, %d duplicated, %d mismatched%n",
            last ? "final check" : "kill " + kill + "/" + kills, millis, tally.acknowledged.get(),
            tally.unanswered.get(), tally.inFlightStored.get(), tally.inFlightNotStored.get(), tally.verified.get(),
            tally.lost.get(), tally.duplicated.get(), tally.mismatched.get());
      }
    } finally {
      server.close();
      pool.shutdownNow();
    }
  }

  /** Every cell's load for {@code millis}, then SIGKILL (or, {@code quietly}, the load just stops). */
  private void loadFor(ExecutorService pool, SoakServer server, long millis, boolean quietly) throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    List<Future<?>> running = new ArrayList<>();
    for (CellLoad load : loads) {
      running.add(pool.submit(() -> load.load(server.http(), server.life, stop::get)));
    }
    Thread.sleep(millis);
    if (!quietly) {
      server.kill();
    }
    stop.set(true);
    for (Future<?> f : running) {
      f.get();
    }
  }

  /** Each cell settles its unanswered write and checks the server, in parallel; then the id order. */
  private void check(ExecutorService pool, SoakServer server, boolean everyMessage) throws Exception {
    List<Future<?>> checking = new ArrayList<>();
    for (int i = 0; i < cells.size(); i++) {
      Cell cell = cells.get(i);
      CellLoad load = loads.get(i);
      checking.add(pool.submit(() -> {
        load.resolve(server.http(), server.life);
        new CellVerifier(cell, tally, server.http()).verify(everyMessage);
        return null;
      }));
    }
    for (Future<?> f : checking) {
      f.get();
    }
    ids.check(tally);
  }

  private SoakServer start(int life) throws IOException, InterruptedException {
    return SoakServer.start(jar, work.resolve("data"), work, life, tally);
  }
}
