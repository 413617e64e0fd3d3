package io.letterbox.bench.targets;

import io.letterbox.engine.Letterbox;
import io.letterbox.rocksdb.RocksStore;
import io.letterbox.rocksdb.RocksStoreOptions;
import io.letterbox.store.KeyValueStore;
import java.nio.file.Path;
import java.util.Map;

/** Letterbox embedded on RocksDB in the run's directory (which the scenario deletes afterwards). */
public final class RocksStorage implements LetterboxStorage {

  private final Path dir;
  private final RocksStoreOptions options;

  public RocksStorage(Path dir, long cacheBytes) {
    this.dir = dir;
    this.options = RocksStoreOptions.builder().blockCacheBytes(cacheBytes).build();
  }

  @Override
  public KeyValueStore open() {
    return RocksStore.open(dir, Letterbox.SPACES, options);
  }

  @Override
  public String note() {
    return "durable: a send completes after the group-committed WAL sync";
  }

  @Override
  public void compact(KeyValueStore store) {
    store.compact();
  }

  @Override
  public long diskBytes(KeyValueStore store) {
    return store.diskBytes();
  }

  @Override
  public Map<String, Long> diskBytesBySpace(KeyValueStore store) {
    return store.diskBytesBySpace();
  }

  @Override
  public void close() {}
}
