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
import java.util.LinkedHashMap;
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
 * <p>Pending mutations are kept per space: a put or delete by key, a counter as the sum of its
 * increments (counter spaces take only increments here). A space is indexed by key when it is
 * first read and kept in key order when it is first scanned, so writes nothing reads stay cheap.
 * Reads of a space or range with nothing pending go straight to the store. Not thread-safe: one
 * writer thread owns it.
 */
public final class PendingWrites implements WriteBatch, StoreReads {
  private static final Object DELETED = new Object();

  /**
   * Values read from the store ahead of the reads that need them (the sequencer reads a group's
   * keys together): consulted after the pending writes and before the store.
   */
  public interface Prefetched {
    /** Whether {@code key} was read ahead and is still current. */
    boolean has(Space space, byte[] key);

    /** The value read ahead (null: absent); only after {@link #has} said yes. */
    byte[] get(Space space, byte[] key);
  }

  private final KeyValueStore store;
  private Prefetched prefetched;
  /** Spaces in the order they were first written, so a batch is written in a stable order. */
  private final Map<Space, Pending> pending = new LinkedHashMap<>();
  private int size;

  /** A put written outside the pending entries: a batch's commit point or its last mutation. */
  public record Put(Space space, byte[] key, byte[] value) {}

  public PendingWrites(KeyValueStore store) {
    this.store = store;
  }

  /** Reads consult {@code prefetched} (null: none) before the store from now on. */
  public void prefetched(Prefetched prefetched) {
    this.prefetched = prefetched;
  }

  /** Writes the batch in the order it was added. */
  public CompletableFuture<Void> write() {
    WriteBatch batch = store.newBatch();
    writeTo(batch, null, null, null);
    return store.write(batch);
  }

  /**
   * Moves the pending mutations into {@code batch} (the current section) and forgets them: the
   * entries of {@code first} come first, then {@code commit} as the section's commit point, then
   * every other space's entries, then {@code last}; each may be null. Until the batch is written,
   * reads through this see the store without them.
   */
  public void writeTo(WriteBatch batch, Space first, Put commit, Put last) {
    Pending head = first == null ? null : pending.get(first);
    if (head != null) {
      head.writeTo(first, batch);
    }
    if (commit != null) {
      batch.commit(commit.space(), commit.key(), commit.value());
    }
    for (Map.Entry<Space, Pending> e : pending.entrySet()) {
      if (e.getValue() != head) {
        e.getValue().writeTo(e.getKey(), batch);
      }
    }
    if (last != null) {
      batch.put(last.space(), last.key(), last.value());
    }
    discard();
  }

  /** Forgets every pending mutation. */
  public void discard() {
    // Kept, not dropped: the next batch is about as big, and its maps need not grow again.
    pending.values().forEach(Pending::clear);
    size = 0;
  }

  @Override
  public WriteBatch put(Space space, byte[] key, byte[] value) {
    space(space).put(key, value);
    size++;
    return this;
  }

  @Override
  public WriteBatch delete(Space space, byte[] key) {
    space(space).put(key, DELETED);
    size++;
    return this;
  }

  @Override
  public WriteBatch increment(Space space, byte[] key, long delta) {
    space(space).put(key, delta);
    size++;
    return this;
  }

  /** The pending batch takes its commit point when it is written ({@link #write(Space, Put, Put)}). */
  @Override
  public WriteBatch commit(Space space, byte[] key, byte[] value) {
    throw new UnsupportedOperationException("a pending batch takes its commit point in write()");
  }

  /** A pending batch is one partition's: one section. */
  @Override
  public WriteBatch section() {
    throw new UnsupportedOperationException("a pending batch is one section");
  }

  @Override
  public int size() {
    return size;
  }

  /** Whether {@code key} of {@code space} has a put or a delete pending (then {@link #get} reads no store). */
  public boolean hasPending(Space space, byte[] key) {
    Pending m = pending.get(space);
    return m != null && m.get(key) != null;
  }

  @Override
  public byte[] get(Space space, byte[] key) {
    Pending m = pending.get(space);
    Object o = m == null ? null : m.get(key);
    if (o != null) {
      return o == DELETED ? null : (byte[]) o;
    }
    return prefetched != null && prefetched.has(space, key) ? prefetched.get(space, key) : store.get(space, key);
  }

  @Override
  public List<byte[]> multiGet(Space space, List<byte[]> keys) {
    Pending m = pending.get(space);
    if ((m == null || m.isEmpty()) && prefetched == null) {
      return store.multiGet(space, keys);
    }
    List<byte[]> out = new ArrayList<>(keys.size());
    List<byte[]> missing = new ArrayList<>();
    List<Integer> at = new ArrayList<>();
    for (byte[] k : keys) {
      Object o = m == null ? null : m.get(k);
      if (o == null && prefetched != null && prefetched.has(space, k)) {
        out.add(prefetched.get(space, k));
        continue;
      }
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

  /**
   * One space's pending entries, in the order they came. Indexed by key only once something
   * reads the space, and kept in key order only once something scans it: a send or a broadcast's
   * audience rows, which nothing reads before they are written, cost an append each.
   */
  private static final class Pending {
    private final List<byte[]> keys = new ArrayList<>();
    private final List<Object> values = new ArrayList<>();
    private Map<Key, Object> byKey;
    private TreeMap<byte[], Object> sorted;

    Object get(byte[] key) {
      return keys.isEmpty() ? null : byKey().get(new Key(key));
    }

    boolean isEmpty() {
      return keys.isEmpty();
    }

    void put(byte[] key, Object value) {
      keys.add(key);
      values.add(value);
      if (byKey != null) {
        byKey.merge(new Key(key), value, Pending::combine);
      }
      if (sorted != null) {
        sorted.merge(key, value, Pending::combine);
      }
    }

    /** Adds the entries to {@code batch} in the order they came. */
    void writeTo(Space space, WriteBatch batch) {
      for (int i = 0; i < keys.size(); i++) {
        Object v = values.get(i);
        if (v == DELETED) {
          batch.delete(space, keys.get(i));
        } else if (v instanceof Long delta) {
          batch.increment(space, keys.get(i), delta);
        } else {
          batch.put(space, keys.get(i), (byte[]) v);
        }
      }
    }

    void clear() {
      keys.clear();
      values.clear();
      byKey = null;
      sorted = null;
    }

    private Map<Key, Object> byKey() {
      if (byKey == null) {
        byKey = new HashMap<>(keys.size() * 2);
        for (int i = 0; i < keys.size(); i++) {
          byKey.merge(new Key(keys.get(i)), values.get(i), Pending::combine);
        }
      }
      return byKey;
    }

    TreeMap<byte[], Object> sorted() {
      if (sorted == null) {
        sorted = new TreeMap<>(Arrays::compareUnsigned);
        for (int i = 0; i < keys.size(); i++) {
          sorted.merge(keys.get(i), values.get(i), Pending::combine);
        }
      }
      return sorted;
    }

    /** A later put or delete replaces; a later increment adds to an earlier one. */
    private static Object combine(Object earlier, Object later) {
      return earlier instanceof Long a && later instanceof Long b ? (Object) (a + b) : later;
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
