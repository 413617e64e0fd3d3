package io.letterbox.rocksdb;

import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.util.Objects;
import org.rocksdb.RocksDBException;

/**
 * A batch kept on the Java heap until {@link RocksStore#write}: a native RocksDB batch would leak
 * native memory whenever a caller drops a batch without writing it, since the SPI's batch is not
 * closeable. It is kept in RocksDB's own serialized batch format, so that writing it is one JNI
 * call instead of one per mutation (which dominated large batches: ~10^7 reached records).
 * Keys and values are copied, so callers may reuse their arrays.
 */
final class RocksBatch implements WriteBatch {
  // Record types of RocksDB's write batch format (db/dbformat.h).
  private static final byte DELETE = 0x0;
  private static final byte PUT = 0x1;
  private static final byte MERGE = 0x2;
  private static final byte CF_DELETE = 0x4;
  private static final byte CF_PUT = 0x5;
  private static final byte CF_MERGE = 0x6;
  private static final int HEADER = 12;

  private final ColumnFamilies families;
  private byte[] rep = new byte[256];
  private int length = HEADER;
  private int count;
  private Space commitSpace;
  private byte[] commitKey;

  RocksBatch(ColumnFamilies families) {
    this.families = families;
  }

  /** A put into a counter space sets the counter; its value must be an 8-byte big-endian long. */
  @Override
  public WriteBatch put(Space space, byte[] key, byte[] value) {
    ColumnFamilies.Family family = families.of(space);
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    byte[] stored = space.counters() ? CounterCodec.fromBigEndian(value) : value;
    append(PUT, CF_PUT, family.id(), key, stored);
    return this;
  }

  @Override
  public WriteBatch delete(Space space, byte[] key) {
    Objects.requireNonNull(key, "key");
    append(DELETE, CF_DELETE, families.of(space).id(), key, null);
    return this;
  }

  @Override
  public WriteBatch increment(Space space, byte[] key, long delta) {
    Objects.requireNonNull(key, "key");
    append(MERGE, CF_MERGE, families.counters(space).id(), key, CounterCodec.operand(delta));
    return this;
  }

  /** Atomic with the rest of the batch: the store checks the key is absent when it writes. */
  @Override
  public WriteBatch commit(Space space, byte[] key, byte[] value) {
    if (commitKey != null) {
      throw new IllegalStateException("a batch has one commit point");
    }
    put(space, key, value);
    commitSpace = space;
    commitKey = key.clone();
    return this;
  }

  @Override
  public int size() {
    return count;
  }

  /** @return the commit point's space, or null if the batch has none */
  Space commitSpace() {
    return commitSpace;
  }

  byte[] commitKey() {
    return commitKey;
  }

  boolean belongsTo(ColumnFamilies owner) {
    return families == owner;
  }

  /** @return the native batch; the caller closes it */
  org.rocksdb.WriteBatch toNative() throws RocksDBException {
    byte[] serialized = java.util.Arrays.copyOf(rep, length);
    // Header: sequence (fixed64, left 0 for RocksDB to assign), count (fixed32), little-endian.
    serialized[8] = (byte) count;
    serialized[9] = (byte) (count >>> 8);
    serialized[10] = (byte) (count >>> 16);
    serialized[11] = (byte) (count >>> 24);
    return new org.rocksdb.WriteBatch(serialized);
  }

  private void append(byte defaultType, byte familyType, int id, byte[] key, byte[] value) {
    ensure(1 + 5 + 5 + key.length + (value == null ? 0 : 5 + value.length));
    if (id == 0) {
      rep[length++] = defaultType;
    } else {
      rep[length++] = familyType;
      varint(id);
    }
    bytes(key);
    if (value != null) {
      bytes(value);
    }
    count++;
  }

  private void bytes(byte[] b) {
    varint(b.length);
    System.arraycopy(b, 0, rep, length, b.length);
    length += b.length;
  }

  private void varint(int v) {
    while ((v & ~0x7F) != 0) {
      rep[length++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    rep[length++] = (byte) v;
  }

  private void ensure(int more) {
    if (length + more > rep.length) {
      rep = java.util.Arrays.copyOf(rep, Math.max(rep.length * 2, length + more));
    }
  }
}
