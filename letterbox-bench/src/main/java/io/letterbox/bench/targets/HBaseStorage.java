package io.letterbox.bench.targets;

import io.letterbox.bench.targets.Unavailable;
import io.letterbox.engine.Letterbox;
import io.letterbox.hbase.HBaseStore;
import io.letterbox.hbase.HBaseStoreOptions;
import io.letterbox.store.KeyValueStore;
import java.util.Map;
import org.apache.hadoop.hbase.client.AsyncConnection;

/**
 * Letterbox on an HBase cluster, in a new namespace of its own (17 tables of 16 regions, created
 * when the target starts), with the store's defaults: SYNC_WAL, 16 salt buckets.
 */
public final class HBaseStorage implements LetterboxStorage {
  private final HBaseCluster cluster;
  private final AsyncConnection connection;
  private final HBaseStoreOptions options;

  public HBaseStorage(HBaseCluster cluster) throws Unavailable {
    this.cluster = cluster;
    this.connection = cluster.connect();
    this.options = HBaseStoreOptions.builder().quorum(cluster.quorum()).namespace(cluster.newNamespace(LetterboxTarget.NAME))
        .build();
  }

  @Override
  public KeyValueStore open() {
    return HBaseStore.open(connection, options, Letterbox.SPACES);
  }

  @Override
  public String note() {
    return "durable: a send completes when its group's batch is in the WAL (SYNC_WAL) of HBase at " + cluster.quorum()
        + ", namespace " + options.namespace();
  }

  /** Nothing: a major compaction would run in the background, into the next measurement. */
  @Override
  public void compact(KeyValueStore store) {}

  @Override
  public long diskBytes(KeyValueStore store) {
    throw new Unsupported("HBase's region servers report store sizes every few seconds and compact in the background:"
        + " see the cluster's own metrics");
  }

  /** None: as {@link #diskBytes}, the region servers' reports lag behind. */
  @Override
  public Map<String, Long> diskBytesBySpace(KeyValueStore store) {
    return Map.of();
  }

  @Override
  public void close() {
    cluster.dropAndClose(connection, options.namespace());
  }
}
