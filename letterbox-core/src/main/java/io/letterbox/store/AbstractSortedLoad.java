package io.letterbox.store;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

/**
 * What every {@link SortedLoad} checks, once: keys ascend, nothing is put after seal, commit or
 * close, seal and commit happen once. A backend supplies only how entries are appended, sealed,
 * committed and dropped.
 */
public abstract class AbstractSortedLoad implements SortedLoad {
  private byte[] last;
  private long size;
  private boolean sealed;
  private boolean done;

  /**
   * @return {@code space}, which a sorted load may fill
   * @throws IllegalArgumentException for a space of counters or one {@linkplain Space#putOnce put
   *     once} (a load may put keys that have values)
   */
  public static Space loadable(Space space) {
    if (space.counters() || space.putOnce()) {
      throw new IllegalArgumentException("a sorted load takes plain spaces, not counters or spaces put once: "
          + space.name());
    }
    return space;
  }

  /** Takes one entry, its key already checked to ascend. */
  protected abstract void append(byte[] key, byte[] value);

  /** Does what needs no write path once the entries are all appended; nothing by default. */
  protected void sealed() {}

  /** Makes every appended entry visible, sealed or not; the future completes when they are durable. */
  protected abstract CompletableFuture<Void> finish();

  /** Drops what an uncommitted load holds. */
  protected abstract void abandon();

  @Override
  public final void put(byte[] key, byte[] value) {
    if (sealed || done) {
      throw new IllegalStateException("the load is sealed, committed or closed");
    }
    if (last != null && Arrays.compareUnsigned(key, last) <= 0) {
      throw new IllegalArgumentException("keys of a sorted load must ascend");
    }
    append(key, value);
    last = key.clone();
    size++;
  }

  /** The largest key put so far (the last one: keys ascend), a copy; null before the first. */
  protected final byte[] lastKey() {
    return last;
  }

  @Override
  public final long size() {
    return size;
  }

  @Override
  public final void seal() {
    if (sealed || done) {
      throw new IllegalStateException("the load is sealed, committed or closed");
    }
    sealed = true;
    sealed();
  }

  @Override
  public final CompletableFuture<Void> commit() {
    if (done) {
      throw new IllegalStateException("the load is committed or closed");
    }
    done = true;
    return finish();
  }

  @Override
  public final void close() {
    if (!done) {
      done = true;
      abandon();
    }
  }
}
