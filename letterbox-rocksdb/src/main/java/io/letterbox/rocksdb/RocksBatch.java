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
  private static final byte SINGLE_DELETE = 0x7;
  private static final byte CF_SINGLE_DELETE = 0x8;
  private static final int HEADER = 12;

  private final ColumnFamilies families;
  private byte[] rep = new byte[256];
  private int length = HEADER;
  private int count;
  private final java.util.List<Section> sections = new java.util.ArrayList<>(java.util.List.of(new Section(HEADER, 0)));

  /** A section: where it starts in {@code rep}, the records before it, and its commit point (null: none). */
  static final class Section {
    private final int start;
    private final int recordsBefore;
    private Space commitSpace;
    private byte[] commitKey;

    private Section(int start, int recordsBefore) {
      this.start = start;
      this.recordsBefore = recordsBefore;
    }

    Space commitSpace() {
      return commitSpace;
    }

    byte[] commitKey() {
      return commitKey;
    }
  }

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

  /** In a space put once, a SingleDelete: it vanishes with the put it deletes when the two meet. */
  @Override
  public WriteBatch delete(Space space, byte[] key) {
    Objects.requireNonNull(key, "key");
    int id = families.of(space).id();
    if (space.putOnce()) {
      append(SINGLE_DELETE, CF_SINGLE_DELETE, id, key, null);
    } else {
      append(DELETE, CF_DELETE, id, key, null);
    }
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
    Section current = sections.get(sections.size() - 1);
    if (current.commitKey != null) {
      throw new IllegalStateException("a section has one commit point");
    }
    put(space, key, value);
    current.commitSpace = space;
    current.commitKey = key.clone();
    return this;
  }

  @Override
  public WriteBatch section() {
    sections.add(new Section(length, count));
    return this;
  }

  @Override
  public int size() {
    return count;
  }

  boolean hasCommitPoint() {
    return sections.stream().anyMatch(s -> s.commitKey != null);
  }

  /** The sections in the order they were started. */
  java.util.List<Section> sections() {
    return sections;
  }

  boolean belongsTo(ColumnFamilies owner) {
    return families == owner;
  }

  /** @return the native batch; the caller closes it */
  org.rocksdb.WriteBatch toNative() throws RocksDBException {
    return toNative(new java.util.BitSet());
  }

  /** @return the native batch of every section but those in {@code skipped}; the caller closes it */
  org.rocksdb.WriteBatch toNative(java.util.BitSet skipped) throws RocksDBException {
    byte[] serialized;
    int records;
    if (skipped.isEmpty()) {
      serialized = java.util.Arrays.copyOf(rep, length);
      records = count;
    } else {
      serialized = new byte[length];
      int at = HEADER;
      records = 0;
      for (int i = 0; i < sections.size(); i++) {
        int from = sections.get(i).start;
        int to = i + 1 < sections.size() ? sections.get(i + 1).start : length;
        int before = sections.get(i).recordsBefore;
        int after = i + 1 < sections.size() ? sections.get(i + 1).recordsBefore : count;
        if (!skipped.get(i)) {
          System.arraycopy(rep, from, serialized, at, to - from);
          at += to - from;
          records += after - before;
        }
      }
      serialized = java.util.Arrays.copyOf(serialized, at);
    }
    // Header: sequence (fixed64, left 0 for RocksDB to assign), count (fixed32), little-endian.
    serialized[8] = (byte) records;
    serialized[9] = (byte) (records >>> 8);
    serialized[10] = (byte) (records >>> 16);
    serialized[11] = (byte) (records >>> 24);
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
