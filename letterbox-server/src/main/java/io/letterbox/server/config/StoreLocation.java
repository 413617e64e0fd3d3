package io.letterbox.server.config;

import io.letterbox.hbase.HBaseStore;
import io.letterbox.hbase.HBaseStoreOptions;
import io.letterbox.rocksdb.RocksStore;
import io.letterbox.rocksdb.RocksStoreOptions;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.Space;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a deployment's data lives: a RocksDB directory on this machine, or a namespace of an HBase
 * cluster. The server's store ({@code store} and its keys), and the two ends of
 * {@code letterbox migrate} ({@link #parse}).
 */
public sealed interface StoreLocation {
  /**
   * Opens the store, creating it (directory, or namespace and tables) if it does not exist.
   *
   * @throws io.letterbox.store.StoreException if the store cannot be opened or reached
   */
  KeyValueStore open(List<Space> spaces);

  /** The embedded store in {@code dir}, tuned by {@code options}. */
  record RocksDb(Path dir, RocksStoreOptions options) implements StoreLocation {
    /** The embedded store in {@code dir} with default tuning. */
    public RocksDb(Path dir) {
      this(dir, RocksStoreOptions.defaults());
    }

    @Override
    public KeyValueStore open(List<Space> spaces) {
      return RocksStore.open(dir, spaces, options);
    }

    @Override
    public String toString() {
      return "rocksdb:" + dir;
    }
  }

  /** The tables of a namespace of an HBase cluster, reached through its ZooKeeper quorum. */
  record HBase(HBaseStoreOptions options) implements StoreLocation {
    @Override
    public KeyValueStore open(List<Space> spaces) {
      return HBaseStore.open(options, spaces);
    }

    @Override
    public String toString() {
      return "hbase:" + options.quorum() + "/" + options.namespace();
    }
  }

  /**
   * Parses {@code rocksdb:DIR} or {@code hbase:HOST:PORT[,HOST:PORT...][/NAMESPACE]}.
   *
   * @param hbase the settings of an HBase location that the text does not give (the namespace
   *     when it has none, salt buckets, client properties)
   * @throws ConfigException if the text is neither
   */
  static StoreLocation parse(String text, HBaseStoreOptions hbase) {
    String t = text.trim();
    if (t.startsWith("rocksdb:") && t.length() > "rocksdb:".length()) {
      return new RocksDb(Path.of(t.substring("rocksdb:".length())));
    }
    if (t.startsWith("hbase:") && t.length() > "hbase:".length()) {
      String rest = t.substring("hbase:".length());
      int slash = rest.indexOf('/');
      HBaseStoreOptions.Builder options = hbase.toBuilder().quorum(slash < 0 ? rest : rest.substring(0, slash));
      if (slash >= 0) {
        options.namespace(rest.substring(slash + 1));
      }
      try {
        return new HBase(options.build());
      } catch (IllegalArgumentException e) {
        throw new ConfigException(text + ": " + e.getMessage());
      }
    }
    throw new ConfigException("a store is rocksdb:DIR or hbase:HOST:PORT[,HOST:PORT...][/NAMESPACE], not '" + text + "'");
  }
}
