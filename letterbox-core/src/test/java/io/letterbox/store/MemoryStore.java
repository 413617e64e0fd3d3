package io.letterbox.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The reference implementation of the storage SPI, in memory: for the contract suite and for
 * fast engine tests. Durable only as long as the JVM lives. Batches are applied atomically.
 * It holds writers of a space {@linkplain Space#putOnce put once} to their promise: a put over a
 * value or a delete of nothing there throws, failing the write (in part), so that every engine
 * test checks the promise that a backend such as RocksDB takes on trust. The promise is one of
 * atomic batches: once a batch {@linkplain #landedInPart landed in part}, as on a backend atomic
 * per row only whose writer died (HBase, where such deletes are plain ones), it is checked no more.
 */
public final class MemoryStore implements KeyValueStore {
  private final Map<String, ConcurrentSkipListMap<byte[], byte[]>> spaces = new HashMap<>();
  private final ReadWriteLock lock = new ReentrantReadWriteLock();
  /** Whether a batch landed in part: then spaces put once are no longer checked. */
  private volatile boolean torn;

  public MemoryStore(List<Space> spaces) {
    for (Space s : spaces) {
      this.spaces.put(s.name(), new ConcurrentSkipListMap<>(Arrays::compareUnsigned));
    }
  }

  private ConcurrentSkipListMap<byte[], byte[]> map(Space space) {
    ConcurrentSkipListMap<byte[], byte[]> m = spaces.get(space.name());
    if (m == null) {
      throw new IllegalArgumentException("unknown space: " + space.name());
    }
    return m;
  }

  @Override
  public byte[] get(Space space, byte[] key) {
    byte[] v = map(space).get(key);
    return v == null ? null : v.clone();
  }

  @Override
  public List<byte[]> multiGet(Space space, List<byte[]> keys) {
    List<byte[]> out = new ArrayList<>(keys.size());
    for (byte[] k : keys) {
      out.add(get(space, k));
    }
    return out;
  }

  @Override
  public void scan(Space space, KeyRange range, boolean reverse, ScanVisitor visitor) {
    ConcurrentSkipListMap<byte[], byte[]> m = map(space);
    NavigableMap<byte[], byte[]> sub = range.to() == null
        ? m.tailMap(range.from(), true)
        : m.subMap(range.from(), true, range.to(), false);
    if (reverse) {
      sub = sub.descendingMap();
    }
    for (Map.Entry<byte[], byte[]> e : sub.entrySet()) {
      if (!visitor.visit(e.getKey().clone(), e.getValue().clone())) {
        return;
      }
    }
  }

  @Override
  public long counter(Space space, byte[] key) {
    byte[] v = map(space).get(key);
    return v == null ? 0 : Bytes.getLong(v, 0);
  }

  @Override
  public WriteBatch newBatch() {
    return new Batch();
  }

  /** A batch was applied only in part (FaultyStore): spaces put once are no longer checked. */
  public void landedInPart() {
    torn = true;
  }

  @Override
  public CompletableFuture<Void> write(WriteBatch batch) {
    Batch b = (Batch) batch;
    lock.writeLock().lock();
    try {
      List<Integer> taken = new ArrayList<>();
      for (int i = 0; i < b.sections.size(); i++) {
        Section section = b.sections.get(i);
        if (section.commitKey != null && map(section.commitSpace).containsKey(section.commitKey)) {
          taken.add(i);
          continue;
        }
        section.ops.forEach(Runnable::run);
      }
      if (!taken.isEmpty()) {
        throw new FencedException("commit point taken in sections " + taken,
            taken.stream().mapToInt(Integer::intValue).toArray(), CompletableFuture.completedFuture(null));
      }
    } finally {
      lock.writeLock().unlock();
    }
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public boolean compareAndSet(Space space, byte[] key, byte[] expected, byte[] value) {
    lock.writeLock().lock();
    try {
      var m = map(space);
      if (!java.util.Arrays.equals(m.get(key), expected)) {
        return false;
      }
      m.put(key.clone(), value.clone());
      return true;
    } finally {
      lock.writeLock().unlock();
    }
  }

  @Override
  public long diskBytes() {
    return diskBytesBySpace().values().stream().mapToLong(Long::longValue).sum();
  }

  /** @return the bytes of each space's keys and values, as if they were its files */
  @Override
  public Map<String, Long> diskBytesBySpace() {
    Map<String, Long> bytes = new HashMap<>();
    spaces.forEach((name, map) -> bytes.put(name,
        map.entrySet().stream().mapToLong(e -> e.getKey().length + e.getValue().length).sum()));
    return bytes;
  }

  @Override
  public void close() {}

  private static final class Section {
    final List<Runnable> ops = new ArrayList<>();
    Space commitSpace;
    byte[] commitKey;
  }

  private final class Batch implements WriteBatch {
    private final List<Section> sections = new ArrayList<>(List.of(new Section()));
    private Section current = sections.get(0);
    private int size;

    @Override
    public WriteBatch commit(Space space, byte[] key, byte[] value) {
      if (current.commitKey != null) {
        throw new IllegalStateException("a section has one commit point");
      }
      current.commitSpace = space;
      current.commitKey = key.clone();
      return put(space, key, value);
    }

    @Override
    public WriteBatch section() {
      current = new Section();
      sections.add(current);
      return this;
    }

    @Override
    public WriteBatch put(Space space, byte[] key, byte[] value) {
      var m = map(space);
      byte[] k = key.clone();
      byte[] v = value.clone();
      current.ops.add(() -> {
        if (space.putOnce() && !torn && m.containsKey(k)) {
          throw new IllegalStateException("a key of " + space.name() + " (put once) put over its value: "
              + Arrays.toString(k));
        }
        m.put(k, v);
      });
      size++;
      return this;
    }

    @Override
    public WriteBatch delete(Space space, byte[] key) {
      var m = map(space);
      byte[] k = key.clone();
      current.ops.add(() -> {
        if (m.remove(k) == null && space.putOnce() && !torn) {
          throw new IllegalStateException("a key of " + space.name() + " (put once) deleted without a value: "
              + Arrays.toString(k));
        }
      });
      size++;
      return this;
    }

    @Override
    public WriteBatch increment(Space space, byte[] key, long delta) {
      var m = map(space);
      byte[] k = key.clone();
      size++;
      current.ops.add(() -> m.merge(k, Bytes.ofLong(delta),
          (old, d) -> Bytes.ofLong(Bytes.getLong(old, 0) + Bytes.getLong(d, 0))));
      return this;
    }

    @Override
    public int size() {
      return size;
    }
  }
}
