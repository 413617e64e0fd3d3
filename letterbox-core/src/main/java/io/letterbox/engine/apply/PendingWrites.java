package io.letterbox.engine.apply;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.ScanVisitor;
import io.letterbox.store.Space;
import io.letterbox.store.StoreReads;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * A batch not yet written, and the store as it will be once it is: every read answers as if the
 * batch had been applied. The writer (live or replaying) decides and applies each action through
 * it, so every decision and every applier sees every earlier action, with no rule about when to
 * flush and nothing to declare.
 *
 * <p>Pending mutations are kept per space by key: a put or delete, or a counter as the sum of its
 * increments. They are hashed, as most reads are point reads; a space is also kept in key order
 * once something scans it (sends alone never pay for order). Reads of a space or range with
 * nothing pending go straight to the store. Not thread-safe: one writer thread owns it.
 */
public final class PendingWrites implements WriteBatch, StoreReads {
  private static final Object DELETED = new Object();

  private final KeyValueStore store;
  private final Map<Space, Pending> pending = new HashMap<>();
  private WriteBatch batch;

  public PendingWrites(KeyValueStore store) {
    this.store = store;
    this.batch = store.newBatch();
  }

  /**
   * Writes the batch: visible to every read of the store when this returns.
   *
   * @return completes when the batch is durable
   */
  public CompletableFuture<Void> write() {
    WriteBatch written = batch;
    discard();
    return store.write(written);
  }

  /** Forgets every pending mutation. */
  public void discard() {
    batch = store.newBatch();
    // Kept, not dropped: the next batch is about as big, and its maps need not grow again.
    pending.values().forEach(Pending::clear);
  }

  @Override
  public WriteBatch put(Space space, byte[] key, byte[] value) {
    batch.put(space, key, value);
    space(space).put(key, value);
    return this;
  }

  @Override
  public WriteBatch delete(Space space, byte[] key) {
    batch.delete(space, key);
    space(space).put(key, DELETED);
    return this;
  }

  @Override
  public WriteBatch increment(Space space, byte[] key, long delta) {
    batch.increment(space, key, delta);
    Pending p = space(space);
    Object before = p.get(key);
    p.put(key, before == null ? (Object) delta : (Long) before + delta);
    return this;
  }

  @Override
  public int size() {
    return batch.size();
  }

  @Override
  public byte[] get(Space space, byte[] key) {
    Pending m = pending.get(space);
    Object o = m == null ? null : m.get(key);
    return o == null ? store.get(space, key) : o == DELETED ? null : (byte[]) o;
  }

  @Override
  public List<byte[]> multiGet(Space space, List<byte[]> keys) {
    Pending m = pending.get(space);
    if (m == null) {
      return store.multiGet(space, keys);
    }
    List<byte[]> out = new ArrayList<>(keys.size());
    List<byte[]> missing = new ArrayList<>();
    List<Integer> at = new ArrayList<>();
    for (byte[] k : keys) {
      Object o = m.get(k);
      if (o == null) {
        missing.add(k);
        at.add(out.size());
      }
      out.add(o == null || o == DELETED ? null : (byte[]) o);
    }
    if (!missing.isEmpty()) {
      List<byte[]> found = store.multiGet(space, missing);
      for (int i = 0; i < at.size(); i++) {
        out.set(at.get(i), found.get(i));
      }
    }
    return out;
  }

  @Override
  public long counter(Space space, byte[] key) {
    Pending m = pending.get(space);
    Object delta = m == null ? null : m.get(key);
    return store.counter(space, key) + (delta == null ? 0 : (Long) delta);
  }

  @Override
  public void scan(Space space, KeyRange range, boolean reverse, ScanVisitor visitor) {
    Pending p = pending.get(space);
    TreeMap<byte[], Object> m = p == null || p.isEmpty() ? null : p.sorted();
    NavigableMap<byte[], Object> sub = m == null ? null
        : range.to() == null ? m.tailMap(range.from(), true) : m.subMap(range.from(), true, range.to(), false);
    if (sub == null || sub.isEmpty()) {
      store.scan(space, range, reverse, visitor);
      return;
    }
    new MergedScan(space.counters(), (reverse ? sub.descendingMap() : sub).entrySet().iterator(), reverse, visitor)
        .run(space, range);
  }

  private Pending space(Space space) {
    return pending.computeIfAbsent(space, s -> new Pending());
  }

  /** One space's pending entries: by key, and in key order once a scan has asked for it. */
  private static final class Pending {
    private final Map<Key, Object> byKey = new HashMap<>();
    private TreeMap<byte[], Object> sorted;

    Object get(byte[] key) {
      return byKey.isEmpty() ? null : byKey.get(new Key(key));
    }

    boolean isEmpty() {
      return byKey.isEmpty();
    }

    void put(byte[] key, Object value) {
      byKey.put(new Key(key), value);
      if (sorted != null) {
        sorted.put(key, value);
      }
    }

    void clear() {
      byKey.clear();
      sorted = null;
    }

    TreeMap<byte[], Object> sorted() {
      if (sorted == null) {
        sorted = new TreeMap<>(Arrays::compareUnsigned);
        byKey.forEach((k, v) -> sorted.put(k.bytes, v));
      }
      return sorted;
    }
  }

  /** A key as a hash-map key. */
  private static final class Key {
    final byte[] bytes;
    private final int hash;

    Key(byte[] bytes) {
      this.bytes = bytes;
      this.hash = Arrays.hashCode(bytes);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.hash == hash && Arrays.equals(k.bytes, bytes);
    }
  }

  /** The store's entries of a range merged with the pending ones, in scan order; pending wins. */
  private final class MergedScan {
    private final boolean counters;
    private final Iterator<Map.Entry<byte[], Object>> pendingEntries;
    private final boolean reverse;
    private final ScanVisitor visitor;
    private Map.Entry<byte[], Object> next;
    private boolean stopped;

    MergedScan(boolean counters, Iterator<Map.Entry<byte[], Object>> pendingEntries, boolean reverse,
        ScanVisitor visitor) {
      this.counters = counters;
      this.pendingEntries = pendingEntries;
      this.reverse = reverse;
      this.visitor = visitor;
      this.next = pendingEntries.next();
    }

    void run(Space space, KeyRange range) {
      store.scan(space, range, reverse, (k, v) -> {
        while (next != null && before(next.getKey(), k)) {
          if (!emit(next.getKey(), null, next.getValue())) {
            return false;
          }
          advance();
        }
        if (next != null && Arrays.equals(next.getKey(), k)) {
          Object o = next.getValue();
          advance();
          return emit(k, v, o);
        }
        return keepGoing(visitor.visit(k, v));
      });
      while (!stopped && next != null) {
        if (!emit(next.getKey(), null, next.getValue())) {
          return;
        }
        advance();
      }
    }

    private boolean before(byte[] a, byte[] b) {
      int c = Arrays.compareUnsigned(a, b);
      return reverse ? c > 0 : c < 0;
    }

    private void advance() {
      next = pendingEntries.hasNext() ? pendingEntries.next() : null;
    }

    /** Visits one pending entry over the stored value {@code stored} (null: none). */
    private boolean emit(byte[] key, byte[] stored, Object o) {
      if (o == DELETED) {
        return true;
      }
      byte[] value = counters
          ? Bytes.ofLong((stored == null ? 0 : Bytes.getLong(stored, 0)) + (Long) o)
          : (byte[]) o;
      return keepGoing(visitor.visit(key, value));
    }

    private boolean keepGoing(boolean more) {
      stopped |= !more;
      return more;
    }
  }
}
