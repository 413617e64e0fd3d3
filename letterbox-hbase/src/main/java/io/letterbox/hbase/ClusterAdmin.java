package io.letterbox.hbase;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncAdmin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.RegionInfo;

/** The store's dealings with the cluster itself: the client's settings, compaction, sizes. */
final class ClusterAdmin {
  private ClusterAdmin() {}

  /** The client configuration of a connection the store opens from {@code options}. */
  static Configuration clientConfiguration(HBaseStoreOptions options) {
    Configuration conf = HBaseConfiguration.create();
    // host:port entries are accepted as they are; a quorum without ports uses the client port.
    conf.set(HConstants.ZOOKEEPER_QUORUM, options.quorum());
    // HBase's default waits 20 minutes for an operation; a service would rather fail and say so.
    conf.setLong(HConstants.HBASE_CLIENT_OPERATION_TIMEOUT, options.operationTimeout().toMillis());
    options.clientProperties().forEach(conf::set);
    return conf;
  }

  /** Flushes every table's memstores to files (waits), then requests a major compaction (does not). */
  static void flushAndCompact(AsyncConnection connection, Collection<SpaceTable> tables) {
    AsyncAdmin admin = connection.getAdmin();
    for (SpaceTable table : tables) {
      Futures.await(admin.flush(table.name()), () -> "flush failed in table " + table.name());
      Futures.await(admin.majorCompact(table.name()), () -> "compaction request failed in table " + table.name());
    }
  }

  /**
   * @return the store file and memstore bytes of the tables' regions, as the region servers last
   *     reported them to the master: one RPC however many servers and regions
   */
  static long storedBytes(AsyncConnection connection, Collection<SpaceTable> tables) {
    long bytes = 0;
    for (RegionMetrics region : regions(connection, tables)) {
      bytes += (long) (region.getStoreFileSize().get(Size.Unit.BYTE) + region.getMemStoreSize().get(Size.Unit.BYTE));
    }
    return bytes;
  }

  /**
   * @return each table's store file bytes by its space's name, as the region servers last reported
   *     them (in whole megabytes a region): one RPC
   */
  static Map<String, Long> storeFileBytesBySpace(AsyncConnection connection, Collection<SpaceTable> tables) {
    Map<TableName, String> spaces = new HashMap<>();
    Map<String, Long> bytes = new LinkedHashMap<>();
    for (SpaceTable table : tables) {
      spaces.put(table.name(), table.space().name());
      bytes.put(table.space().name(), 0L);
    }
    for (RegionMetrics region : regions(connection, tables)) {
      bytes.merge(spaces.get(RegionInfo.getTable(region.getRegionName())),
          (long) region.getStoreFileSize().get(Size.Unit.BYTE), Long::sum);
    }
    return bytes;
  }

  /** The metrics of the tables' regions on the live region servers, as last reported to the master. */
  private static List<RegionMetrics> regions(AsyncConnection connection, Collection<SpaceTable> tables) {
    ClusterMetrics cluster = Futures.await(
        connection.getAdmin().getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS)),
        () -> "cannot read the cluster's metrics");
    Set<TableName> names = new HashSet<>();
    tables.forEach(t -> names.add(t.name()));
    List<RegionMetrics> regions = new ArrayList<>();
    for (ServerMetrics server : cluster.getLiveServerMetrics().values()) {
      for (RegionMetrics region : server.getRegionMetrics().values()) {
        if (names.contains(RegionInfo.getTable(region.getRegionName()))) {
          regions.add(region);
        }
      }
    }
    return regions;
  }
}
