package io.letterbox.rocksdb;

/**
 * Tuning of a {@link RocksStore}. Defaults suit a small (2-core) machine holding a DM store:
 * scans over timelines, point reads of messages and summaries, a steady stream of small batches.
 *
 * @param blockCacheBytes  the LRU block cache shared by every space (data, index and filter blocks)
 * @param writeBufferBytes the memtable size of each space, before it is flushed to a file
 * @param maxTotalWalBytes the WAL size at which the spaces holding the oldest log are flushed; it
 *                         bounds recovery time and disk when some space is rarely written
 * @param backgroundJobs   threads for flushes and compactions together
 * @param bloomBitsPerKey  bloom filter bits per key (10: about 1% false positives)
 */
public record RocksStoreOptions(
    long blockCacheBytes, long writeBufferBytes, long maxTotalWalBytes, int backgroundJobs, double bloomBitsPerKey) {

  private static final long MB = 1L << 20;

  public RocksStoreOptions {
    requirePositive(blockCacheBytes, "blockCacheBytes");
    requirePositive(writeBufferBytes, "writeBufferBytes");
    requirePositive(maxTotalWalBytes, "maxTotalWalBytes");
    requirePositive(backgroundJobs, "backgroundJobs");
    if (!(bloomBitsPerKey >= 1)) {
      throw new IllegalArgumentException("bloomBitsPerKey must be at least 1: " + bloomBitsPerKey);
    }
  }

  public static RocksStoreOptions defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder().blockCacheBytes(blockCacheBytes).writeBufferBytes(writeBufferBytes)
        .maxTotalWalBytes(maxTotalWalBytes).backgroundJobs(backgroundJobs).bloomBitsPerKey(bloomBitsPerKey);
  }

  /**
   * The shard bits of a block cache of {@code cacheBytes}: shards of at least 64 MB (so 4 at the
   * default 256 MB). RocksDB's default, 64 shards of 4 MB at 256 MB, keeps no block bigger than a
   * shard: the whole-key filter of a compacted 64 MB file is, so every point read into such a file
   * read its filter again from the file (~35–40 µs a key, found with perf in the push
   * baseline). Fewer shards contend more on a lock, which on a few cores costs less than that.
   * The store's files now keep their filters in 4 KiB partitions (RocksTuning); files
   * written before keep whole ones until compaction rewrites them.
   */
  public static int blockCacheShardBits(long cacheBytes) {
    int bits = 0;
    while (bits < 6 && cacheBytes >> (bits + 1) >= MIN_SHARD_BYTES) {
      bits++;
    }
    return bits;
  }

  private static final long MIN_SHARD_BYTES = 64 * MB;

  private static void requirePositive(long value, String name) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + " must be positive: " + value);
    }
  }

  /** Builds {@link RocksStoreOptions}; every value starts at its default. */
  public static final class Builder {
    private long blockCacheBytes = 256 * MB;
    private long writeBufferBytes = 64 * MB;
    private long maxTotalWalBytes = 1024 * MB;
    private int backgroundJobs = 2;
    private double bloomBitsPerKey = 10;

    private Builder() {}

    public Builder blockCacheBytes(long bytes) {
      this.blockCacheBytes = bytes;
      return this;
    }

    public Builder writeBufferBytes(long bytes) {
      this.writeBufferBytes = bytes;
      return this;
    }

    public Builder maxTotalWalBytes(long bytes) {
      this.maxTotalWalBytes = bytes;
      return this;
    }

    public Builder backgroundJobs(int jobs) {
      this.backgroundJobs = jobs;
      return this;
    }

    public Builder bloomBitsPerKey(double bits) {
      this.bloomBitsPerKey = bits;
      return this;
    }

    public RocksStoreOptions build() {
      return new RocksStoreOptions(blockCacheBytes, writeBufferBytes, maxTotalWalBytes, backgroundJobs, bloomBitsPerKey);
    }
  }
}
