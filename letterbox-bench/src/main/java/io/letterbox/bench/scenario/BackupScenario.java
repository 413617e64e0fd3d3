package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.Size;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.LetterboxTarget;
import io.letterbox.engine.Letterbox;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rocksdb.RocksBackups;
import io.letterbox.rocksdb.RocksStore;
import io.letterbox.store.WriteBatch;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Online backups of the embedded store (decision 0047): a store of {@code --gib} of incompressible
 * 1 KiB log values, its first backup, a second after 1 % more was written (incremental: only the
 * files the first does not hold), and a restore of the second into a new directory. Time and the
 * bytes each backup added to the backup directory. Letterbox only; the store measured is one of
 * the run's own beside the target's, filled directly, since a backup copies files whatever their
 * rows are.
 */
@Command(name = "backup", mixinStandardHelpOptions = true,
    description = "Backups of the embedded store: time and bytes of the first and of an incremental second, and a restore.")
public final class BackupScenario extends ScenarioCommand {
  @Option(names = "--gib", description = "GiB of values in the store (default ${DEFAULT-VALUE}).", defaultValue = "10")
  double gib;

  @Option(names = "--settled", description = "Compact the store fully before the first backup, as a store that "
      + "has served a while is; otherwise compactions of the fill still run during the backups.")
  boolean settled;

  private static final int VALUE_BYTES = 1024;
  /** Far above the ids the engine gives, so the fill shares the log with nothing. */
  private static final long FIRST_ID = Long.MAX_VALUE / 2;

  @Override
  protected void describe(Report report, Size size) {
    report.parameter("gib", gib);
    report.parameter("settled", settled);
  }

  @Override
  protected void run(List<DmTarget> targets, Report report) throws Exception {
    Path dir = workDir().resolve("backup-scenario");
    long entries = (long) (gib * (1L << 30) / VALUE_BYTES);
    try (RocksStore store = RocksStore.open(dir.resolve("data"), Letterbox.SPACES);
        RocksBackups backups = RocksBackups.open(dir.resolve("backups"))) {
      long started = System.nanoTime();
      fill(store, 0, entries);
      if (settled) {
        store.compact();
      }
      report.add("fill", LetterboxTarget.NAME, Map.of("seconds", seconds(started), "store bytes",
          (double) store.diskBytes()));
      started = System.nanoTime();
      RocksBackups.Backup first = backups.create(store, "first");
      report.add("first backup", LetterboxTarget.NAME, Map.of("seconds", seconds(started), "bytes added",
          (double) first.bytes()));
      fill(store, entries, entries / 100);
      started = System.nanoTime();
      RocksBackups.Backup second = backups.create(store, "second");
      report.add("second backup, after 1 % more", LetterboxTarget.NAME, Map.of("seconds", seconds(started),
          "bytes added", (double) second.bytes(), "ratio of bytes to the first", (double) second.bytes() / first.bytes()));
    }
    long started = System.nanoTime();
    RocksBackups.restore(dir.resolve("backups"), OptionalInt.empty(), dir.resolve("restored"));
    report.add("restore of the second", LetterboxTarget.NAME, Map.of("seconds", seconds(started)));
  }

  private static double seconds(long startedNanos) {
    return (System.nanoTime() - startedNanos) / 1e9;
  }

  /** Writes {@code count} log entries of random bytes from {@code from}, in durable batches of 1,000. */
  private void fill(RocksStore store, long from, long count) {
    SplittableRandom random = new SplittableRandom(common.seed + from);
    for (long n = from; n < from + count; ) {
      WriteBatch batch = store.newBatch();
      for (int i = 0; i < 1_000 && n < from + count; i++, n++) {
        byte[] value = new byte[VALUE_BYTES];
        random.nextBytes(value);
        batch.put(Spaces.LOG, LogKey.of(FIRST_ID + n), value);
      }
      store.write(batch).join();
    }
  }
}
