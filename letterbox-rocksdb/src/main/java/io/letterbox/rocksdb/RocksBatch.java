package io.letterbox.rocksdb;

import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;

/**
 * A batch kept on the Java heap until {@link RocksStore#write}: a native RocksDB batch would leak
 * native memory whenever a caller drops a batch without writing it, since the SPI's batch is not
 * closeable. Keys and values are copied, so callers may reuse their arrays.
 */
final class RocksBatch implements WriteBatch {
  private enum Kind { PUT, DELETE, MERGE }

  private record Op(Kind kind, ColumnFamilyHandle family, byte[] key, byte[] value) {}

  private final ColumnFamilies families;
  private final List<Op> ops = new ArrayList<>();

  RocksBatch(ColumnFamilies families) {
    this.families = families;
  }

  /** A put into a counter space sets the counter; its value must be an 8-byte big-endian long. */
  @Override
  public WriteBatch put(Space space, byte[] key, byte[] value) {
    ColumnFamilies.Family family = families.of(space);
    Objects.requireNonNull(value, "value");
    byte[] stored = space.counters() ? CounterCodec.fromBigEndian(value) : value.clone();
    ops.add(new Op(Kind.PUT, family.handle(), copy(key), stored));
    return this;
  }

  @Override
  public WriteBatch delete(Space space, byte[] key) {
    ops.add(new Op(Kind.DELETE, families.of(space).handle(), copy(key), null));
    return this;
  }

  @Override
  public WriteBatch increment(Space space, byte[] key, long delta) {
    ops.add(new Op(Kind.MERGE, families.counters(space).handle(), copy(key), CounterCodec.operand(delta)));
    return this;
  }

  @Override
  public int size() {
    return ops.size();
  }

  boolean belongsTo(ColumnFamilies owner) {
    return families == owner;
  }

  /** @return the native batch; the caller closes it */
  org.rocksdb.WriteBatch toNative() throws RocksDBException {
    org.rocksdb.WriteBatch batch = new org.rocksdb.WriteBatch();
    try {
      for (Op op : ops) {
        switch (op.kind()) {
          case PUT -> batch.put(op.family(), op.key(), op.value());
          case DELETE -> batch.delete(op.family(), op.key());
          case MERGE -> batch.merge(op.family(), op.key(), op.value());
        }
      }
      return batch;
    } catch (RocksDBException | RuntimeException e) {
      batch.close();
      throw e;
    }
  }

  private static byte[] copy(byte[] key) {
    return Objects.requireNonNull(key, "key").clone();
  }
}
