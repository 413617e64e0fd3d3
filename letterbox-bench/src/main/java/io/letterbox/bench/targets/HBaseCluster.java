package io.letterbox.bench.targets;

import io.letterbox.bench.targets.Unavailable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncAdmin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * The HBase cluster a run writes to ({@code --hbase-quorum}). Each target that keeps its data
 * there opens a connection of its own and a new namespace, so that every run starts from empty
 * tables, and drops the namespace when it closes unless the run keeps its data.
 */
public record HBaseCluster(String quorum, boolean keepData) {
  private static final long CONNECT_SECONDS = 60;

  /** @return a new connection to the cluster */
  public AsyncConnection connect() throws Unavailable {
    Configuration conf = HBaseConfiguration.create();
    conf.set(HConstants.ZOOKEEPER_QUORUM, quorum);
    try {
      return ConnectionFactory.createAsyncConnection(conf).get(CONNECT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new Unavailable("cannot connect to HBase at " + quorum + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Unavailable("interrupted while connecting to HBase at " + quorum, e);
    }
  }

  /** @return a namespace name no earlier run used, for {@code target}'s tables */
  public String newNamespace(String target) {
    return ("bench_" + target + "_" + System.currentTimeMillis()).replace('-', '_').toLowerCase(Locale.ROOT);
  }

  /** Disables and deletes the namespace's tables, then the namespace; keeps them if the run keeps its data. */
  public void dropAndClose(AsyncConnection connection, String namespace) {
    try {
      if (!keepData) {
        drop(connection.getAdmin(), namespace);
      }
    } finally {
      try {
        connection.close();
      } catch (IOException e) {
        System.err.println("closing the HBase connection failed: " + e);
      }
    }
  }

  private static void drop(AsyncAdmin admin, String namespace) {
    List<CompletableFuture<Void>> deletes = new ArrayList<>();
    for (TableName table : admin.listTableNamesByNamespace(namespace).join()) {
      deletes.add(admin.disableTable(table).thenCompose(v -> admin.deleteTable(table)));
    }
    CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new)).join();
    admin.deleteNamespace(namespace).join();
  }
}
