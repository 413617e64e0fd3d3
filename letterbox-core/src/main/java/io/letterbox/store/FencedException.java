package io.letterbox.store;

import java.util.concurrent.CompletableFuture;

/**
 * A commit point was taken already: another writer owns what its section was for, and nothing
 * the section added after its commit point was written. The batch's other sections were
 * written: visible now, durable when {@link #written()} completes.
 */
public final class FencedException extends StoreException {
  private final int[] taken;
  private final transient CompletableFuture<Void> written;

  /**
   * @param taken the sections (numbered from 0 in the order the batch started them) whose commit
   *     points were taken
   * @param written completes when the other sections are durable
   */
  public FencedException(String message, int[] taken, CompletableFuture<Void> written) {
    super(message);
    this.taken = taken.clone();
    this.written = written;
  }

  /** The sections whose commit points were taken, in increasing order. */
  public int[] taken() {
    return taken.clone();
  }

  /** Whether section {@code section}'s commit point was taken. */
  public boolean taken(int section) {
    for (int t : taken) {
      if (t == section) {
        return true;
      }
    }
    return false;
  }

  /** Completes when the batch's other sections are durable (at once if it has none). */
  public CompletableFuture<Void> written() {
    return written;
  }
}
