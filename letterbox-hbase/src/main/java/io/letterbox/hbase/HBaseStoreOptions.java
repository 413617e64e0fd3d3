package io.letterbox.hbase;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Where a {@link HBaseStore} keeps its tables and how it talks to them.
 *
 * @param quorum           the ZooKeeper quorum of the cluster, {@code host:port[,host:port...]};
 *                         used only when the store opens its own connection
 * @param clientProperties further HBase client settings for a connection the store opens (for
 *                         example {@code zookeeper.znode.parent}); they override the defaults
 * @param namespace        the HBase namespace of the deployment: one table per space in it
 * @param saltBuckets      salt values, and pre-split regions, of a table the store creates (1 to
 *                         256); an existing table keeps the count it was created with
 * @param fsyncWal         whether a write waits for the write-ahead log to reach the disks of its
 *                         datanodes (FSYNC_WAL), not only their memory (SYNC_WAL, HBase's default)
 * @param scanCaching      rows fetched per RPC by a scan without a limit (a limited scan fetches
 *                         its limit)
 * @param operationTimeout how long one get, mutation or scan RPC may take, retries included,
 *                         before it fails with a StoreException
 * @param compression      the compression of new tables' column family: NONE, or an algorithm
 *                         the region servers support (SNAPPY, ZSTD, LZ4, GZ)
 */
public record HBaseStoreOptions(
    String quorum, Map<String, String> clientProperties, String namespace, int saltBuckets, boolean fsyncWal,
    int scanCaching, Duration operationTimeout, String compression) {

  public HBaseStoreOptions {
    clientProperties = Map.copyOf(clientProperties);
    Objects.requireNonNull(namespace, "namespace");
    if (!namespace.matches("[A-Za-z0-9_]+")) {
      throw new IllegalArgumentException("namespace must be letters, digits or '_': " + namespace);
    }
    if (saltBuckets < 1 || saltBuckets > Salt.MAX_BUCKETS) {
      throw new IllegalArgumentException("saltBuckets must be 1 to " + Salt.MAX_BUCKETS + ": " + saltBuckets);
    }
    if (scanCaching < 1) {
      throw new IllegalArgumentException("scanCaching must be positive: " + scanCaching);
    }
    if (operationTimeout.isNegative() || operationTimeout.isZero()) {
      throw new IllegalArgumentException("operationTimeout must be positive: " + operationTimeout);
    }
    Objects.requireNonNull(compression, "compression");
  }

  public static HBaseStoreOptions defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder().quorum(quorum).clientProperties(clientProperties).namespace(namespace)
        .saltBuckets(saltBuckets).fsyncWal(fsyncWal).scanCaching(scanCaching).operationTimeout(operationTimeout)
        .compression(compression);
  }

  /** Builds {@link HBaseStoreOptions}; every value starts at its default. */
  public static final class Builder {
    private String quorum = "localhost:2181";
    private Map<String, String> clientProperties = Map.of();
    private String namespace = "letterbox";
    private int saltBuckets = 16;
    private boolean fsyncWal;
    private int scanCaching = 100;
    private Duration operationTimeout = Duration.ofSeconds(30);
    private String compression = "NONE";

    private Builder() {}

    public Builder quorum(String quorum) {
      this.quorum = Objects.requireNonNull(quorum, "quorum");
      return this;
    }

    public Builder clientProperties(Map<String, String> properties) {
      this.clientProperties = properties;
      return this;
    }

    public Builder namespace(String namespace) {
      this.namespace = namespace;
      return this;
    }

    public Builder saltBuckets(int buckets) {
      this.saltBuckets = buckets;
      return this;
    }

    public Builder fsyncWal(boolean fsync) {
      this.fsyncWal = fsync;
      return this;
    }

    public Builder scanCaching(int rows) {
      this.scanCaching = rows;
      return this;
    }

    public Builder operationTimeout(Duration timeout) {
      this.operationTimeout = timeout;
      return this;
    }

    public Builder compression(String algorithm) {
      this.compression = algorithm;
      return this;
    }

    public HBaseStoreOptions build() {
      return new HBaseStoreOptions(quorum, clientProperties, namespace, saltBuckets, fsyncWal, scanCaching,
          operationTimeout, compression);
    }
  }
}
