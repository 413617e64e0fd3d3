package io.letterbox.hbase;

import io.letterbox.store.Space;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one HBase mini cluster of a test run: ZooKeeper, one master and one region server in this
 * JVM, on the local file system (no HDFS), web UIs off. Started on first use by
 * {@link MiniHBaseExtension}, shared by every test class, and stopped when JUnit closes its root
 * context at the end of the run.
 *
 * <p>Creating a table of 16 regions takes the mini cluster over a second, so tests do not get new
 * tables: {@link #emptyStore} reuses one namespace per purpose and deletes every row first.
 */
public final class MiniHBase implements ExtensionContext.Store.CloseableResource {
  private static final Logger log = LoggerFactory.getLogger(MiniHBase.class);

  private static final int START_CEILING_MILLIS = 10 * 60 * 1000;

  private final HBaseTestingUtility util;
  private final AsyncConnection connection;

  private MiniHBase(HBaseTestingUtility util, AsyncConnection connection) {
    this.util = util;
    this.connection = connection;
  }

  static MiniHBase start() {
    long started = System.nanoTime();
    HBaseTestingUtility util = new HBaseTestingUtility();
    Configuration conf = util.getConfiguration();
    // Without HDFS the write-ahead log sits on the local file system, which cannot hflush.
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    // Web UIs off: they need --add-opens on Java 17, and nothing here looks at them.
    conf.setInt("hbase.master.info.port", -1);
    conf.setInt("hbase.regionserver.info.port", -1);
    // The region server shares this JVM with every test of the run, and the stores of all test
    // classes make thousands of regions (every space a salted table). With MSLAB each region that
    // took a write holds a 2 MiB chunk until it flushes: with the search postings table too, the
    // heap ran out (1.3 GB of live byte[] mid-run). No MSLAB; a tenth of the heap for the block
    // cache, a fifth for memstores.
    conf.setBoolean("hbase.hregion.memstore.mslab.enabled", false);
    conf.setFloat("hfile.block.cache.size", 0.1f);
    conf.setFloat("hbase.regionserver.global.memstore.size", 0.2f);
    // A major compaction's replaced files leave the region's directory when the discharger next
    // runs, every 2 minutes by default: the tests that look for removed text in the files would
    // wait for it. Every second here.
    conf.setInt("hbase.hfile.compaction.discharger.interval", 1000);
    // The start waits for ZooKeeper to answer and for the master to become active, 30 s each by
    // default: a loaded machine took longer. Ceilings only, so generous.
    conf.setInt("zookeeper.session.timeout.localHBaseCluster", START_CEILING_MILLIS);
    conf.set("hbase.master.start.timeout.localHBaseCluster", Integer.toString(START_CEILING_MILLIS));
    try {
      util.startMiniZKCluster();
      util.startMiniHBaseCluster(StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).build());
      AsyncConnection connection = ConnectionFactory.createAsyncConnection(conf).get();
      log.info("HBase mini cluster up in {} ms, ZooKeeper at {}", (System.nanoTime() - started) / 1_000_000,
          quorumOf(conf));
      return new MiniHBase(util, connection);
    } catch (Exception e) {
      throw new IllegalStateException("cannot start the HBase mini cluster", e);
    }
  }

  /** A connection for every test; stores opened on it leave it open. */
  public AsyncConnection connection() {
    return connection;
  }

  /**
   * The local directory of namespace {@code namespace}'s tables: their regions' store files
   * (HFiles), without the archive of compacted-away files and the write-ahead logs.
   */
  public java.nio.file.Path namespaceDir(String namespace) {
    try {
      org.apache.hadoop.fs.Path root = org.apache.hadoop.hbase.util.CommonFSUtils.getRootDir(util.getConfiguration());
      return java.nio.file.Path.of(root.toUri().getPath(), "data", namespace);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** {@code host:port} of the cluster's ZooKeeper. */
  public String quorum() {
    return quorumOf(util.getConfiguration());
  }

  /** Options of a store in the namespace of {@code purpose}. */
  public HBaseStoreOptions.Builder options(String purpose) {
    return HBaseStoreOptions.builder().quorum(quorum()).namespace(purpose);
  }

  /**
   * @return a store on the shared connection, in the namespace of {@code purpose}, whose tables
   *     hold no rows
   */
  public HBaseStore emptyStore(String purpose, List<Space> spaces) {
    return emptyStore(options(purpose).build(), spaces);
  }

  /** @return a store on the shared connection opened with {@code options}, whose tables hold no rows */
  public HBaseStore emptyStore(HBaseStoreOptions options, List<Space> spaces) {
    HBaseStore store = HBaseStore.open(connection, options, spaces);
    CompletableFuture.allOf(spaces.stream()
        .map(space -> deleteEveryRow(TableName.valueOf(options.namespace(), space.name())))
        .toArray(CompletableFuture[]::new)).join();
    return store;
  }

  /** Deletes with stamps of the store's clock, so that they hide every cell written before. */
  private CompletableFuture<Void> deleteEveryRow(TableName name) {
    AsyncTable<?> table = connection.getTable(name);
    return table.scanAll(new Scan().setFilter(new KeyOnlyFilter())).thenCompose(rows -> {
      List<Delete> deletes = new ArrayList<>(rows.size());
      for (Result row : rows) {
        deletes.add(new Delete(row.getRow(), CellClock.next()));
      }
      return table.deleteAll(deletes);
    });
  }

  /**
   * @return the table files (HFiles) of namespace {@code namespace} that hold one of {@code texts}
   *     in their raw bytes, as paths under the cluster's root directory
   */
  public List<String> tableFilesHolding(String namespace, String... texts) {
    Configuration conf = util.getConfiguration();
    List<String> found = new ArrayList<>();
    try {
      org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(
          org.apache.hadoop.hbase.util.CommonFSUtils.getRootDir(conf), "data/" + namespace);
      org.apache.hadoop.fs.FileSystem fs = dir.getFileSystem(conf);
      var files = fs.listFiles(dir, true);
      while (files.hasNext()) {
        org.apache.hadoop.fs.Path file = files.next().getPath();
        byte[] bytes;
        try (var in = fs.open(file)) {
          bytes = in.readAllBytes();
        } catch (java.io.FileNotFoundException gone) {
          continue; // replaced by a compaction while listed
        }
        for (String text : texts) {
          if (io.letterbox.engine.ByteSearch.holds(bytes, text.getBytes(java.nio.charset.StandardCharsets.UTF_8))) {
            found.add(file.toString());
            break;
          }
        }
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return found;
  }

  @Override
  public void close() throws IOException {
    connection.close();
    util.shutdownMiniCluster();
  }

  private static String quorumOf(Configuration conf) {
    return conf.get("hbase.zookeeper.quorum") + ":" + conf.get("hbase.zookeeper.property.clientPort");
  }
}
