package io.letterbox.bench.targets;

import io.letterbox.bench.workload.HistoryMessage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A DM store under test: Letterbox or one of the designs it replaces. Scenarios drive every
 * target through this one interface, so all of them get the same data and the same load.
 * An operation a design does not have throws {@link Unsupported} saying why; the report shows
 * it as skipped.
 */
public interface DmTarget extends AutoCloseable {

  /** The name in tables and result files: {@code letterbox}, {@code push-rocksdb}, ... */
  String name();

  /** What a reader of the figures must know about this target (durability, what it leaves out). */
  String note();

  /** Sends a one-to-one message. @return its id, once the target's write promise holds */
  CompletableFuture<Long> send(long from, long to, String text);

  /** Stores old history with its original times, durably, before it returns. Not timed as sends. */
  void load(List<HistoryMessage> messages);

  /** A page of the conversation newest first, older than {@code cursor} (null: the newest). */
  HistoryPage history(long owner, long peer, Object cursor, int limit);

  /**
   * {@link #history} without blocking the caller: on {@code readers} for a target that blocks, as
   * the embedded stores do; a target with its own asynchronous client (HTTP) overrides it.
   */
  default CompletableFuture<HistoryPage> historyAsync(long owner, long peer, Object cursor, int limit, Executor readers) {
    return CompletableFuture.supplyAsync(() -> history(owner, peer, cursor, limit), readers);
  }

  /**
   * A page of the owner's conversation list, newest activity first, each entry with its last
   * message (and unread counts, where the target keeps them).
   *
   * @param cursor null for the first page, else the {@link ListPage#next} of the previous page
   */
  ListPage conversationsPage(long owner, Object cursor, int limit);

  /** The first page of the owner's conversation list. @return how many entries it shows */
  default int conversations(long owner, int limit) {
    return conversationsPage(owner, null, limit).count();
  }

  /** The owner's unread total at login (on one device). */
  long unread(long owner);

  /** Deletes message {@code id} (of the conversation with {@code peer}) from the owner's view. */
  CompletableFuture<Void> delete(long owner, long peer, long id);

  /** The one-to-many side of the target; throws {@link Unsupported} if it has none yet. */
  Broadcaster broadcaster();

  /** Sends {@code from} → {@code to} a message replying to {@code original}; throws {@link Unsupported} without replies. */
  default CompletableFuture<Long> reply(long from, long to, String text, long original) {
    throw new Unsupported("no replies in this design");
  }

  /** {@code uid} reacts to message {@code id} with {@code emoji}; throws {@link Unsupported} without reactions. */
  default CompletableFuture<Void> react(long uid, long id, String emoji) {
    throw new Unsupported("no reactions in this design");
  }

  /** The group side of the target; throws {@link Unsupported} if it has none. */
  default Groups groups() {
    throw new Unsupported("no group conversations in this design");
  }

  /** Rewrites the stored data compactly, so that {@link #diskBytes} means bytes at rest. */
  void compact();

  /** @return bytes the data occupies (on disk, or in memory for an in-memory cache) */
  long diskBytes();

  /**
   * @return what {@link #diskBytes} holds, by the store's space (Letterbox's; baselines have none,
   *     nor does a store that cannot tell at once): each space's data at rest
   */
  default Map<String, Long> diskBytesBySpace() {
    return Map.of();
  }

  /** Drops the target's own caches, as a restart does, so that reads start cold. */
  default void restart() {
    coldRestart(() -> {});
  }

  /**
   * Stops the target completely (its server too, if it has one), runs {@code whileStopped} (the
   * bench drops the OS page cache there), and starts it again on the same data with every cache
   * of its own empty: the next read is a cold one. Throws {@link Unsupported} if the target
   * cannot be restarted on its data.
   */
  void coldRestart(Runnable whileStopped);

  @Override
  void close();
}
