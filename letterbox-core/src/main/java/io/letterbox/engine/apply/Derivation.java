package io.letterbox.engine.apply;

/**
 * A consumer of applied actions: one kind of state derived from the log besides the indexes
 * {@link Action#apply} writes (the list caches, the search postings; webhooks, push or a change
 * stream would be more). It declares, for every kind of action, what it derives from it into its
 * target {@code T}, or that it ignores that kind on purpose ({@link #kinds}): a kind it does
 * neither fails {@code DerivationsTest}, so a new kind of action cannot skip a consumer unseen.
 *
 * <p>A derivation holds no state: what it writes into (a node's caches, a step's postings) is the
 * target it is given with each action. Every derivation is registered in one place,
 * {@code engine.derive.Derivations}, which says when each runs.
 *
 * @param <T> what it derives into
 */
public interface Derivation<T> {
  /** What it does with each kind of action: every kind is handled or ignored, none is both. */
  Kinds<T> kinds();

  /** Derives what {@code action} means for {@code target}; nothing for a kind it ignores. */
  default void derive(T target, Action action) {
    kinds().derive(target, action);
  }

  /** Its name, in the exhaustiveness test's messages. */
  default String name() {
    return getClass().getSimpleName();
  }
}
