package io.letterbox.hbase;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.ScanVisitor;
import io.letterbox.store.Space;
import io.letterbox.store.StoreException;
import io.letterbox.store.WriteBatch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.ConnectionConfiguration;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;

/**
 * The storage SPI on an Apache HBase cluster: one table per space in the deployment's namespace,
 * row keys salted over pre-split regions ({@link Salt}), one column family and one qualifier.
 *
 * <p>HBase is atomic per row only. {@link #write} therefore applies a batch's mutations one after
 * the other, in the order they were added, each acknowledged (durable in the write-ahead log)
 * before the next is sent: if a write fails or the process dies, the mutations applied are a prefix
 * of the batch. An engine that writes its action-log row first and its progress marker last can
 * then tell what to re-apply. The future {@link #write} returns is already complete.
 *
 * <p>Every mutation is stamped by the {@link CellClock} when it is sent, so that a put right after
 * a delete of the same row is not hidden by it, as it would be with HBase's millisecond stamps.
 *
 * <p>Counters are HBase's own: an increment is an {@code Increment} of an 8-byte big-endian cell,
 * which is how the SPI reads counters. A put into a counter space sets the counter and takes an
 * 8-byte big-endian value.
 *
 * <p>Thread-safe. Calls after {@link #close} throw {@link IllegalStateException}; failures of the
 * cluster are {@link StoreException}s.
 */
public final class HBaseStore implements KeyValueStore {
  private final AsyncConnection connection;
  private final boolean ownsConnection;
  private final HBaseStoreOptions options;
  private final SpaceTables tables;
  private final Durability durability;
  private final long maxCellBytes;
  /** Held for reading by every call, for writing by close: the connection is not closed under a call. */
  private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
  private boolean closed; // guarded by lifecycle

  private HBaseStore(AsyncConnection connection, boolean ownsConnection, HBaseStoreOptions options,
      SpaceTables tables) {
    this.connection = connection;
    this.ownsConnection = ownsConnection;
    this.options = options;
    this.tables = tables;
    this.durability = options.fsyncWal() ? Durability.FSYNC_WAL : Durability.SYNC_WAL;
    this.maxCellBytes = connection.getConfiguration().getLong(ConnectionConfiguration.MAX_KEYVALUE_SIZE_KEY,
        ConnectionConfiguration.MAX_KEYVALUE_SIZE_DEFAULT);
  }

  /**
   * Connects to the cluster at {@code options.quorum()} and opens the store; closing the store
   * closes the connection.
   *
   * @throws IllegalArgumentException as {@link #open(AsyncConnection, HBaseStoreOptions, List)}
   * @throws StoreException if the cluster cannot be reached
   */
  public static HBaseStore open(HBaseStoreOptions options, List<Space> spaces) {
    AsyncConnection connection = Futures.await(ConnectionFactory.createAsyncConnection(ClusterAdmin.clientConfiguration(options)),
        () -> "cannot connect to HBase at " + options.quorum());
    try {
      return open(connection, true, options, spaces);
    } catch (RuntimeException e) {
      closeQuietly(connection, e);
      throw e;
    }
  }

  /**
   * Opens the store on a connection the caller keeps (and closes after the store). Creates the
   * namespace and the missing tables, pre-split; checks that existing tables were created for the
   * same spaces. Only {@link HBaseStoreOptions#quorum} and its client properties are ignored.
   *
   * @throws IllegalArgumentException if space names repeat, or an existing table was created for
   *     another kind of space (prefix length, counters)
   * @throws StoreException if the cluster refuses or cannot be reached
   */
  public static HBaseStore open(AsyncConnection connection, HBaseStoreOptions options, List<Space> spaces) {
    return open(connection, false, options, spaces);
  }

  private static HBaseStore open(AsyncConnection connection, boolean owns, HBaseStoreOptions options,
      List<Space> spaces) {
    requireDistinctNames(spaces);
    SpaceTables tables = new SpaceTables(Schema.open(connection, options, spaces));
    return new HBaseStore(connection, owns, options, tables);
  }

  @Override
  public byte[] get(Space space, byte[] key) {
    SpaceTable table = tables.of(space);
    Lock lock = enter();
    try {
      Result result = Futures.await(table.table().get(getOf(table, key)), () -> failure("get", table));
      return result.getValue(SpaceTable.FAMILY, SpaceTable.QUALIFIER);
    } finally {
      lock.unlock();
    }
  }

  /** One multi-get RPC per region server holding some of the keys. */
  @Override
  public List<byte[]> multiGet(Space space, List<byte[]> keys) {
    SpaceTable table = tables.of(space);
    if (keys.isEmpty()) {
      return new ArrayList<>();
    }
    List<Get> gets = new ArrayList<>(keys.size());
    for (byte[] key : keys) {
      gets.add(getOf(table, key));
    }
    Lock lock = enter();
    try {
      List<Result> results = Futures.await(table.table().getAll(gets), () -> failure("multiGet", table));
      List<byte[]> values = new ArrayList<>(results.size());
      for (Result result : results) {
        values.add(result.getValue(SpaceTable.FAMILY, SpaceTable.QUALIFIER));
      }
      return values;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void scan(Space space, KeyRange range, boolean reverse, ScanVisitor visitor) {
    scan(space, range, reverse, 0, visitor);
  }

  /** As the SPI's, but each HBase scan stops at {@code limit} rows and fetches them in one RPC. */
  @Override
  public List<KeyValue> scan(Space space, KeyRange range, boolean reverse, int limit) {
    if (limit <= 0) {
      throw new IllegalArgumentException("limit must be positive: " + limit);
    }
    List<KeyValue> out = new ArrayList<>(Math.min(limit, 64));
    scan(space, range, reverse, limit, (k, v) -> {
      out.add(new KeyValue(k, v));
      return out.size() < limit;
    });
    return out;
  }

  private void scan(Space space, KeyRange range, boolean reverse, int limit, ScanVisitor visitor) {
    SpaceTable table = tables.of(space);
    Lock lock = enter();
    try {
      MergedScan.run(table, range, reverse, limit, options.scanCaching(), visitor);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public long counter(Space space, byte[] key) {
    SpaceTable table = tables.counters(space);
    byte[] value = get(space, key);
    if (value == null) {
      return 0;
    }
    if (value.length != 8) {
      throw new StoreException("corrupt counter in " + table.name() + ": value is " + value.length + " bytes, not 8");
    }
    return Bytes.getLong(value, 0);
  }

  @Override
  public boolean compareAndSet(Space space, byte[] key, byte[] expected, byte[] value) {
    throw new UnsupportedOperationException("not yet: issue 10");
  }

  @Override
  public WriteBatch newBatch() {
    return new HBaseBatch(tables, maxCellBytes);
  }

  /**
   * Applies the batch's mutations one at a time, in the order they were added; each is durable
   * before the next is sent.
   *
   * @return a completed future: the batch is durable when this returns
   * @throws IllegalArgumentException if the batch was not made by this store's {@link #newBatch}
   * @throws StoreException if a mutation failed: the ones before it were applied, it and the ones
   *     after it may not have been
   */
  @Override
  public CompletableFuture<Void> write(WriteBatch batch) {
    if (!(batch instanceof HBaseBatch hbaseBatch && hbaseBatch.belongsTo(tables))) {
      throw new IllegalArgumentException("the batch was not made by this store's newBatch()");
    }
    Lock lock = enter();
    try {
      List<HBaseBatch.Op> ops = hbaseBatch.ops();
      for (int i = 0; i < ops.size(); i++) {
        HBaseBatch.Op op = ops.get(i);
        int number = i + 1;
        Futures.await(op.send(CellClock.next(), durability), () -> "write failed at mutation " + number + " of " + ops.size() + " (table "
            + op.table().name() + "); the mutations before it were applied, it and those after it may not be");
      }
      return CompletableFuture.completedFuture(null);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Flushes every table's memstores to files and asks for a major compaction, which runs in the
   * background.
   */
  @Override
  public void compact() {
    Lock lock = enter();
    try {
      ClusterAdmin.flushAndCompact(connection, tables.all());
    } finally {
      lock.unlock();
    }
  }

  /**
   * @return the store files and memstores of the store's tables, before HDFS replication, as the
   *     region servers last reported them to the master
   */
  @Override
  public long diskBytes() {
    Lock lock = enter();
    try {
      return ClusterAdmin.storedBytes(connection, tables.all());
    } finally {
      lock.unlock();
    }
  }

  /** @return the namespace, tables and salt buckets the store uses */
  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("HBaseStore[").append(options.namespace());
    tables.all().forEach(t -> s.append(' ').append(t.name().getQualifierAsString()).append('/').append(t.buckets()));
    return s.append(']').toString();
  }

  /**
   * Waits for running calls, then closes the connection if the store opened it. Idempotent.
   *
   * @throws IllegalStateException when called from a scan visitor, which would wait for itself
   */
  @Override
  public void close() {
    if (lifecycle.getReadHoldCount() > 0) {
      throw new IllegalStateException("a store must not be closed from inside its own scan");
    }
    Lock lock = lifecycle.writeLock();
    lock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
    } finally {
      lock.unlock();
    }
    if (ownsConnection) {
      try {
        connection.close();
      } catch (IOException e) {
        throw new StoreException("cannot close the HBase connection", e);
      }
    }
  }

  private Lock enter() {
    Lock lock = lifecycle.readLock();
    lock.lock();
    if (closed) {
      lock.unlock();
      throw new IllegalStateException("store is closed: " + this);
    }
    return lock;
  }

  private static Get getOf(SpaceTable table, byte[] key) {
    return new Get(table.row(key)).addColumn(SpaceTable.FAMILY, SpaceTable.QUALIFIER);
  }

  private static String failure(String operation, SpaceTable table) {
    return operation + " failed in table " + table.name();
  }

  private static void requireDistinctNames(List<Space> spaces) {
    Set<String> names = new HashSet<>();
    for (Space space : spaces) {
      if (!names.add(space.name())) {
        throw new IllegalArgumentException("space listed twice: " + space.name());
      }
    }
  }

  private static void closeQuietly(AsyncConnection connection, Exception cause) {
    try {
      connection.close();
    } catch (IOException e) {
      cause.addSuppressed(e);
    }
  }
}
