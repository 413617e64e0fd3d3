package io.letterbox.bench.baseline.push;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.letterbox.rocksdb.RocksStoreOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.IndexType;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * A plain RocksDB with the push design's column families, tuned as Letterbox's store is
 * (256 MB block cache, 64 MB memtables, 10-bit blooms, LZ4 then ZSTD at the bottom, 16 KB
 * blocks, prefix blooms on the scanned prefixes), so the comparison is of designs, not of knobs.
 */
final class PushRocksDb implements AutoCloseable {
  static {
    RocksDB.loadLibrary();
  }

  final RocksDB db;
  final ColumnFamilyHandle content;
  final ColumnFamilyHandle conversation;
  final ColumnFamilyHandle inbox;
  final ColumnFamilyHandle recent;
  final ColumnFamilyHandle latest;
  /** Groups (write diffusion, {@link PushGroups}): gid(8) uid(8), a member. */
  final ColumnFamilyHandle groupMember;
  /** Groups: member(8) gid(8) id(8), a copy of each post in every member's timeline. */
  final ColumnFamilyHandle groupTimeline;
  /** Groups: member(8) gid(8) → its unread count (8 bytes, little-endian: RocksDB's uint64add merge). */
  final ColumnFamilyHandle groupUnread;
  private final List<AutoCloseable> owned = new ArrayList<>();
  private final List<ColumnFamilyHandle> handles = new ArrayList<>();
  /** Each family's options, in the order of {@link #handles}: table files written outside are built with them. */
  private final List<ColumnFamilyOptions> familyOptions = new ArrayList<>();
  private final DBOptions options;

  PushRocksDb(Path dir, long cacheBytes) throws RocksDBException {
    LRUCache cache = own(new LRUCache(cacheBytes,
        // Shards as Letterbox's store has them (at least 64 MB, so a compacted file's filter stays cached).
        RocksStoreOptions.blockCacheShardBits(cacheBytes)));
    BloomFilter bloom = own(new BloomFilter(10, false));
    options = own(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)
        .setIncreaseParallelism(2).setMaxBackgroundJobs(2).setBytesPerSync(1 << 20));
    List<ColumnFamilyDescriptor> descriptors = List.of(
        new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, own(new ColumnFamilyOptions())),
        new ColumnFamilyDescriptor("content".getBytes(UTF_8), family(cache, bloom, 0)),
        new ColumnFamilyDescriptor("conversation".getBytes(UTF_8), family(cache, bloom, PushKeys.PAIR_PREFIX)),
        new ColumnFamilyDescriptor("inbox".getBytes(UTF_8), family(cache, bloom, PushKeys.OWNER_PREFIX)),
        new ColumnFamilyDescriptor("recent".getBytes(UTF_8), family(cache, bloom, PushKeys.OWNER_PREFIX)),
        new ColumnFamilyDescriptor("latest".getBytes(UTF_8), family(cache, bloom, 0)),
        new ColumnFamilyDescriptor("group_member".getBytes(UTF_8), family(cache, bloom, PushKeys.OWNER_PREFIX)),
        new ColumnFamilyDescriptor("group_timeline".getBytes(UTF_8), family(cache, bloom, PushKeys.OWNER_PREFIX)),
        new ColumnFamilyDescriptor("group_unread".getBytes(UTF_8),
            family(cache, bloom, PushKeys.OWNER_PREFIX).setMergeOperatorName("uint64add")));
    descriptors.forEach(d -> familyOptions.add(d.getOptions()));
    db = RocksDB.open(options, dir.toString(), descriptors, handles);
    content = handles.get(1);
    conversation = handles.get(2);
    inbox = handles.get(3);
    recent = handles.get(4);
    latest = handles.get(5);
    groupMember = handles.get(6);
    groupTimeline = handles.get(7);
    groupUnread = handles.get(8);
  }

  /** Every family that holds data, for compaction. */
  List<ColumnFamilyHandle> families() {
    return List.of(content, conversation, inbox, recent, latest, groupMember, groupTimeline, groupUnread);
  }

  /**
   * The options a table file for {@code family} must be written with (comparator, prefix
   * extractor, filter, compression) to be ingested as if RocksDB had written it; the caller closes them.
   */
  Options tableFileOptions(ColumnFamilyHandle family) {
    return new Options(options, familyOptions.get(handles.indexOf(family)));
  }

  private ColumnFamilyOptions family(LRUCache cache, BloomFilter bloom, int prefix) {
    // Letterbox's table layout (RocksTuning), partitioned index and filters included: a cold read
    // fetches a 4 KiB partition of each, not a file's whole index and filter.
    BlockBasedTableConfig table = new BlockBasedTableConfig().setBlockCache(cache).setBlockSize(16 * 1024)
        .setFilterPolicy(bloom).setCacheIndexAndFilterBlocks(true).setPinL0FilterAndIndexBlocksInCache(true)
        .setIndexType(IndexType.kTwoLevelIndexSearch).setPartitionFilters(true).setMetadataBlockSize(4 * 1024)
        .setPinTopLevelIndexAndFilter(true);
    ColumnFamilyOptions cf = own(new ColumnFamilyOptions()).setWriteBufferSize(64L << 20)
        .setCompressionType(CompressionType.LZ4_COMPRESSION)
        .setBottommostCompressionType(CompressionType.ZSTD_COMPRESSION)
        .setLevelCompactionDynamicLevelBytes(true).setTableFormatConfig(table);
    if (prefix > 0) {
      cf.useFixedLengthPrefixExtractor(prefix);
      cf.setMemtablePrefixBloomSizeRatio(0.1);
    }
    return cf;
  }

  private <T extends AutoCloseable> T own(T object) {
    owned.add(object);
    return object;
  }

  @Override
  public void close() {
    // Handles before the database, options after it: RocksJava's order.
    handles.forEach(ColumnFamilyHandle::close);
    db.close();
    for (int i = owned.size() - 1; i >= 0; i--) {
      try {
        owned.get(i).close();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
