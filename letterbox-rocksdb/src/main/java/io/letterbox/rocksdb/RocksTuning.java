package io.letterbox.rocksdb;

import io.letterbox.store.Space;
import io.letterbox.store.StoreException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.Env;
import org.rocksdb.IndexType;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksObject;
import org.rocksdb.SstFileManager;
import org.rocksdb.UInt64AddOperator;
import org.rocksdb.WALRecoveryMode;

/**
 * The native option objects of one open store, built from {@link RocksStoreOptions}. It owns
 * them: they must outlive the database and be closed after it.
 */
final class RocksTuning implements AutoCloseable {
  /**
   * Memtable bytes given to the bloom of a prefixed space (its prefixes, and its whole keys where
   * its files filter them too), as a share of its memtable.
   */
  private static final double MEMTABLE_PREFIX_BLOOM_RATIO = 0.1;
  /** Larger than the 4 KB default: we scan more than we point-read, and LZ4 compresses better. */
  private static final long BLOCK_SIZE = 16 * 1024;
  /** The size of one partition of a table file's index or filter. */
  private static final long METADATA_BLOCK_SIZE = 4 * 1024;
  /**
   * Bytes of the ZSTD dictionary trained for each bottommost table file: its blocks share it, so
   * the ids, timestamps and key prefixes repeated from block to block are stored once per file.
   */
  static final int BOTTOMMOST_DICTIONARY_BYTES = 16 * 1024;
  /**
   * ZSTD's level at the bottommost level (RocksDB's default is 3): files there are written once
   * per full merge of the space and read many times, so a slower, tighter level pays.
   */
  static final int BOTTOMMOST_ZSTD_LEVEL = 9;
  /** Bytes of a file's data blocks sampled to train its dictionary (ZSTD suggests about 100x). */
  static final int BOTTOMMOST_DICTIONARY_TRAINING_BYTES = 100 * BOTTOMMOST_DICTIONARY_BYTES;
  /** Values at least this large in a space of large values are kept in blob files. */
  private static final long MIN_BLOB_BYTES = 4096;
  /** Spreads the writeback of new files instead of one large fsync at their end. */
  private static final long BYTES_PER_SYNC = 1 << 20;
  /**
   * Level-0 files a write-mostly space holds before they are merged into the level below (RocksDB's
   * default is 4); writes slow down at three times as many and stop at four times (20 and 36 by
   * default), so that a space merged this late does not hold back every write of the database.
   */
  static final int WRITE_MOSTLY_LEVEL0_FILES = 16;
  /**
   * Entries of the memtable that one step of a scan may pass over unseen (deletes, and the puts
   * they delete) before the memtable is flushed: about 50 µs of a list's time.
   */
  static final int SCAN_FLUSH_ENTRIES = 1_000;
  /** The same on average over the steps between two seeks, once they passed over that many in all. */
  static final int SCAN_FLUSH_AVERAGE = 100;

  private final RocksStoreOptions options;
  /** Closed in reverse order of creation, so that the cache goes last. */
  private final List<RocksObject> owned = new ArrayList<>();
  private final LRUCache cache;
  private final BloomFilter bloom;
  private final UInt64AddOperator addOperator;
  private final SstFileManager sstFiles;
  private final CompressionOptions bottommostCompression;
  private final DBOptions dbOptions;
  private final Map<String, ColumnFamilyOptions> families = new HashMap<>();

  RocksTuning(RocksStoreOptions options) {
    this.options = options;
    this.cache = own(new LRUCache(options.blockCacheBytes(),
        RocksStoreOptions.blockCacheShardBits(options.blockCacheBytes())));
    this.bloom = own(new BloomFilter(options.bloomBitsPerKey(), false));
    this.addOperator = own(new UInt64AddOperator());
    this.sstFiles = own(newSstFileManager());
    this.bottommostCompression = own(bottommostCompressionOptions());
    this.dbOptions = own(new DBOptions()
        // With it RocksDB resumes by itself once a full disk has room again when a flush or a
        // compaction hit ENOSPC (it polls the free space). A log write that hit it leaves the
        // database read-only until it is reopened (facebook/rocksdb#11643): RocksStore does that.
        .setSstFileManager(sstFiles)
        .setCreateIfMissing(true)
        .setCreateMissingColumnFamilies(true)
        .setIncreaseParallelism(options.backgroundJobs())
        .setMaxBackgroundJobs(options.backgroundJobs())
        .setBytesPerSync(BYTES_PER_SYNC)
        .setMaxTotalWalSize(options.maxTotalWalBytes())
        .setKeepLogFileNum(10)
        // Durability rests on the WAL: it is written on every write (never disabled), flushed to
        // the OS at once (manual_wal_flush false) and fsynced by the group committer.
        .setManualWalFlush(false)
        // After a crash, replay up to the first torn record: a kill mid-append leaves one.
        .setWalRecoveryMode(WALRecoveryMode.PointInTimeRecovery));
  }

  private static SstFileManager newSstFileManager() {
    try {
      return new SstFileManager(Env.getDefault());
    } catch (RocksDBException e) {
      throw new StoreException("cannot create RocksDB's file manager: " + e.getMessage(), e);
    }
  }

  /**
   * ZSTD with a dictionary trained per file for the bottommost level, where most data ends. Only
   * new files use it: a file keeps the compression it was written with, so an existing store
   * reads as before and its files are rewritten with a dictionary as compactions reach them.
   */
  static CompressionOptions bottommostCompressionOptions() {
    return new CompressionOptions()
        .setLevel(BOTTOMMOST_ZSTD_LEVEL)
        .setMaxDictBytes(BOTTOMMOST_DICTIONARY_BYTES)
        .setZStdMaxTrainBytes(BOTTOMMOST_DICTIONARY_TRAINING_BYTES)
        // Without it RocksDB ignores these options and uses the ones of the upper levels.
        .setEnabled(true);
  }

  DBOptions dbOptions() {
    return dbOptions;
  }

  /** Options of the column family that holds {@code space}; the same object for every call. */
  synchronized ColumnFamilyOptions forSpace(Space space) {
    return families.computeIfAbsent(space.name(), name -> newFamilyOptions(space));
  }

  /**
   * Options for writing a table file of {@code space} outside the database (a sorted load): the
   * column family's, so the file reads like one it wrote itself. The caller closes them.
   */
  Options forTableFile(Space space) {
    return new Options(dbOptions, forSpace(space));
  }

  private ColumnFamilyOptions newFamilyOptions(Space space) {
    ColumnFamilyOptions cf = (space.putOnce() ? flushedWhenScansStepOverDeletes() : forDefault())
        .setWriteBufferSize(options.writeBufferBytes())
        .setCompressionType(CompressionType.LZ4_COMPRESSION)
        // Most data ends in the last level and is rarely rewritten: worth ZSTD's better ratio.
        .setBottommostCompressionType(CompressionType.ZSTD_COMPRESSION)
        .setBottommostCompressionOptions(bottommostCompression)
        .setLevelCompactionDynamicLevelBytes(true)
        // A space read by scans only needs no filter of whole keys: its prefixes' filter is enough.
        .setTableFormatConfig(tableConfig(!space.writeMostly()));
    if (space.prefixLength() > 0) {
      // Prefix blooms let a scan within one prefix (one timeline) skip files without it. Whole
      // key filtering stays on for point reads; scans choose the mode per range (RangeScan).
      cf.useFixedLengthPrefixExtractor(space.prefixLength());
      cf.setMemtablePrefixBloomSizeRatio(MEMTABLE_PREFIX_BLOOM_RATIO);
      // A point read of a key the memtable lacks (a send reads both parties' conversation rows,
      // most of them new) skips the memtable's skip list: about a tenth of a sequencer's time.
      cf.setMemtableWholeKeyFiltering(!space.writeMostly());
    }
    if (space.writeMostly()) {
      // Each new file of such a space overlaps all of it, so each merge of level 0 into the level
      // below rewrites that whole level: merging 16 files at a time instead of 4 does it a quarter as
      // often (the search postings: about half the compaction CPU in a profile). A read looks into up
      // to that many more files, most of them passed over by their pinned filters.
      cf.setLevel0FileNumCompactionTrigger(WRITE_MOSTLY_LEVEL0_FILES)
          .setLevel0SlowdownWritesTrigger(3 * WRITE_MOSTLY_LEVEL0_FILES)
          .setLevel0StopWritesTrigger(4 * WRITE_MOSTLY_LEVEL0_FILES);
    }
    if (space.largeValues()) {
      // RocksDB's integrated BlobDB: large values go to blob files once, and compactions move
      // only their references. No compression: attachments (images, video) mostly are already.
      cf.setEnableBlobFiles(true)
          .setMinBlobSize(MIN_BLOB_BYTES)
          .setBlobCompressionType(CompressionType.NO_COMPRESSION);
    }
    if (space.counters()) {
      // Increments become merge operands: no read before write. Values are fixed64 little-endian.
      cf.setMergeOperator(addOperator);
    }
    return cf;
  }

  /**
   * Options of a space whose entries move (put once, deleted once): a delete and its put vanish
   * together only once a flush or a compaction holds both, and until its memtable is flushed a scan
   * steps over both, one pair per move (a chatty owner's list: hundreds of moves per page). So
   * RocksDB flushes the memtable as soon as one step of a scan passes over
   * {@link #SCAN_FLUSH_ENTRIES} entries it holds that the scan does not see, or the steps between
   * two seeks pass over {@link #SCAN_FLUSH_AVERAGE} on average; the scan marks the memtable and
   * the space's next writes flush it (RocksDB 10.2 and 10.4; RocksJava has no setters for them,
   * so they are set by name).
   */
  private ColumnFamilyOptions flushedWhenScansStepOverDeletes() {
    java.util.Properties byName = new java.util.Properties();
    byName.setProperty("memtable_op_scan_flush_trigger", Integer.toString(SCAN_FLUSH_ENTRIES));
    byName.setProperty("memtable_avg_op_scan_flush_trigger", Integer.toString(SCAN_FLUSH_AVERAGE));
    ColumnFamilyOptions cf;
    try (ConfigOptions strict = new ConfigOptions().setIgnoreUnknownOptions(false)) {
      cf = ColumnFamilyOptions.getColumnFamilyOptionsFromProps(strict, byName);
    }
    if (cf == null) {
      throw new StoreException("this RocksDB does not know the options " + byName.keySet());
    }
    return own(cf);
  }

  /** Options of a column family the store does not use (RocksDB's "default"). */
  ColumnFamilyOptions forDefault() {
    return own(new ColumnFamilyOptions());
  }

  private BlockBasedTableConfig tableConfig(boolean wholeKeyFiltering) {
    return new BlockBasedTableConfig()
        .setBlockCache(cache)
        .setBlockSize(BLOCK_SIZE)
        .setFilterPolicy(bloom)
        .setWholeKeyFiltering(wholeKeyFiltering)
        // Index and filter blocks count against the cache, so memory stays bounded as data grows;
        // level-0 ones are pinned because every read consults them.
        .setCacheIndexAndFilterBlocks(true)
        .setPinL0FilterAndIndexBlocksInCache(true)
        // Each table file's index and filter in partitions of METADATA_BLOCK_SIZE under a small top
        // level, pinned once the file is opened: a read with nothing cached fetches one partition
        // of each, not the whole of them. Whole, a compacted file's index and filter run to hundreds
        // of KB: the first page of a list after a restart read 2.7 MB of them for 20 items.
        .setIndexType(IndexType.kTwoLevelIndexSearch)
        .setPartitionFilters(true)
        .setMetadataBlockSize(METADATA_BLOCK_SIZE)
        .setPinTopLevelIndexAndFilter(true);
  }

  private <T extends RocksObject> T own(T object) {
    owned.add(object);
    return object;
  }

  @Override
  public void close() {
    for (int i = owned.size() - 1; i >= 0; i--) {
      owned.get(i).close();
    }
    owned.clear();
  }
}
