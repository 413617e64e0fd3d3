package io.letterbox.engine;

import java.util.concurrent.CompletableFuture;

/**
 * How a node's engine reaches partitions and caches on other nodes (decision 0007). The server
 * implements it over its internal channel; an engine hosting every partition needs none.
 */
public interface Peers {
  /** For an engine that hosts every partition itself. */
  Peers NONE = new Peers() {
    @Override
    public CompletableFuture<Void> deliver(int partition, long[] origins) {
      return CompletableFuture.failedFuture(new NotOwnerException(partition,
          "partition " + partition + " is not hosted here and there are no peers"));
    }

    @Override
    public CompletableFuture<Void> published(long sender, long id) {
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Void> fannedOut(long sender, long id) {
      return CompletableFuture.completedFuture(null);
    }
  };

  /**
   * Has the owner of {@code partition} apply its part of the actions {@code origins}; completes
   * when that is durable there.
   */
  CompletableFuture<Void> deliver(int partition, long[] origins);

  /**
   * Tells every other node that {@code sender} published broadcast {@code id}, so their caches
   * show it, or that message {@code id} was posted to group {@code sender}, so its connected
   * members get it.
   */
  CompletableFuture<Void> published(long sender, long id);

  /**
   * Tells every other node that broadcast {@code id} of {@code sender} was fanned out: the
   * receivers it reached without a relation have their reached records now, so the lists those
   * nodes cached find the sender.
   */
  CompletableFuture<Void> fannedOut(long sender, long id);

  /**
   * Tells every other node that member {@code from} is typing in group {@code gid}, so the
   * members connected there get a typing event (decision 0051). Nothing is stored.
   */
  default CompletableFuture<Void> typing(long gid, long from) {
    return CompletableFuture.completedFuture(null);
  }

  /**
   * Tells every other node that member {@code by} changed its reactions to group message
   * {@code id}, so the members connected there get a reaction event (decision 0049).
   */
  default CompletableFuture<Void> reacted(long id, long by) {
    return CompletableFuture.completedFuture(null);
  }

  /**
   * Tells every other node that group {@code gid}'s pinned messages changed, so the members
   * connected there get a {@code conversation} event naming the group (decision 0050).
   */
  default CompletableFuture<Void> groupPinsChanged(long gid) {
    return CompletableFuture.completedFuture(null);
  }
}
