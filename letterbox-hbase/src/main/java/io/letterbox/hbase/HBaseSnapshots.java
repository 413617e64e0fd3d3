package io.letterbox.hbase;

import io.letterbox.store.Space;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncAdmin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.SnapshotDescription;

/**
 * Backups of a namespace as HBase snapshots (decision 0047): a backup is one snapshot per table,
 * named {@code <namespace>.<backup>.<space>}, the backup's name the UTC time it was taken
 * ({@code 20261128T234500Z}). A restore clones them into the tables of a new namespace, which a
 * server then opens.
 *
 * <p>HBase snapshots one table at a time, not the namespace at one instant. The tables are taken
 * in {@code spaces}' order, which the caller chooses so that a table taken later holds whatever an
 * earlier one refers to; an exact copy is one taken while no node writes.
 */
public final class HBaseSnapshots {
  private static final DateTimeFormatter NAMES = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
      .withZone(ZoneOffset.UTC);

  private HBaseSnapshots() {}

  /**
   * Snapshots every table of {@code spaces} in the namespace of {@code options}, in that order.
   *
   * @return the backup's name
   */
  public static String take(HBaseStoreOptions options, List<Space> spaces, Clock clock) {
    String backup = NAMES.format(clock.instant());
    try (AsyncConnection connection = connect(options)) {
      AsyncAdmin admin = connection.getAdmin();
      for (Space space : spaces) {
        TableName table = TableName.valueOf(options.namespace(), space.name());
        Futures.await(admin.snapshot(snapshotName(options.namespace(), backup, space), table),
            () -> "cannot snapshot table " + table);
      }
    } catch (java.io.IOException e) {
      throw Futures.failed("cannot close the connection to " + options.quorum(), e);
    }
    return backup;
  }

  /** @return the names of the namespace's backups, oldest first */
  public static List<String> list(HBaseStoreOptions options) {
    try (AsyncConnection connection = connect(options)) {
      return backups(connection.getAdmin(), options.namespace());
    } catch (java.io.IOException e) {
      throw Futures.failed("cannot close the connection to " + options.quorum(), e);
    }
  }

  /**
   * Clones backup {@code backup} (the latest when null) of the namespace of {@code options} into
   * new tables of namespace {@code into}, created if needed.
   *
   * @return the backup's name
   * @throws IllegalArgumentException if there is no such backup, or {@code into} already has one of the tables
   */
  public static String restore(HBaseStoreOptions options, List<Space> spaces, String backup, String into) {
    try (AsyncConnection connection = connect(options)) {
      AsyncAdmin admin = connection.getAdmin();
      List<String> backups = backups(admin, options.namespace());
      if (backups.isEmpty()) {
        throw new IllegalArgumentException("namespace " + options.namespace() + " has no snapshot backups");
      }
      String chosen = backup == null ? backups.get(backups.size() - 1) : backup;
      if (!backups.contains(chosen)) {
        throw new IllegalArgumentException("namespace " + options.namespace() + " has no backup " + chosen
            + "; it has " + backups);
      }
      if (!Futures.await(admin.listNamespaces(), () -> "cannot list namespaces").contains(into)) {
        Futures.await(admin.createNamespace(NamespaceDescriptor.create(into).build()),
            () -> "cannot create namespace " + into);
      }
      for (Space space : spaces) {
        TableName table = TableName.valueOf(into, space.name());
        if (Futures.await(admin.tableExists(table), () -> "cannot check table " + table)) {
          throw new IllegalArgumentException("a backup is cloned into a new namespace; table " + table + " exists");
        }
      }
      for (Space space : spaces) {
        TableName table = TableName.valueOf(into, space.name());
        Futures.await(admin.cloneSnapshot(snapshotName(options.namespace(), chosen, space), table),
            () -> "cannot clone into table " + table);
      }
      return chosen;
    } catch (java.io.IOException e) {
      throw Futures.failed("cannot close the connection to " + options.quorum(), e);
    }
  }

  private static List<String> backups(AsyncAdmin admin, String namespace) {
    String prefix = namespace + ".";
    TreeSet<String> names = new TreeSet<>();
    for (SnapshotDescription snapshot : Futures.await(admin.listSnapshots(Pattern.compile(Pattern.quote(prefix) + ".*")),
        () -> "cannot list snapshots")) {
      String rest = snapshot.getName().substring(prefix.length());
      int dot = rest.indexOf('.');
      if (dot > 0) {
        names.add(rest.substring(0, dot));
      }
    }
    return new ArrayList<>(names);
  }

  private static String snapshotName(String namespace, String backup, Space space) {
    return namespace + "." + backup + "." + space.name();
  }

  private static AsyncConnection connect(HBaseStoreOptions options) {
    return Futures.await(ConnectionFactory.createAsyncConnection(ClusterAdmin.clientConfiguration(options)),
        () -> "cannot connect to HBase at " + options.quorum());
  }
}
