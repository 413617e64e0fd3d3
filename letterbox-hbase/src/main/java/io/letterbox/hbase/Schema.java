package io.letterbox.hbase;

import io.letterbox.store.Space;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncAdmin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * The tables of a deployment: their layout, their creation, and the check that an existing table
 * was made for the space it is opened as (docs/decisions/0004-hbase-schema.md).
 *
 * <p>Each table records in its descriptor how its row keys were salted. A store opened with other
 * settings must not write rows that it would then salt differently: it is refused.
 */
final class Schema {
  static final String SALT_BUCKETS = "letterbox.salt-buckets";
  static final String PREFIX_LENGTH = "letterbox.prefix-length";
  static final String COUNTERS = "letterbox.counters";
  private static final long ADMIN_TIMEOUT_MINUTES = 5;

  private Schema() {}

  /**
   * Creates the namespace and the tables that do not exist yet, and checks those that do.
   *
   * @throws IllegalArgumentException if an existing table was made for another kind of space
   */
  static List<SpaceTable> open(AsyncConnection connection, HBaseStoreOptions options, List<Space> spaces) {
    // Creating a table waits until its regions are assigned: minutes on a busy cluster.
    AsyncAdmin admin = connection.getAdminBuilder().setOperationTimeout(ADMIN_TIMEOUT_MINUTES, TimeUnit.MINUTES).build();
    createNamespace(admin, options.namespace());
    // All tables at once: each takes a second or more.
    List<CompletableFuture<TableDescriptor>> described = new ArrayList<>();
    for (Space space : spaces) {
      described.add(createOrDescribe(admin, TableName.valueOf(options.namespace(), space.name()), space, options));
    }
    List<SpaceTable> tables = new ArrayList<>();
    for (int i = 0; i < spaces.size(); i++) {
      Space space = spaces.get(i);
      TableName name = TableName.valueOf(options.namespace(), space.name());
      int buckets = check(Futures.await(described.get(i), () -> "cannot create or describe table " + name), space);
      if (!Futures.await(admin.isTableEnabled(name), () -> "cannot check table " + name)) {
        throw new IllegalStateException("table " + name + " is disabled; enable it in the HBase shell");
      }
      long timeoutMillis = options.operationTimeout().toMillis();
      tables.add(new SpaceTable(space, name, buckets, connection.getTableBuilder(name)
          .setOperationTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
          .setScanTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
          .build()));
    }
    return tables;
  }

  /** Values at least this large in a space of large values are kept as MOBs. */
  private static final long MOB_THRESHOLD_BYTES = 100 * 1024;

  /** The descriptor of a new table for {@code space}. */
  static TableDescriptor describe(TableName name, Space space, HBaseStoreOptions options) {
    ColumnFamilyDescriptorBuilder family = ColumnFamilyDescriptorBuilder.newBuilder(SpaceTable.FAMILY)
        // One version: a put replaces; the stamps of CellClock (one per batch) order puts and deletes.
        .setMaxVersions(1)
        .setBloomFilterType(BloomType.ROW)
        // Neighbouring keys share long prefixes (owner, peer): encode the difference only.
        .setDataBlockEncoding(DataBlockEncoding.FAST_DIFF)
        .setCompressionType(Compression.Algorithm.valueOf(options.compression().toUpperCase(Locale.ROOT)));
    if (space.largeValues()) {
      // HBase's medium objects (MOB): values past the threshold go to their own files once, and
      // compactions of the table move only references to them (what HBase's guide advises for
      // 100 KB to 10 MB values: blob chunks).
      family.setMobEnabled(true).setMobThreshold(MOB_THRESHOLD_BYTES);
    }
    return TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(family.build())
        .setValue(SALT_BUCKETS, Integer.toString(options.saltBuckets()))
        .setValue(PREFIX_LENGTH, Integer.toString(space.prefixLength()))
        .setValue(COUNTERS, Boolean.toString(space.counters()))
        .build();
  }

  /** One region per salt: split at every salt byte but the first. */
  static byte[][] splitKeys(int buckets) {
    byte[][] splits = new byte[buckets - 1][];
    for (int salt = 1; salt < buckets; salt++) {
      splits[salt - 1] = new byte[] {(byte) salt};
    }
    return splits;
  }

  private static void createNamespace(AsyncAdmin admin, String namespace) {
    try {
      admin.createNamespace(NamespaceDescriptor.create(namespace).build()).get();
    } catch (ExecutionException e) {
      if (!(unwrap(e) instanceof NamespaceExistException)) {
        throw Futures.failed("cannot create namespace " + namespace, e.getCause());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Futures.failed("cannot create namespace " + namespace, e);
    }
  }

  /** Creates the table unless it exists (or another node creates it first), then describes it. */
  private static CompletableFuture<TableDescriptor> createOrDescribe(AsyncAdmin admin, TableName name, Space space,
      HBaseStoreOptions options) {
    return admin.tableExists(name).thenCompose(exists -> {
      if (exists) {
        return CompletableFuture.completedFuture(null);
      }
      TableDescriptor descriptor = describe(name, space, options);
      CompletableFuture<Void> created = options.saltBuckets() == 1
          ? admin.createTable(descriptor)
          : admin.createTable(descriptor, splitKeys(options.saltBuckets()));
      return created.handle((ok, failure) -> {
        if (failure != null && !(unwrap(failure) instanceof TableExistsException)) {
          throw new CompletionException(unwrap(failure));
        }
        return null;
      });
    }).thenCompose(created -> admin.getDescriptor(name));
  }

  /** @return the table's salt buckets, once it is clear the table was made for {@code space} */
  private static int check(TableDescriptor descriptor, Space space) {
    TableName name = descriptor.getTableName();
    if (!descriptor.hasColumnFamily(SpaceTable.FAMILY)) {
      throw new IllegalArgumentException("table " + name + " has no column family 'd': not a Letterbox table");
    }
    String buckets = descriptor.getValue(SALT_BUCKETS);
    String prefixLength = descriptor.getValue(PREFIX_LENGTH);
    String counters = descriptor.getValue(COUNTERS);
    if (buckets == null || prefixLength == null || counters == null) {
      throw new IllegalArgumentException("table " + name + " lacks the Letterbox layout values: not a Letterbox table");
    }
    if (Integer.parseInt(prefixLength) != space.prefixLength() || Boolean.parseBoolean(counters) != space.counters()) {
      throw new IllegalArgumentException("table " + name + " was created for prefix length " + prefixLength
          + (Boolean.parseBoolean(counters) ? " with counters" : " without counters") + ", not for " + space);
    }
    return Integer.parseInt(buckets);
  }

  private static Throwable unwrap(Throwable failure) {
    Throwable cause = failure instanceof ExecutionException ? failure.getCause() : failure;
    while (cause instanceof CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }
}
