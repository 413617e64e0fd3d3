package io.letterbox.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Wraps a store and, when armed, lets the next batch land only in part: its first {@code n}
 * mutations are applied one by one, in order, then the write fails. That is what a backend atomic
 * per row only (HBase) leaves behind when a process dies mid-batch.
 */
public final class FaultyStore implements KeyValueStore {
  private final KeyValueStore delegate;
  private volatile int landing = -1;
  private volatile int skipping;
  private final java.util.Map<String, java.util.concurrent.atomic.AtomicInteger> failingReads =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.Map<String, Runnable> pausing = new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.Map<String, java.util.concurrent.atomic.AtomicInteger> scans =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.Map<String, List<byte[]>> pointReads = new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.concurrent.atomic.AtomicInteger failingSeals = new java.util.concurrent.atomic.AtomicInteger();
  private final java.util.concurrent.atomic.AtomicInteger failedSeals = new java.util.concurrent.atomic.AtomicInteger();

  public FaultyStore(KeyValueStore delegate) {
    this.delegate = delegate;
  }

  /**
   * The next non-empty batch applies only its first {@code mutations} mutations, then fails. The
   * search indexer's batches (postings and their marks, written in the background) pass: what is
   * cut is the engine's own writes.
   */
  public void failNextBatchAfter(int mutations) {
    failBatchAfter(0, mutations);
  }

  /** Lets {@code batches} non-empty batches through, then fails the next after {@code mutations}. */
  public synchronized void failBatchAfter(int batches, int mutations) {
    skipping = batches;
    landing = mutations;
  }

  /**
   * The next multi-get of {@code space} waits until {@code release} opens, as a read does behind a
   * slow region server.
   *
   * @return opens once that multi-get is waiting
   */
  public java.util.concurrent.CountDownLatch pauseNextMultiGet(Space space, java.util.concurrent.CountDownLatch release) {
    java.util.concurrent.CountDownLatch paused = new java.util.concurrent.CountDownLatch(1);
    pausing.put(space.name(), pause(paused, release));
    return paused;
  }

  /** Opens {@code paused}, then waits for {@code release}. */
  private static Runnable pause(java.util.concurrent.CountDownLatch paused, java.util.concurrent.CountDownLatch release) {
    return () -> {
      paused.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }

  /**
   * The next batch with a commit point waits, before anything of it is written, until
   * {@code release} opens: a writer paused (GC, SIGSTOP) in the middle of its work.
   *
   * @return opens once that write is waiting
   */
  public java.util.concurrent.CountDownLatch pauseNextCommit(java.util.concurrent.CountDownLatch release) {
    java.util.concurrent.CountDownLatch paused = new java.util.concurrent.CountDownLatch(1);
    pausedCommit = pause(paused, release);
    return paused;
  }

  private volatile Runnable pausedCommit;
  private volatile CompletableFuture<Void> heldDurability;

  /**
   * The next batch with a commit point is written (visible to reads) at once, but its future
   * completes only after {@code durable} does: a write that waits for its WAL sync.
   */
  public void holdNextDurability(CompletableFuture<Void> durable) {
    heldDurability = durable;
  }

  /** The next {@code times} multi-gets of {@code space} fail, as reads do while a region moves. */
  public void failMultiGets(Space space, int times) {
    failingReads.put(space.name(), new java.util.concurrent.atomic.AtomicInteger(times));
  }

  @Override
  public byte[] get(Space space, byte[] key) {
    List<byte[]> watched = pointReads.get(space.name());
    if (watched != null) {
      watched.add(key);
    }
    return delegate.get(space, key);
  }

  @Override
  public List<byte[]> multiGet(Space space, List<byte[]> keys) {
    Runnable pause = pausing.remove(space.name());
    if (pause != null) {
      pause.run();
    }
    var left = failingReads.get(space.name());
    if (left != null && left.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      throw new StoreException("injected read failure on " + space.name());
    }
    List<byte[]> watched = pointReads.get(space.name());
    if (watched != null) {
      watched.addAll(keys);
    }
    return delegate.multiGet(space, keys);
  }

  @Override
  public void scan(Space space, KeyRange range, boolean reverse, ScanVisitor visitor) {
    scans.computeIfAbsent(space.name(), n -> new java.util.concurrent.atomic.AtomicInteger()).incrementAndGet();
    delegate.scan(space, range, reverse, visitor);
  }

  /** Records, from now on, the keys of {@code space} read by {@code get} or {@code multiGet}. */
  public void watchPointReads(Space space) {
    pointReads.put(space.name(), java.util.Collections.synchronizedList(new ArrayList<>()));
  }

  /** @return the keys of {@code space} read since {@link #watchPointReads}; it stops watching */
  public List<byte[]> takePointReads(Space space) {
    List<byte[]> read = pointReads.remove(space.name());
    if (read == null) {
      throw new IllegalStateException("point reads of " + space.name() + " are not watched");
    }
    synchronized (read) {
      return List.copyOf(read);
    }
  }

  /** @return how many range scans of {@code space} were made since the last call for it */
  public int takeScans(Space space) {
    var n = scans.remove(space.name());
    return n == null ? 0 : n.get();
  }

  @Override
  public long counter(Space space, byte[] key) {
    return delegate.counter(space, key);
  }

  @Override
  public WriteBatch newBatch() {
    return new Recorded();
  }

  @Override
  public CompletableFuture<Void> write(WriteBatch batch) {
    Recorded recorded = (Recorded) batch;
    Runnable pause = pausedCommit;
    if (pause != null && recorded.committing) {
      pausedCommit = null;
      pause.run();
    }
    int n;
    synchronized (this) {
      n = landing;
      if (recorded.searchIndexOnly) {
        n = -1;
      } else if (n >= 0 && !recorded.ops.isEmpty() && skipping > 0) {
        skipping--;
        n = -1;
      }
    }
    if (n < 0 || recorded.ops.isEmpty()) {
      WriteBatch real = delegate.newBatch();
      recorded.ops.forEach(op -> op.accept(real));
      CompletableFuture<Void> written = delegate.write(real);
      CompletableFuture<Void> held = heldDurability;
      if (held != null && recorded.committing) {
        heldDurability = null;
        return written.thenCompose(v -> held);
      }
      return written;
    }
    landing = -1;
    if (delegate instanceof MemoryStore memory) {
      memory.landedInPart();
    }
    for (int i = 0; i < Math.min(n, recorded.ops.size()); i++) {
      WriteBatch one = delegate.newBatch();
      recorded.ops.get(i).accept(one);
      delegate.write(one).join();
    }
    throw new StoreException("injected failure after " + n + " of " + recorded.ops.size() + " mutations");
  }

  /**
   * The next {@code times} sorted loads fail at their seal, as one whose table file cannot be
   * written (a full disk) would: what was put is dropped, nothing is committed.
   */
  public void failSeals(int times) {
    failingSeals.set(times);
  }

  /** @return seals failed so far */
  public int failedSeals() {
    return failedSeals.get();
  }

  @Override
  public SortedLoad newSortedLoad(Space space) {
    SortedLoad load = KeyValueStore.super.newSortedLoad(space);
    if (failingSeals.getAndUpdate(n -> Math.max(0, n - 1)) == 0) {
      return load;
    }
    return new SortedLoad() {
      @Override
      public void put(byte[] key, byte[] value) {
        load.put(key, value);
      }

      @Override
      public void seal() {
        load.close();
        failedSeals.incrementAndGet();
        throw new StoreException("injected failure: no room for the load's table file");
      }

      @Override
      public long size() {
        return load.size();
      }

      @Override
      public CompletableFuture<Void> commit() {
        return load.commit();
      }

      @Override
      public void close() {
        load.close();
      }
    };
  }

  @Override
  public boolean compareAndSet(Space space, byte[] key, byte[] expected, byte[] value) {
    return delegate.compareAndSet(space, key, expected, value);
  }

  @Override
  public long diskBytes() {
    return delegate.diskBytes();
  }

  @Override
  public Map<String, Long> diskBytesBySpace() {
    return delegate.diskBytesBySpace();
  }

  @Override
  public void close() {
    delegate.close();
  }

  private static final class Recorded implements WriteBatch {
    private static final byte[] INDEX_MARK = io.letterbox.keys.StateKey.meta("indexed/");
    final List<Consumer<WriteBatch>> ops = new ArrayList<>();
    int sections;
    boolean committing;
    /** Whether it holds only search postings and index marks (so far). */
    boolean searchIndexOnly = true;

    private void touch(Space space, byte[] key) {
      boolean index = space.equals(io.letterbox.keys.Spaces.POSTINGS) || (space.equals(io.letterbox.keys.Spaces.STATE)
          && key.length > INDEX_MARK.length && java.util.Arrays.equals(key, 0, INDEX_MARK.length, INDEX_MARK, 0, INDEX_MARK.length));
      searchIndexOnly &= index;
    }

    @Override
    public WriteBatch put(Space space, byte[] key, byte[] value) {
      touch(space, key);
      ops.add(b -> b.put(space, key, value));
      return this;
    }

    @Override
    public WriteBatch delete(Space space, byte[] key) {
      touch(space, key);
      ops.add(b -> b.delete(space, key));
      return this;
    }

    @Override
    public WriteBatch increment(Space space, byte[] key, long delta) {
      searchIndexOnly = false;
      ops.add(b -> b.increment(space, key, delta));
      return this;
    }

    @Override
    public WriteBatch commit(Space space, byte[] key, byte[] value) {
      searchIndexOnly = false;
      ops.add(b -> b.commit(space, key, value));
      committing = true;
      return this;
    }

    @Override
    public WriteBatch section() {
      ops.add(WriteBatch::section);
      sections++;
      return this;
    }

    @Override
    public int size() {
      return ops.size() - sections;
    }
  }
}
