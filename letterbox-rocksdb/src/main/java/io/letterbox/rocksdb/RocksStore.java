package io.letterbox.rocksdb;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.letterbox.store.AbstractSortedLoad;
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
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Stream;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.CompactRangeOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.ReadTier;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Status;
import org.rocksdb.WriteOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * <p>A write that fails with an I/O error (a full disk) leaves RocksDB read-only for good: it
 * does not leave that state by itself after a log write failed, and RocksJava has no {@code Resume}
 * (facebook/rocksdb#11643, #12998). So from then on writes are refused with that error, reads go
 * on, and a write arriving once the disk has room again, at most every {@link #REOPEN_INTERVAL},
 * reopens the database under the store's lock: calls in flight finish first, later ones wait, and
 * the reopened database holds exactly what the log holds, as after a restart. If it cannot be
 * opened for writing it is opened read-only, so that reads go on (decision 0014).
 *
 * <p>Thread-safe. Calls after {@link #close} throw {@link IllegalStateException}; failures of
 * RocksDB itself are {@link StoreException}s.
 */
public final class RocksStore implements KeyValueStore {
  static {
    RocksDB.loadLibrary();
  }

  private static final Logger log = LoggerFactory.getLogger(RocksStore.class);
  /** Where sorted loads write their table files before ingestion. */
  private static final String INGEST_DIR = "ingest";
  /** How often at most a store that cannot write tries to reopen its database. */
  static final java.time.Duration REOPEN_INTERVAL = java.time.Duration.ofSeconds(1);
  /** Free bytes the disk must have before a reopen is tried: less will not hold a memtable's flush. */
  private static final long MIN_ROOM_BYTES = 4L << 20;
  /** Descriptors a reopen needs beyond one per file of the store: its logs, locks and directories. */
  private static final int MIN_FREE_DESCRIPTORS = 64;
  /** The longest a sorted load waits for compaction to make room: after it, it loads even so. */
  static final java.time.Duration LOAD_WAIT = java.time.Duration.ofSeconds(60);
  private static final long LOAD_POLL_NANOS = 20_000_000L;
  /** Before a space's name, the key of the mark that the space is ready for single deletes. */
  private static final String PUT_ONCE_MARK = "put-once:";

  private final Path dir;
  private final List<Space> spaces;
  private final RocksTuning tuning;
  /** Replaced (under the lifecycle write lock) when the store reopens; null if it could not be opened at all. */
  private volatile RocksDB db;
  private final ColumnFamilies families;
  private final ReadOptions pointReads = new ReadOptions();
  private final WriteOptions writes = new WriteOptions().setSync(false).setDisableWAL(false);
  /** Replaced with the database. */
  private volatile GroupCommitter committer;
  /** Why writes are refused: a write failed with an I/O error and the database was not reopened since. */
  private volatile StoreException unwritable;
  /** Held by the one thread reopening the database. */
  private final ReentrantLock reopening = new ReentrantLock();
  private long nextReopen; // guarded by reopening
  private boolean reopenFailedBefore; // guarded by reopening
  /** Held while a conditional write checks and writes its keys. */
  private final CommitLocks commitLocks = new CommitLocks();
  /** Numbers the table files of sorted loads. */
  private final AtomicLong loads = new AtomicLong();
  private final AtomicInteger loadsWaiting = new AtomicInteger();
  /** Held for reading by every call into RocksDB, for writing to close: no handle is freed under a call. */
  private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
  private volatile boolean closed; // written under lifecycle's write lock

  private RocksStore(Path dir, List<Space> spaces, RocksTuning tuning, RocksDB db, ColumnFamilies families) {
    this.dir = dir;
    this.spaces = List.copyOf(spaces);
    this.tuning = tuning;
    this.db = db;
    this.families = families;
    this.committer = newCommitter(db);
    this.nextReopen = System.nanoTime();
  }

  private GroupCommitter newCommitter(RocksDB database) {
    return new GroupCommitter("letterbox-rocks-commit-" + dir.getFileName(), () -> {
      try {
        database.syncWal();
      } catch (RocksDBException e) {
        throw writeFailed("WAL sync", e);
      }
    });
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
      RocksDB db = openDatabase(dir, spaces, tuning, false, handles);
      RocksStore store = new RocksStore(dir, spaces, tuning, db, new ColumnFamilies(spaces, handles));
      try {
        store.preparePutOnceSpaces();
      } catch (RocksDBException | RuntimeException e) {
        store.close();
        throw e;
      }
      return store;
    } catch (RocksDBException e) {
      tuning.close();
      throw new StoreException("cannot open RocksDB store at " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Readies each space {@linkplain Space#putOnce put once} for single deletes, once per store. Its
   * deletes are RocksDB SingleDeletes ({@link RocksBatch}), each of which removes one put; a space
   * written before that, with plain deletes and puts over values, may hold several versions of a
   * key, and a single delete would uncover the older ones. So such a space is first compacted
   * whole, its last level included, which leaves one version of each key and no deletes, and a
   * mark in RocksDB's default column family records it. A new space is empty: marked at once.
   */
  private void preparePutOnceSpaces() throws RocksDBException {
    for (Space space : spaces) {
      if (!space.putOnce()) {
        continue;
      }
      byte[] mark = (PUT_ONCE_MARK + space.name()).getBytes(UTF_8);
      if (db.get(families.defaultFamily(), mark) != null) {
        continue;
      }
      ColumnFamilyHandle family = families.of(space).handle();
      if (db.getLongProperty(family, "rocksdb.estimate-num-keys") > 0) {
        log.info("{}: readying space {} for single deletes, once: compacting it whole", dir, space.name());
      }
      try (CompactRangeOptions whole = new CompactRangeOptions()
          .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForce)) {
        db.compactRange(family, null, null, whole);
      }
      // Flushed at once, which also makes it durable: a write left in a memtable that is never
      // flushed again would keep every log file from then on.
      try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
        db.put(families.defaultFamily(), writes, mark, new byte[] {1});
        db.flush(flush, families.defaultFamily());
      }
    }
  }

  /** Opens the database, filling {@code handles}; closes what it opened if it fails. */
  private static RocksDB openDatabase(Path dir, List<Space> spaces, RocksTuning tuning, boolean readOnly,
      List<ColumnFamilyHandle> handles) throws RocksDBException {
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, tuning.forDefault()));
    for (Space space : spaces) {
      descriptors.add(new ColumnFamilyDescriptor(space.name().getBytes(UTF_8), tuning.forSpace(space)));
    }
    try {
      return readOnly
          ? RocksDB.openReadOnly(tuning.dbOptions(), dir.toString(), descriptors, handles)
          : RocksDB.open(tuning.dbOptions(), dir.toString(), descriptors, handles);
    } catch (RocksDBException e) {
      handles.forEach(ColumnFamilyHandle::close);
      handles.clear();
      throw e;
    }
  }

  @Override
  public byte[] get(Space space, byte[] key) {
    Lock lock = enter();
    try {
      ColumnFamilies.Family family = families.of(space);
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
    families.of(space);
    if (keys.isEmpty()) {
      return new ArrayList<>();
    }
    Lock lock = enter();
    try {
      ColumnFamilies.Family family = families.of(space);
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
    Lock lock = enter();
    try {
      RangeScan.run(db, families.of(space), range, reverse, visitor);
    } catch (RocksDBException e) {
      throw failed("scan", space, e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public long counter(Space space, byte[] key) {
    Lock lock = enter();
    try {
      return CounterCodec.decode(db.get(families.counters(space).handle(), pointReads, key));
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
    Lock lock = enterToWrite();
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
      // RocksDB admits one process; conditional writes of the same commit points are serialized
      // here, those of other partitions' writers go on beside them.
      BitSet taken = new BitSet();
      List<RocksBatch.Section> sections = rocksBatch.sections();
      int[] held = commitLocks.lock(sections.stream().filter(s -> s.commitKey() != null)
          .mapToInt(s -> CommitLocks.stripe(s.commitSpace(), s.commitKey())).toArray());
      try {
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
      } finally {
        commitLocks.unlock(held);
      }
      CompletableFuture<Void> durable = committer.durable();
      if (!taken.isEmpty()) {
        throw new FencedException("the commit points of sections " + taken + " of the batch are taken",
            taken.stream().toArray(), durable);
      }
      return durable;
    } catch (RocksDBException e) {
      throw writeFailed("write", e);
    } finally {
      lock.unlock();
    }
  }

  /** Durable when it returns: the WAL is synced. */
  @Override
  public boolean compareAndSet(Space space, byte[] key, byte[] expected, byte[] value) {
    Lock lock = enterToWrite();
    try {
      int[] held = commitLocks.lock(new int[] {CommitLocks.stripe(space, key)});
      try {
        if (!java.util.Arrays.equals(get(space, key), expected)) {
          return false;
        }
        RocksBatch batch = new RocksBatch(families);
        batch.put(space, key, value);
        try (org.rocksdb.WriteBatch nativeBatch = batch.toNative()) {
          db.write(writes, nativeBatch);
        }
      } finally {
        commitLocks.unlock(held);
      }
      committer.durable().join();
      return true;
    } catch (RocksDBException e) {
      throw writeFailed("compare-and-set", e);
    } finally {
      lock.unlock();
    }
  }

  /**
   * One range tombstone (a bounded range; an open one, or one of a space put once, whose deletes
   * must each meet their put, is deleted key by key): compaction reclaims the space.
   */
  @Override
  public void deleteRange(Space space, io.letterbox.store.KeyRange range) {
    if (range.to() == null || space.putOnce()) {
      KeyValueStore.super.deleteRange(space, range);
      return;
    }
    Lock lock = enterToWrite();
    try {
      db.deleteRange(families.of(space).handle(), writes, range.from(), range.to());
      committer.durable().join();
    } catch (RocksDBException e) {
      throw writeFailed("range delete", e);
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
    families.of(AbstractSortedLoad.loadable(space));
    Lock lock = enter();
    try {
      Path file = dir.resolve(INGEST_DIR).resolve(space.name() + "-" + loads.incrementAndGet() + ".sst");
      return new RocksSortedLoad(this, space, file, tuning.forTableFile(space),
          (table, first, last) -> ingest(space, table, first, last));
    } finally {
      lock.unlock();
    }
  }

  private void ingest(Space space, Path table, byte[] first, byte[] last) throws RocksDBException {
    awaitRoomToLoad(space);
    flushBeforeIngesting(space, first, last);
    Lock lock = enterToWrite();
    try (IngestExternalFileOptions options = new IngestExternalFileOptions()
        // A hard link instead of a copy; the loaded keys get a sequence number newer than any
        // write before, so they win over earlier values; a memtable holding keys in the file's
        // range is flushed first (rarely left by now: see flushBeforeIngesting).
        .setMoveFiles(true).setAllowGlobalSeqNo(true).setAllowBlockingFlush(true)) {
      db.ingestExternalFile(families.of(space).handle(), List.of(table.toString()), options);
    } catch (RocksDBException e) {
      throw writeFailed("ingest", e);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Flushes {@code space}'s memtables before a table file of keys from {@code first} to
   * {@code last} is ingested into it, if they hold a key in that range. RocksDB ingests a file with
   * every write of the database stopped, and flushes such memtables inside the stop
   * ({@code allow_blocking_flush}): every durable send waited for the flush. The search postings hit
   * it at every backlog after a quiet spell (their small loads go through the memtable, and their
   * keys span every owner, so the memtable always overlaps the file). Flushed here, the flush runs
   * beside the other writes, and ingestion stops them only to add the file.
   */
  private void flushBeforeIngesting(Space space, byte[] first, byte[] last) {
    Lock lock = enterToWrite();
    try (FlushOptions options = new FlushOptions().setWaitForFlush(true)) {
      ColumnFamilyHandle family = families.of(space).handle();
      if (memtablesHoldKeyIn(family, first, last)) {
        db.flush(options, family);
      }
    } catch (RocksDBException e) {
      throw writeFailed("flush before ingestion", e);
    } finally {
      lock.unlock();
    }
  }

  /** Whether {@code family}'s memtables (not its files) hold a key from {@code first} to {@code last}: RocksDB's own test. */
  private boolean memtablesHoldKeyIn(ColumnFamilyHandle family, byte[] first, byte[] last) {
    try (ReadOptions memtables = new ReadOptions().setReadTier(ReadTier.MEMTABLE_TIER).setTotalOrderSeek(true);
        RocksIterator it = db.newIterator(family, memtables)) {
      it.seek(first);
      return it.isValid() && Arrays.compareUnsigned(it.key(), last) <= 0;
    }
  }

  /**
   * Waits while adding a table file to {@code space} would bring RocksDB to slow down writes: while
   * its level 0 holds half the files at which RocksDB delays every write of the database, or writes
   * are delayed already. An ingested file overlapping what is there lands in level 0 (the search
   * postings always do), so a backlog loaded as fast as it is read (the index catching up after a
   * large import) outran compaction until RocksDB stopped every write for seconds. A
   * load waits for compaction instead, at most {@link #LOAD_WAIT}, and outside the store's lock,
   * so that reads, writes and close go on meanwhile.
   */
  private void awaitRoomToLoad(Space space) {
    long deadline = System.nanoTime() + LOAD_WAIT.toNanos();
    if (!crowded(space)) {
      return;
    }
    loadsWaiting.incrementAndGet();
    try {
      while (System.nanoTime() < deadline && crowded(space)) {
        LockSupport.parkNanos(LOAD_POLL_NANOS);
      }
    } finally {
      loadsWaiting.decrementAndGet();
    }
  }

  private boolean crowded(Space space) {
    long limit = Math.max(2, tuning.forSpace(space).level0SlowdownWritesTrigger() / 2);
    Lock lock = enter();
    try {
      return levelZeroFiles(families.of(space).handle()) >= limit
          || db.getLongProperty("rocksdb.actual-delayed-write-rate") > 0
          || db.getLongProperty("rocksdb.is-write-stopped") > 0;
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the state of compaction in " + dir + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  private long levelZeroFiles(ColumnFamilyHandle family) throws RocksDBException {
    return Long.parseLong(db.getProperty(family, "rocksdb.num-files-at-level0"));
  }

  /** Sorted loads waiting now for compaction to make room (see {@link #awaitRoomToLoad}). */
  int loadsWaiting() {
    return loadsWaiting.get();
  }

  /** The files in {@code space}'s level 0. */
  long levelZeroFiles(Space space) throws RocksDBException {
    Lock lock = enter();
    try {
      return levelZeroFiles(families.of(space).handle());
    } finally {
      lock.unlock();
    }
  }

  /** Entries in the memtable of RocksDB's default column family, which holds no space. */
  long defaultFamilyMemtableEntries() throws RocksDBException {
    Lock lock = enter();
    try {
      return db.getLongProperty(families.defaultFamily(), "rocksdb.num-entries-active-mem-table");
    } finally {
      lock.unlock();
    }
  }

  /** What the table files of {@code space} hold: entries (deletes included), and deletes of either kind. */
  record TableEntries(long entries, long deletes) {}

  /** The entries of {@code space}'s table files, from their properties (not its memtables). */
  TableEntries tableEntries(Space space) throws RocksDBException {
    long[] sums = sumOverTables(space, org.rocksdb.TableProperties::getNumEntries,
        org.rocksdb.TableProperties::getNumDeletions);
    return new TableEntries(sums[0], sums[1]);
  }

  /** The compression of each table file of {@code space}, as RocksDB names it (e.g. {@code ZSTD}). */
  Set<String> tableCompressions(Space space) throws RocksDBException {
    Set<String> names = new TreeSet<>();
    for (org.rocksdb.TableProperties table : tableProperties(space)) {
      names.add(table.getCompressionName());
    }
    return names;
  }

  /** What the table files of {@code space} keep beside their data: filter bytes, and index partitions (0: one whole index). */
  record TableMetadata(long filterBytes, long indexPartitions) {}

  /** The filters and indexes of {@code space}'s table files, from their properties. */
  TableMetadata tableMetadata(Space space) throws RocksDBException {
    long[] sums = sumOverTables(space, org.rocksdb.TableProperties::getFilterSize,
        org.rocksdb.TableProperties::getIndexPartitions);
    return new TableMetadata(sums[0], sums[1]);
  }

  /** Each of two figures of a table file's properties, summed over {@code space}'s table files. */
  private long[] sumOverTables(Space space, java.util.function.ToLongFunction<org.rocksdb.TableProperties> first,
      java.util.function.ToLongFunction<org.rocksdb.TableProperties> second) throws RocksDBException {
    long[] sums = new long[2];
    for (org.rocksdb.TableProperties table : tableProperties(space)) {
      sums[0] += first.applyAsLong(table);
      sums[1] += second.applyAsLong(table);
    }
    return sums;
  }

  /** The properties of each of {@code space}'s table files. */
  private java.util.Collection<org.rocksdb.TableProperties> tableProperties(Space space) throws RocksDBException {
    Lock lock = enter();
    try {
      return db.getPropertiesOfAllTables(families.of(space).handle()).values();
    } finally {
      lock.unlock();
    }
  }

  /** The bytes of table blocks (data, index, filter) that {@code reads} fetched from the files, on this thread. */
  long blockBytesRead(Runnable reads) {
    Lock lock = enter();
    try {
      db.setPerfLevel(org.rocksdb.PerfLevel.ENABLE_COUNT);
      try {
        db.getPerfContext().reset();
        reads.run();
        return db.getPerfContext().getBlockReadByte();
      } finally {
        db.setPerfLevel(org.rocksdb.PerfLevel.DISABLE);
      }
    } finally {
      lock.unlock();
    }
  }

  /** Turns automatic compaction of {@code space} off or on (for tests: compaction that falls behind). */
  void autoCompaction(Space space, boolean on) throws RocksDBException {
    Lock lock = enter();
    try {
      db.setOptions(families.of(space).handle(),
          org.rocksdb.MutableColumnFamilyOptions.builder().setDisableAutoCompactions(!on).build());
    } finally {
      lock.unlock();
    }
  }

  /**
   * Flushes every memtable, then compacts every space fully; blocks until done. Every table file ends rewritten at the last
   * level, with that level's compression (ZSTD and its dictionary, {@link RocksTuning}): without
   * {@code kForceOptimized} RocksDB moves a file that overlaps nothing (a small space's one file,
   * or the log's, whose keys only grow) to the last level as it is, with the compression it was
   * flushed with.
   */
  @Override
  public void compact() {
    // Every memtable first: then no write-ahead log file is needed by any space any more, and
    // RocksDB deletes them (none is archived), so an overwritten value is in no file after this.
    flush();
    Lock lock = enterToWrite();
    try (CompactRangeOptions whole = new CompactRangeOptions()
        .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForceOptimized)) {
      for (ColumnFamilies.Family family : families.families()) {
        db.compactRange(family.handle(), null, null, whole);
      }
    } catch (RocksDBException e) {
      throw new StoreException("compaction failed in " + dir + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Backs the live database up into {@code engine} while writes go on (see {@link RocksBackups}):
   * every memtable is flushed first, then the table and blob files and the write-ahead log written
   * since the flush are copied, so every write whose future completed before this call is in it.
   * Holds the store open (not its writes) until the copy is done: {@link #close} waits for it.
   */
  void backUpInto(org.rocksdb.BackupEngine engine, String metadata) throws RocksDBException {
    Lock lock = enter();
    try {
      engine.createNewBackupWithMetadata(db, metadata, true);
    } finally {
      lock.unlock();
    }
  }

  /** Writes every memtable to a file (for tests that need data in files, not in memory). */
  void flush() {
    Lock lock = enterToWrite();
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

  /** @return each space's live table and blob files, as RocksDB's properties of its column family give them */
  @Override
  public Map<String, Long> diskBytesBySpace() {
    Lock lock = enter();
    try {
      Map<String, Long> bytes = new LinkedHashMap<>();
      for (Space space : spaces) {
        ColumnFamilyHandle family = families.of(space).handle();
        bytes.put(space.name(), db.getLongProperty(family, "rocksdb.live-sst-files-size")
            + db.getLongProperty(family, "rocksdb.live-blob-file-size"));
      }
      return bytes;
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the file sizes of " + dir + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
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
    reopening.lock(); // a reopen finishes first
    try {
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
    } finally {
      reopening.unlock();
    }
    // No call can reach RocksDB any more: running ones have finished, new ones are refused.
    committer.close();
    if (db != null) {
      families.close();
      db.close();
    }
    pointReads.close();
    writes.close();
    tuning.close();
  }

  @Override
  public String toString() {
    return "RocksStore[" + dir + "]";
  }

  private Lock enter() {
    if (db == null) {
      reopen(); // the last reopen could not even open it read-only
    }
    Lock lock = lifecycle.readLock();
    lock.lock();
    if (closed) {
      lock.unlock();
      throw new IllegalStateException("store is closed: " + dir);
    }
    if (db == null) {
      lock.unlock();
      throw new StoreException("the store at " + dir + " is not open: " + unwritable.getMessage(), unwritable);
    }
    return lock;
  }

  /** As {@link #enter}, for a write: refused while the database is read-only after a failed write. */
  private Lock enterToWrite() {
    if (unwritable != null) {
      reopen();
    }
    Lock lock = enter();
    StoreException cause = unwritable;
    if (cause != null) {
      lock.unlock();
      throw new StoreException("the store refuses writes until it can reopen its database, since: "
          + cause.getMessage(), cause);
    }
    return lock;
  }

  /**
   * The failure of a write. An I/O error leaves the database read-only (RocksDB's background
   * error): writes are then refused until it is reopened.
   */
  private StoreException writeFailed(String operation, RocksDBException e) {
    StoreException failure = new StoreException(operation + " failed in " + dir + ": " + e.getMessage(), e);
    Status status = e.getStatus();
    if (status == null || status.getCode() == Status.Code.IOError) {
      if (unwritable == null) {
        log.error("{}: RocksDB cannot write ({}); writes are refused until it is reopened, tried once the disk has "
            + "{} MiB free", dir, e.getMessage(), MIN_ROOM_BYTES >> 20);
      }
      unwritable = failure;
    }
    return failure;
  }

  /**
   * Reopens the database if writes are refused, the disk has room, and the last try was at least
   * {@link #REOPEN_INTERVAL} ago; returns at once when another thread reopens it, or when the
   * caller cannot wait for the store's own calls (inside a scan or a write's completion).
   */
  private void reopen() {
    if (lifecycle.getReadHoldCount() > 0 || GroupCommitter.onAnyCommitterThread() || !reopening.tryLock()) {
      return;
    }
    try {
      long now = System.nanoTime();
      if (closed || (unwritable == null && db != null) || now - nextReopen < 0 || freeBytes() < MIN_ROOM_BYTES
          || !descriptorsToReopen()) {
        return;
      }
      nextReopen = now + REOPEN_INTERVAL.toNanos();
      // Refused writes do not reach the committer any more: once the calls in flight are done
      // (they hold the read lock), its last group is synced or failed, and it can stop. Not under
      // the write lock: stages of its futures may call the store.
      lifecycle.writeLock().lock();
      GroupCommitter old = committer;
      lifecycle.writeLock().unlock();
      old.close();
      Lock lock = lifecycle.writeLock();
      lock.lock();
      try {
        if (!closed) {
          swapDatabase();
        }
      } finally {
        lock.unlock();
      }
    } finally {
      reopening.unlock();
    }
  }

  /** Closes the database and opens it again, for writing if it can, else for reading. Under the write lock. */
  private void swapDatabase() {
    if (db != null) {
      families.close();
      db.close();
      db = null;
    }
    for (boolean readOnly : new boolean[] {false, true}) {
      List<ColumnFamilyHandle> handles = new ArrayList<>();
      try {
        RocksDB reopened = openDatabase(dir, spaces, tuning, readOnly, handles);
        families.reopened(handles);
        db = reopened;
        committer = newCommitter(reopened);
        if (!readOnly) {
          log.info("{}: RocksDB reopened; writes are taken again", dir);
          unwritable = null;
          reopenFailedBefore = false;
        }
        return;
      } catch (RocksDBException e) {
        // Once, not at every try: the disk stays full for as long as it takes someone to act.
        if (!reopenFailedBefore) {
          log.warn("{}: RocksDB cannot be reopened {} yet ({}); trying again every {} while writes come", dir,
              readOnly ? "even for reading" : "for writing", e.getMessage(), REOPEN_INTERVAL);
        }
      }
      reopenFailedBefore = true;
    }
  }

  /**
   * Whether the process has a descriptor free for each file of the store and some more: a reopen
   * tried without them (connections took them all) would fail and leave the store unreadable.
   */
  private boolean descriptorsToReopen() {
    if (!(java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.UnixOperatingSystemMXBean unix)) {
      return true;
    }
    long free = unix.getMaxFileDescriptorCount() - unix.getOpenFileDescriptorCount();
    try (Stream<Path> files = Files.list(dir)) {
      return free >= files.count() + MIN_FREE_DESCRIPTORS;
    } catch (IOException e) {
      return false; // listing needs a descriptor too
    }
  }

  private long freeBytes() {
    try {
      return Files.getFileStore(dir).getUsableSpace();
    } catch (IOException e) {
      return Long.MAX_VALUE; // let the reopen itself tell
    }
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
