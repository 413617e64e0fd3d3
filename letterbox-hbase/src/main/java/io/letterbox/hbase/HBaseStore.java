package io.letterbox.hbase;

import io.letterbox.store.Bytes;
import io.letterbox.store.FencedException;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.ScanVisitor;
import io.letterbox.store.Space;
import io.letterbox.store.StoreException;
import io.letterbox.store.WriteBatch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ConnectionConfiguration;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;

/**
 * The storage SPI on an Apache HBase cluster: one table per space in the deployment's namespace,
 * row keys salted over pre-split regions ({@link Salt}), one column family and one qualifier.
 *
 * <p><b>Writes.</b> HBase is atomic per row only. {@link #write} folds a batch's mutations into
 * one per row (the last put or delete wins, increments add up) and sends them in up to four
 * steps, each one multi-row call per table with the tables at once, each acknowledged (durable in
 * the write-ahead log) before the next is sent:
 * <ol>
 *   <li>the mutations added before the commit point, if the batch has one;
 *   <li>the commit point: a check-and-mutate that puts it only if its row is empty; if it is
 *       taken, nothing more is sent and {@link #write} throws {@link FencedException};
 *   <li>the other mutations but the batch's last one;
 *   <li>the batch's last mutation (the engine's progress marker), after everything else.
 * </ol>
 * If a step fails or the process dies, the steps before it have landed, any of its own mutations
 * may have, and nothing after it was sent: the last mutation lands only after every other. A row
 * mutated on both sides of the commit point is written once, after it, with its last value. The
 * future {@link #write} returns is already complete.
 *
 * <p><b>Sections.</b> A batch of several {@linkplain WriteBatch#section sections} (the journals of
 * several partitions) is written in the same steps, not one write per section: each step carries
 * that step of every section, still one call per table, and the commit points are one batched
 * check-and-mutate per table, each result deciding its own section. A section whose commit point
 * is taken is left out of steps 3 and 4; the others are written whole, and then
 * {@link FencedException} names the taken ones. So a batch costs the same round trips whatever
 * its number of sections. A key mutated by two sections is refused before anything is sent: the
 * sections' rows must be disjoint for one to be left out.
 *
 * <p><b>One version per batch.</b> Every cell of a batch is stamped with one timestamp of the
 * {@link CellClock}, taken when the write starts. A batch sent late (by a process paused after
 * taking its stamp) is older than everything written after it started: its puts are hidden by
 * newer cells, its deletes hide only older ones. The clock moves past every cell the store
 * reads, so a process that has read another's rows writes after them (decision 0007).
 *
 * <p><b>Counters are set, not incremented.</b> The write reads the counters its batch increments
 * (one multi-get per table, during step 1) and puts base + delta, an 8-byte big-endian value, in
 * the step of the row: an RPC the client retries cannot count twice, nor can the batch's steps
 * sent again at its version (a counter stamped with it already counts it). The price: <b>a counter
 * must have one writer at a time</b>, the owner of its partition in the engine; two processes
 * incrementing one counter at once would lose increments. Within this store, writes that
 * increment the same counters wait for each other ({@link CounterLocks}). A counter read with a
 * version after the batch's (a writer this process had not read, or a clock that went back) would
 * hide the new value: the write fails before the commit point, and is stamped later if written
 * again. A put into a counter space sets the counter and takes an 8-byte big-endian value.
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
  private final CounterLocks counterLocks = new CounterLocks();
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
      return valueOf(Futures.await(table.table().get(getOf(table, key)), () -> failure("get", table)));
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
        values.add(valueOf(result));
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

  /** One batch of gets. */
  @Override
  public long[] counters(Space space, List<byte[]> keys) {
    SpaceTable table = tables.counters(space);
    List<byte[]> values = multiGet(space, keys);
    long[] out = new long[values.size()];
    for (int i = 0; i < out.length; i++) {
      byte[] v = values.get(i);
      if (v != null && v.length != 8) {
        throw new StoreException("corrupt counter in " + table.name() + ": value is " + v.length + " bytes, not 8");
      }
      out[i] = v == null ? 0 : Bytes.getLong(v, 0);
    }
    return out;
  }

  /**
   * Reads the row, then, if its value is the expected one, sends a check-and-mutate stamped after
   * the version read (a put stamped older than the cell it replaces would be hidden by it).
   * HBase's check takes an empty value for none; the read first tells them apart, so the two are
   * confused only if another process changes the row between the read and the check.
   */
  @Override
  public boolean compareAndSet(Space space, byte[] key, byte[] expected, byte[] value) {
    SpaceTable table = tables.of(space);
    Objects.requireNonNull(value, "value");
    if (space.counters() && value.length != 8) {
      throw new IllegalArgumentException("a counter value must be an 8-byte big-endian long: " + value.length + " bytes");
    }
    byte[] row = table.row(key);
    HBaseBatch.requireFits(row, value, maxCellBytes);
    Lock lock = enter();
    try {
      byte[] current = valueOf(Futures.await(table.table().get(getOf(table, key)), () -> failure("compareAndSet", table)));
      if (!Arrays.equals(current, expected)) {
        return false;
      }
      Put put = new Put(row, CellClock.next()).addColumn(SpaceTable.FAMILY, SpaceTable.QUALIFIER, value);
      put.setDurability(durability);
      CheckAndMutate.Builder check = CheckAndMutate.newBuilder(row);
      CheckAndMutate checkAndPut = expected == null
          ? check.ifNotExists(SpaceTable.FAMILY, SpaceTable.QUALIFIER).build(put)
          : check.ifEquals(SpaceTable.FAMILY, SpaceTable.QUALIFIER, expected).build(put);
      return Futures.await(table.table().checkAndMutate(checkAndPut), () -> failure("compareAndSet", table)).isSuccess();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public WriteBatch newBatch() {
    return new HBaseBatch(tables, maxCellBytes);
  }

  /**
   * Writes the batch in steps (see the class comment), every cell stamped with one version taken
   * now.
   *
   * @return a completed future: the batch is durable when this returns
   * @throws IllegalArgumentException if the batch was not made by this store's {@link #newBatch},
   *     or two of its sections mutate one key: nothing was sent
   * @throws FencedException if some sections' commit points were taken: the mutations those
   *     sections added before them landed, nothing after them was sent, and the other sections
   *     were written (durable: {@link FencedException#written()} is complete)
   * @throws StoreException if a step failed: the steps before it landed, any of its mutations may
   *     have, nothing after it was sent (a section's last mutation landed only if every other did)
   */
  @Override
  public CompletableFuture<Void> write(WriteBatch batch) {
    write(batch, null, () -> {});
    return CompletableFuture.completedFuture(null);
  }

  /**
   * As {@link #write(WriteBatch)}, but for tests of a writer that is late: every cell stamped
   * {@code version} (null: a version taken now), and {@code afterCommit} run once the commit points
   * are checked, before the rest is sent.
   */
  void write(WriteBatch batch, Long version, Runnable afterCommit) {
    if (!(batch instanceof HBaseBatch hbaseBatch && hbaseBatch.belongsTo(tables))) {
      throw new IllegalArgumentException("the batch was not made by this store's newBatch()");
    }
    if (hbaseBatch.isEmpty()) {
      return;
    }
    BatchPlan plan = hbaseBatch.plan();
    Lock lock = enter();
    try (CounterLocks.Held counters = counterLocks.lock(plan.increments())) {
      // Taken once this process's other writers of the same counters are done, so that the
      // version of a counter it reads is older than this batch's.
      BatchWriter.write(plan, version != null ? version : CellClock.next(), durability, afterCommit);
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

  /**
   * @return each table's store files, before HDFS replication, as the region servers last reported
   *     them to the master (every few seconds, in whole megabytes a region)
   */
  @Override
  public Map<String, Long> diskBytesBySpace() {
    Lock lock = enter();
    try {
      return ClusterAdmin.storeFileBytesBySpace(connection, tables.all());
    } finally {
      lock.unlock();
    }
  }

  /**
   * @return the table that holds {@code space}: for tools that write the store's tables directly
   *     (the benchmark's raw baseline writes the rows Letterbox writes)
   */
  public TableName tableOf(Space space) {
    return tables.of(space).name();
  }

  /** @return the row key that holds {@code key} in the table of {@code space} (salted, see {@link Salt}) */
  public byte[] rowOf(Space space, byte[] key) {
    return tables.of(space).row(key);
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

  /** The value of a row read, and its version moves the clock (see {@link CellClock}). */
  private static byte[] valueOf(Result result) {
    Cell cell = result.getColumnLatestCell(SpaceTable.FAMILY, SpaceTable.QUALIFIER);
    if (cell == null) {
      return null;
    }
    CellClock.observe(cell.getTimestamp());
    return CellUtil.cloneValue(cell);
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
