package io.letterbox.server.backup;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rocksdb.RocksBackups;
import io.letterbox.rocksdb.RocksStore;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's online backups of its embedded store into {@code backup-dir} (decision 0047): one
 * at a time, taken in the background while the server serves; a second request while one runs is
 * refused (409 {@code BACKUP_RUNNING}), since the running one may miss writes acknowledged after it
 * started. Each backup keeps, as RocksDB's metadata of it, when it was asked for and the last action
 * id the log held then, so the list survives restarts. A failed backup keeps nothing: it is listed
 * until the next backup takes its number, and not after a restart.
 */
public final class OnlineBackups implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(OnlineBackups.class);

  /** Where a backup is. */
  public enum Status { RUNNING, DONE, FAILED }

  /**
   * A backup as the API lists it.
   *
   * @param createdAt when it was asked for; every write acknowledged before is in it
   * @param bytes     what it added to the backup directory (0 until done)
   * @param upTo      the largest action id in the log when it started (0: an empty log)
   */
  public record Backup(int id, Status status, Instant createdAt, long bytes, long upTo) {}

  private final KeyValueStore store;
  private final RocksBackups backups;
  private final String unavailable;
  private final Clock clock;
  private final ExecutorService runner;
  private List<Backup> done = List.of(); // guarded by this
  private Backup running; // guarded by this
  private Backup failed; // guarded by this

  private OnlineBackups(KeyValueStore store, RocksBackups backups, String unavailable, Clock clock) {
    this.store = store;
    this.backups = backups;
    this.unavailable = unavailable;
    this.clock = clock;
    this.runner = backups == null ? null : Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "letterbox-backup");
      t.setDaemon(true);
      return t;
    });
    if (backups != null) {
      done = taken(backups.list());
    }
  }

  /**
   * The backups of {@code store} into {@code dir}; refusing every call with 409
   * {@code BACKUPS_UNAVAILABLE} when {@code dir} is null or the store is not the embedded one.
   */
  public static OnlineBackups of(KeyValueStore store, Path dir, Clock clock) {
    if (!(store instanceof RocksStore)) {
      return new OnlineBackups(store, null, "this server's store takes no online backups; on hbase, take snapshots "
          + "with letterbox backup", clock);
    }
    if (dir == null) {
      return new OnlineBackups(store, null, "no backup-dir is set: set it to the directory backups go to", clock);
    }
    return new OnlineBackups(store, RocksBackups.open(dir), null, clock);
  }

  /**
   * Starts a backup: every write acknowledged before this call is in it.
   *
   * @return the backup, running
   * @throws LetterboxException {@code BACKUP_RUNNING} while another runs, {@code BACKUPS_UNAVAILABLE}
   */
  public synchronized Backup start() {
    requireAvailable();
    if (running != null) {
      throw new LetterboxException(ErrorCode.BACKUP_RUNNING, "backup " + running.id() + " is being taken; ask again "
          + "once GET /v1/admin/backups lists it done");
    }
    Backup started = new Backup(backups.nextId(), Status.RUNNING, clock.instant(), 0, lastLoggedId());
    running = started;
    runner.execute(() -> take(started));
    return started;
  }

  /** @return the backups kept, then a failed one and the running one, oldest first */
  public synchronized List<Backup> list() {
    requireAvailable();
    List<Backup> all = new ArrayList<>(done);
    if (failed != null && all.stream().noneMatch(b -> b.id() == failed.id())) {
      all.add(failed);
    }
    if (running != null) {
      all.add(running);
    }
    all.sort(Comparator.comparingInt(Backup::id));
    return all;
  }

  private void take(Backup started) {
    long began = System.nanoTime();
    Backup ended = null;
    try {
      RocksBackups.Backup made = backups.create((RocksStore) store, BackupMetadata.of(started));
      log.info("backup {} taken into {} in {} ms: {} bytes added", made.id(), backups.dir(),
          (System.nanoTime() - began) / 1_000_000, made.bytes());
    } catch (RuntimeException e) {
      log.error("backup {} into {} failed", started.id(), backups.dir(), e);
      ended = new Backup(started.id(), Status.FAILED, started.createdAt(), 0, started.upTo());
    }
    List<Backup> now = taken(backups.list());
    synchronized (this) {
      done = now;
      if (ended != null) {
        failed = ended;
      }
      running = null;
    }
  }

  private static List<Backup> taken(List<RocksBackups.Backup> kept) {
    return kept.stream().map(b -> BackupMetadata.read(b)).toList();
  }

  private long lastLoggedId() {
    long[] last = {0};
    store.scan(Spaces.LOG, new KeyRange(new byte[0], null), true, (k, v) -> {
      last[0] = LogKey.id(k);
      return false;
    });
    return last[0];
  }

  private void requireAvailable() {
    if (unavailable != null) {
      throw new LetterboxException(ErrorCode.BACKUPS_UNAVAILABLE, unavailable);
    }
  }

  /** Waits for a running backup to finish, then closes the backup directory. Before the store closes. */
  @Override
  public void close() {
    if (runner == null) {
      return;
    }
    runner.shutdown();
    try {
      while (!runner.awaitTermination(10, TimeUnit.SECONDS)) {
        log.info("waiting for the running backup to finish before stopping");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    backups.close();
  }
}
