package io.letterbox.bench.baseline.push;

import io.letterbox.bench.baseline.BatchingWriter;
import io.letterbox.bench.baseline.DiskUsage;
import io.letterbox.bench.measure.Progress;
import io.letterbox.bench.targets.Broadcaster;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.HistoryPage;
import io.letterbox.bench.targets.ListPage;
import io.letterbox.bench.targets.Unsupported;
import io.letterbox.bench.workload.HistoryMessage;
import io.letterbox.id.IdGenerator;
import io.letterbox.id.Ids;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * The seed's HBase design (one index row per receiver, two orders) on a plain RocksDB. A
 * one-to-one message writes its content once and two index rows for each party; a broadcast
 * writes its content once and two index rows per receiver. Each of those receipts also moves its
 * pair's conversation-list entry ({@link PushBatch}). Writes are grouped and synced like
 * Letterbox's ({@link BatchingWriter}). How a broadcast's receipts are written is its
 * {@link FanOut}: the same rows either way.
 */
public final class PushRocksTarget implements DmTarget, Broadcaster {
  public static final String NAME = "push-rocksdb";
  public static final String INGEST_NAME = "push-rocksdb-ingest";
  private static final int WRITERS = 4;
  private static final int FANOUT_BATCH = 10_000;
  /** Where {@link FanOut#INGEST} builds its table files, inside the database's directory. */
  private static final String INGEST_DIR = "ingest";

  /** How a broadcast writes its per-receiver rows. */
  public enum FanOut {
    /** Through RocksDB's write path on one thread: batches of {@value #FANOUT_BATCH} receivers, the last synced. */
    WRITE_PATH,
    /** As sorted table files built on every core and ingested ({@link PushIngest}). */
    INGEST
  }

  /** One group-committed change. */
  private interface Mutation {
    void addTo(PushBatch batch) throws RocksDBException;
  }

  static {
    // Before the WriteOptions below: with Letterbox on HBase, nothing has loaded RocksDB's library yet.
    RocksDB.loadLibrary();
  }


  private final Path dir;
  private final long cacheBytes;
  private final FanOut fanOut;
  private final IdGenerator ids = new IdGenerator(Clock.systemUTC(), 1, 0);
  private final WriteOptions synced = new WriteOptions().setSync(true);
  private final WriteOptions unsynced = new WriteOptions().setSync(false);
  private PushRocksDb db;
  private BatchingWriter<Mutation> writer;
  /** Opened at the first {@link #groups()}, closed with the database. */
  private PushGroups groups;

  public PushRocksTarget(Path dir, long cacheBytes) throws RocksDBException {
    this(dir, cacheBytes, FanOut.WRITE_PATH);
  }

  public PushRocksTarget(Path dir, long cacheBytes, FanOut fanOut) throws RocksDBException {
    this.dir = dir;
    this.cacheBytes = cacheBytes;
    this.fanOut = fanOut;
    open();
  }

  private void open() throws RocksDBException {
    db = new PushRocksDb(dir, cacheBytes);
    writer = new BatchingWriter<>(name(), WRITERS, 1024, () -> items -> {
      try (PushBatch batch = new PushBatch(db)) {
        for (Mutation m : items) {
          m.addTo(batch);
        }
        batch.write(synced);
      }
    });
  }

  @Override
  public String name() {
    return fanOut == FanOut.INGEST ? INGEST_NAME : NAME;
  }

  @Override
  public String note() {
    String writes = "durable: grouped writes, each group one synced RocksDB write";
    return fanOut == FanOut.INGEST
        ? writes + "; a broadcast's receiver rows (conversation, inbox, list moves) as sorted table files built on"
            + " every core (" + Runtime.getRuntime().availableProcessors() + ") and ingested, synced"
        : writes + "; a broadcast's receiver rows through the write path on one thread, the last batch synced";
  }

  @Override
  public CompletableFuture<Long> send(long from, long to, String text) {
    long id = ids.next();
    return writer.submit(b -> b.message(id, from, to, text)).thenApply(v -> id);
  }

  @Override
  public void load(List<HistoryMessage> messages) {
    try (PushBatch b = new PushBatch(db)) {
      for (HistoryMessage m : messages) {
        b.message(Ids.firstIdAt(m.epochMillis()) | Ids.IMPORTED, m.from(), m.to(), m.text());
      }
      b.write(synced);
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public HistoryPage history(long owner, long peer, Object cursor, int limit) {
    long before = cursor == null ? Long.MAX_VALUE : (Long) cursor;
    List<byte[]> keys = PushScans.reverse(db.db, db.conversation, PushKeys.pair(owner, peer),
        PushKeys.conversation(owner, peer, before), limit + 1);
    boolean more = keys.size() > limit;
    List<byte[]> shown = more ? keys.subList(0, limit) : keys;
    int found = PushScans.contents(db, shown, 16);
    Object next = more ? PushKeys.at(shown.get(shown.size() - 1), 16) : null;
    return new HistoryPage(found, next);
  }

  @Override
  public ListPage conversationsPage(long owner, Object cursor, int limit) {
    return PushScans.page(db, owner, (byte[]) cursor, limit);
  }

  @Override
  public long unread(long owner) {
    throw new Unsupported("the seed design keeps no read positions (its counters live in a separate cache)");
  }

  @Override
  public CompletableFuture<Void> delete(long owner, long peer, long id) {
    return writer.submit(b -> b.delete(owner, peer, id));
  }

  @Override
  public Broadcaster broadcaster() {
    return this;
  }

  @Override
  public long broadcast(long sender, String text, long[] receivers, Audience audience) {
    return broadcast(sender, text, receivers, fanOut);
  }

  /**
   * By ingestion whatever this target's {@link FanOut}: the rows are the same either way, and after
   * the compaction that follows a set-up the stores are too; the write path would only make the
   * set-up slower (in a store that grows, its per-receiver reads do).
   */
  @Override
  public void preload(long sender, String text, long[] receivers, java.time.Duration timeout) {
    broadcast(sender, text, receivers, FanOut.INGEST);
  }

  private long broadcast(long sender, String text, long[] receivers, FanOut how) {
    if (receivers.length == 0) {
      throw new IllegalArgumentException("a broadcast needs receivers");
    }
    long id = ids.next();
    try (Progress progress = Progress.start(name() + " fan-out", receivers.length); PushBatch b = new PushBatch(db)) {
      b.content(id, sender, 0, text);
      if (how == FanOut.INGEST) {
        b.write(synced);
        new PushIngest(db, dir.resolve(INGEST_DIR)).fanOut(sender, id, receivers, progress);
        return id;
      }
      for (int i = 0; i < receivers.length; i++) {
        b.receipt(receivers[i], sender, id);
        if ((i + 1) % FANOUT_BATCH == 0 || i == receivers.length - 1) {
          b.write(i == receivers.length - 1 ? synced : unsynced);
          progress.advance((i % FANOUT_BATCH) + 1);
        }
      }
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
    return id;
  }

  @Override
  public synchronized io.letterbox.bench.targets.Groups groups() {
    if (groups == null) {
      groups = new PushGroups(db, ids, synced, unsynced);
    }
    return groups;
  }

  @Override
  public void compact() {
    // As Letterbox's store compacts: every file rewritten with the last level's compression.
    try (var whole = new org.rocksdb.CompactRangeOptions().setBottommostLevelCompaction(
        org.rocksdb.CompactRangeOptions.BottommostLevelCompaction.kForceOptimized)) {
      for (var family : db.families()) {
        db.db.compactRange(family, null, null, whole);
      }
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public long diskBytes() {
    return DiskUsage.of(dir);
  }

  @Override
  public void coldRestart(Runnable whileStopped) {
    shut();
    whileStopped.run();
    try {
      open();
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
  }

  private synchronized void shut() {
    if (groups != null) {
      groups.close();
      groups = null;
    }
    writer.close();
    db.close();
  }

  @Override
  public void close() {
    shut();
    synced.close();
    unsynced.close();
  }
}
