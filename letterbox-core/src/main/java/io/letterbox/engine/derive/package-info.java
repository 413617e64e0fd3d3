/**
 * Derived state: every consumer of applied actions besides the indexes {@code Action.apply}
 * writes is a {@link io.letterbox.engine.apply.Derivation}, which declares for each kind of
 * action what it derives or that it ignores it ({@link io.letterbox.engine.apply.Kinds}), and is
 * registered in {@link io.letterbox.engine.derive.Derivations}, which says when each runs. Holds
 * the list caches' upkeep ({@link io.letterbox.engine.derive.ListCaches}) and the live events
 * ({@link io.letterbox.engine.derive.LiveEvents}); the search postings' derivation lives with
 * search. Uses {@code apply} (the actions), {@code read} (the caches), {@code feed} (the event
 * streams), {@code write}'s logged actions, {@code partition}'s partitioning and {@code search};
 * the engine wires it.
 */
package io.letterbox.engine.derive;
