package io.letterbox.engine.derive;

import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.Derivation;
import io.letterbox.engine.search.SearchPostings;
import java.util.List;

/**
 * Every consumer of applied actions, registered here and only here, with when each runs:
 * <ul>
 *   <li>as an action becomes visible to readers, on the writer's thread (no store reads):
 *       {@link ListCaches}, into the node's caches;
 *   <li>behind the writers, from the durable journals, on a thread of its own:
 *       {@link SearchPostings}, by the live indexer and the rebuild.
 * </ul>
 * A new consumer (webhooks, push, a change stream, retention) is one more {@link Derivation} in
 * {@link #all()} and, if it runs as actions become visible, one more call in {@link #visible};
 * {@code DerivationsTest} then checks that it declares every kind of action.
 */
public final class Derivations {
  private final ListCaches.Caches caches;

  /** @param caches the node's caches that follow its writes */
  public Derivations(ListCaches.Caches caches) {
    this.caches = caches;
  }

  /** Every registered consumer. */
  public static List<Derivation<?>> all() {
    return List.of(ListCaches.DERIVATION, SearchPostings.DERIVATION);
  }

  /** {@code action} is visible to readers: the consumers that run then derive from it. */
  public void visible(Action action) {
    ListCaches.DERIVATION.derive(caches, action);
  }
}
