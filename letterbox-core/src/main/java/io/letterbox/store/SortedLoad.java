package io.letterbox.store;

import java.util.concurrent.CompletableFuture;

/**
 * A bulk load into one space of entries given in ascending key order: the way to write millions
 * of new keys at once, which a backend may take past its write path (RocksDB builds a table file
 * and ingests it). Made by {@link KeyValueStore#newSortedLoad}; used by one thread at a time.
 *
 * <p>Until {@link #commit}, any part of the entries may already be visible, or none: a caller
 * must load only entries it may write again (idempotent ones). After {@code commit} returns,
 * all are visible; they win over what the space held at those keys.
 */
public interface SortedLoad extends AutoCloseable {

  /**
   * Adds an entry.
   *
   * @throws IllegalArgumentException if {@code key} is not greater than the previous key (unsigned
   *     byte order)
   * @throws IllegalStateException after {@link #seal}, {@link #commit} or {@link #close}
   */
  void put(byte[] key, byte[] value);

  /**
   * Ends the puts and does what the load can before {@link #commit} off the store's write path,
   * so that {@code commit} spends as little there as it can: RocksDB finishes and syncs its table
   * file here. Optional: {@code commit} does whatever is left. Puts and {@code seal} hold up no
   * other writer of the store (RocksDB's write path, by contrast, keeps every writer waiting
   * behind its group's leader): a caller may run them on a thread of low CPU priority and commit
   * on another, after them.
   *
   * @throws IllegalStateException if called twice, or after {@link #commit} or {@link #close}
   */
  void seal();

  /** @return entries put so far */
  long size();

  /**
   * Makes every entry visible; the future completes when they are durable. An empty load
   * completes at once.
   *
   * @throws IllegalStateException if called twice, or after {@link #close}
   */
  CompletableFuture<Void> commit();

  /** Abandons the load if it was not committed (entries already visible may stay). Idempotent. */
  @Override
  void close();
}
