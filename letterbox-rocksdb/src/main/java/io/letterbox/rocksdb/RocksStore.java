package io.letterbox.rocksdb;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.letterbox.store.KeyRange;
import io.letterbox.store.FencedException;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.ScanVisitor;
import io.letterbox.store.SortedLoad;
import io.letterbox.store.Space;
import io.letterbox.store.StoreException;
import io.letterbox.store.WriteBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Stream;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.FlushOptions;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * The storage SPI on an embedded RocksDB: one column family per space, batches applied
 * atomically, and durability by group commit over a synced WAL (see {@link GroupCommitter}).
 *
 * <p>Counter spaces use RocksDB's {@code UInt64AddOperator}, so an increment is a blind write.
 * A put into a counter space sets the counter and takes an 8-byte big-endian value.
 *
 * <p>The futures returned by {@link #write} complete on the store's commit thread: stages chained
 * to them must not block, above all not on another write's future.
 *
 * <p>Thread-safe. Calls after {@link #close} throw {@link IllegalStateException}; failures of
 * RocksDB itself are {@link StoreException}s.
 */
public final class RocksStore implements KeyValueStore {
  static {
    RocksDB.loadLibrary();
  }

  /** Where sorted loads write their table files before ingestion. */
  private static final String INGEST_DIR = "ingest";

  private final Path dir;
  private final RocksTuning tuning;
  private final RocksDB db;
  private final ColumnFamilies families;
  private final ReadOptions pointReads = new ReadOptions();
  private final WriteOptions writes = new WriteOptions().setSync(false).setDisableWAL(false);
  private final GroupCommitter committer;
  /** Held while a conditional write checks and writes. */
  private final Object conditional = new Object();
  /** Numbers the table files of sorted loads. */
  private final AtomicLong loads = new AtomicLong();
  /** Held for reading by every call into RocksDB, for writing to close: no handle is freed under a call. */
  private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
  private boolean closed; // guarded by lifecycle

  private RocksStore(Path dir, RocksTuning tuning, RocksDB db, ColumnFamilies families) {
    this.dir = dir;
    this.tuning = tuning;
    this.db = db;
    this.families = families;
    this.committer = new GroupCommitter("letterbox-rocks-commit-" + dir.getFileName(), db::syncWal);
  }

  /** Opens (creating if needed) the store in {@code dir} with default options. */
  public static RocksStore open(Path dir, List<Space> spaces) {
    return open(dir, spaces, RocksStoreOptions.defaults());
  }

  /**
   * Opens (creating if needed) the store in {@code dir}, with a column family per space.
   *
   * @throws IllegalArgumentException if space names repeat, or the store holds a space not listed
   * @throws StoreException if RocksDB cannot open it (for instance, another process has it open)
   */
  public static RocksStore open(Path dir, List<Space> spaces, RocksStoreOptions options) {
    requireDistinctNames(spaces);
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new StoreException("cannot create store directory " + dir, e);
    }
    rejectUnlistedSpaces(dir, spaces);
    clearIngestDir(dir.resolve(INGEST_DIR));
    RocksTuning tuning = new RocksTuning(options);
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try {
      List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
      descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, tuning.forDefault()));
      for (Space space : spaces) {
        descriptors.add(new ColumnFamilyDescriptor(space.name().getBytes(UTF_8), tuning.forSpace(space)));
      }
      RocksDB db = RocksDB.open(tuning.dbOptions(), dir.toString(), descriptors, handles);
      return new RocksStore(dir, tuning, db, new ColumnFamilies(spaces, handles));
    } catch (RocksDBException e) {
      handles.forEach(ColumnFamilyHandle::close);
      tuning.close();
      throw new StoreException("cannot open RocksDB store at " + dir + ": " + e.getMessage(), e);
    }
  }

  @Override
  public byte[] get(Space space, byte[] key) {
    ColumnFamilies.Family family = families.of(space);
    Lock lock = enter();
    try {
      byte[] value = db.get(family.handle(), pointReads, key);
      return space.counters() ? CounterCodec.toBigEndian(value) : value;
    } catch (RocksDBException e) {
      throw failed("get", space, e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public List<byte[]> multiGet(Space space, List<byte[]> keys) {
    ColumnFamilies.Family family = families.of(space);
    if (keys.isEmpty()) {
      return new ArrayList<>();
    }
    Lock lock = enter();
    try {
      List<byte[]> values = db.multiGetAsList(pointReads, Collections.nCopies(keys.size(), family.handle()), keys);
      if (space.counters()) {
        values.replaceAll(CounterCodec::toBigEndian);
      }
      return values;
    } catch (RocksDBException e) {
      throw failed("multiGet", space, e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void scan(Space space, KeyRange range, boolean reverse, ScanVisitor visitor) {
    ColumnFamilies.Family family = families.of(space);
    Lock lock = enter();
    try {
      RangeScan.run(db, family, range, reverse, visitor);
    } catch (RocksDBException e) {
      throw failed("scan", space, e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public long counter(Space space, byte[] key) {
    ColumnFamilies.Family family = families.counters(space);
    Lock lock = enter();
    try {
      return CounterCodec.decode(db.get(family.handle(), pointReads, key));
    } catch (RocksDBException e) {
      throw failed("counter", space, e);
    } finally {
      lock.unlock();
    }
  }

  /** One multi-get. */
  @Override
  public long[] counters(Space space, List<byte[]> keys) {
    families.counters(space);
    List<byte[]> values = multiGet(space, keys);
    long[] out = new long[values.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = values.get(i) == null ? 0 : io.letterbox.store.Bytes.getLong(values.get(i), 0);
    }
    return out;
  }

  @Override
  public WriteBatch newBatch() {
    return new RocksBatch(families);
  }

  /**
   * Applies the batch atomically and unsynced, so it is visible when this returns.
   *
   * @return completes when a WAL sync covers the batch; at once for an empty batch
   * @throws IllegalArgumentException if the batch was not made by this store's {@link #newBatch}
   * @throws StoreException if RocksDB refused the batch; then nothing of it was applied
   */
  @Override
  public CompletableFuture<Void> write(WriteBatch batch) {
    if (!(batch instanceof RocksBatch rocksBatch && rocksBatch.belongsTo(families))) {
      throw new IllegalArgumentException("the batch was not made by this store's newBatch()");
    }
    Lock lock = enter();
    try {
      if (rocksBatch.isEmpty()) {
        return CompletableFuture.completedFuture(null);
      }
      if (!rocksBatch.hasCommitPoint()) {
        try (org.rocksdb.WriteBatch nativeBatch = rocksBatch.toNative()) {
          db.write(writes, nativeBatch);
        }
        return committer.durable();
      }
      // RocksDB admits one process; conditional writes of this one are serialized here.
      BitSet taken = new BitSet();
      synchronized (conditional) {
        List<RocksBatch.Section> sections = rocksBatch.sections();
        for (int i = 0; i < sections.size(); i++) {
          RocksBatch.Section section = sections.get(i);
          if (section.commitKey() != null && get(section.commitSpace(), section.commitKey()) != null) {
            taken.set(i);
          }
        }
        if (taken.cardinality() < sections.size()) {
          try (org.rocksdb.WriteBatch nativeBatch = rocksBatch.toNative(taken)) {
            db.write(writes, nativeBatch);
          }
        }
      }
      CompletableFuture<Void> durable = committer.durable();
      if (!taken.isEmpty()) {
        throw new FencedException("the commit points of sections " + taken + " of the batch are taken",
            taken.stream().toArray(), durable);
      }
      return durable;
    } catch (RocksDBException e) {
      throw new StoreException("write failed in " + dir + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  /** Durable when it returns: the WAL is synced. */
  @Override
  public boolean compareAndSet(Space space, byte[] key, byte[] expected, byte[] value) {
    Lock lock = enter();
    try {
      synchronized (conditional) {
        if (!java.util.Arrays.equals(get(space, key), expected)) {
          return false;
        }
        RocksBatch batch = new RocksBatch(families);
        batch.put(space, key, value);
        try (org.rocksdb.WriteBatch nativeBatch = batch.toNative()) {
          db.write(writes, nativeBatch);
        }
      }
      committer.durable().join();
      return true;
    } catch (RocksDBException e) {
      throw new StoreException("compare-and-set failed in " + dir + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  /** One range tombstone (a bounded range; an open one is deleted key by key): compaction reclaims the space. */
  @Override
  public void deleteRange(Space space, io.letterbox.store.KeyRange range) {
    if (range.to() == null) {
      KeyValueStore.super.deleteRange(space, range);
      return;
    }
    Lock lock = enter();
    try {
      db.deleteRange(families.of(space).handle(), writes, range.from(), range.to());
      committer.durable().join();
    } catch (RocksDBException e) {
      throw new StoreException("range delete failed in " + dir + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  /**
   * A load that writes a table file under {@code ingest/} and ingests it on commit (see
   * {@link RocksSortedLoad}). Files that a crash left there are deleted at the next open.
   */
  @Override
  public SortedLoad newSortedLoad(Space space) {
    ColumnFamilies.Family family = families.of(space);
    if (space.counters()) {
      throw new IllegalArgumentException("a sorted load takes plain spaces, not counters: " + space.name());
    }
    Lock lock = enter();
    try {
      Path file = dir.resolve(INGEST_DIR).resolve(space.name() + "-" + loads.incrementAndGet() + ".sst");
      return new RocksSortedLoad(this, space, file, tuning.forTableFile(space), table -> ingest(family, table));
    } finally {
      lock.unlock();
    }
  }

  private void ingest(ColumnFamilies.Family family, Path table) throws RocksDBException {
    Lock lock = enter();
    try (IngestExternalFileOptions options = new IngestExternalFileOptions()
        // A hard link instead of a copy; the loaded keys get a sequence number newer than any
        // write before, so they win over earlier values; a memtable holding keys in the file's
        // range is flushed first.
        .setMoveFiles(true).setAllowGlobalSeqNo(true).setAllowBlockingFlush(true)) {
      db.ingestExternalFile(family.handle(), List.of(table.toString()), options);
    } finally {
      lock.unlock();
    }
  }

  /** Compacts every space fully; blocks until done. */
  @Override
  public void compact() {
    Lock lock = enter();
    try {
      for (ColumnFamilies.Family family : families.families()) {
        db.compactRange(family.handle());
      }
    } catch (RocksDBException e) {
      throw new StoreException("compaction failed in " + dir + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  /** Writes every memtable to a file (for tests that need data in files, not in memory). */
  void flush() {
    Lock lock = enter();
    try (FlushOptions options = new FlushOptions().setWaitForFlush(true)) {
      for (ColumnFamilies.Family family : families.families()) {
        db.flush(options, family.handle());
      }
    } catch (RocksDBException e) {
      throw new StoreException("flush failed in " + dir + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  /** @return the sizes of all files in the store's directory: tables, WAL, manifest, logs */
  @Override
  public long diskBytes() {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(RocksStore::sizeOf).sum();
    } catch (IOException e) {
      throw new StoreException("cannot list " + dir, e);
    }
  }

  /** @return WAL syncs so far; writes per sync tells how well group commit groups */
  long walSyncs() {
    return committer.syncCount();
  }

  /**
   * Waits for running calls, makes every applied write durable and completes its future, then
   * releases RocksDB. Idempotent.
   *
   * @throws IllegalStateException when called from a scan visitor or a write-completion stage,
   *     which would wait for themselves
   */
  @Override
  public void close() {
    if (lifecycle.getReadHoldCount() > 0 || committer.isCommitterThread()) {
      throw new IllegalStateException("a store must not be closed from inside its own scan or write callback");
    }
    Lock lock = lifecycle.writeLock();
    lock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
    } finally {
      lock.unlock();
    }
    // No call can reach RocksDB any more: running ones have finished, new ones are refused.
    committer.close();
    families.close();
    db.close();
    pointReads.close();
    writes.close();
    tuning.close();
  }

  @Override
  public String toString() {
    return "RocksStore[" + dir + "]";
  }

  private Lock enter() {
    Lock lock = lifecycle.readLock();
    lock.lock();
    if (closed) {
      lock.unlock();
      throw new IllegalStateException("store is closed: " + dir);
    }
    return lock;
  }

  private StoreException failed(String operation, Space space, RocksDBException e) {
    return new StoreException(operation + " failed in space " + space.name() + " of " + dir + ": " + e.getMessage(), e);
  }

  private static long sizeOf(Path file) {
    try {
      return Files.size(file);
    } catch (NoSuchFileException e) {
      return 0; // deleted by a compaction while we listed
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void requireDistinctNames(List<Space> spaces) {
    Set<String> names = new HashSet<>();
    for (Space space : spaces) {
      if (!names.add(space.name())) {
        throw new IllegalArgumentException("space listed twice: " + space.name());
      }
    }
  }

  /** Table files of loads that a stopped process never ingested are garbage: their loads were not committed. */
  private static void clearIngestDir(Path ingest) {
    try {
      if (Files.isDirectory(ingest)) {
        try (Stream<Path> files = Files.list(ingest)) {
          for (Path file : (Iterable<Path>) files::iterator) {
            Files.delete(file);
          }
        }
      }
      Files.createDirectories(ingest);
    } catch (IOException e) {
      throw new StoreException("cannot clear " + ingest, e);
    }
  }

  /** RocksDB must open every column family a database has; say which are missing, plainly. */
  private static void rejectUnlistedSpaces(Path dir, List<Space> spaces) {
    if (!Files.exists(dir.resolve("CURRENT"))) {
      return; // a new store
    }
    List<byte[]> existing;
    try (Options options = new Options()) {
      existing = RocksDB.listColumnFamilies(options, dir.toString());
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the spaces of the store at " + dir + ": " + e.getMessage(), e);
    }
    Set<String> unlisted = new HashSet<>();
    existing.forEach(name -> unlisted.add(new String(name, UTF_8)));
    unlisted.remove(new String(RocksDB.DEFAULT_COLUMN_FAMILY, UTF_8));
    spaces.forEach(space -> unlisted.remove(space.name()));
    if (!unlisted.isEmpty()) {
      throw new IllegalArgumentException("the store at " + dir + " holds spaces that were not listed: " + unlisted);
    }
  }
}
