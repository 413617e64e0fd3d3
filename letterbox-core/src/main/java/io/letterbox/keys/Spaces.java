package io.letterbox.keys;

import io.letterbox.store.Space;
import java.util.List;

/**
 * The key spaces of the engine. Each is written through the one codec named beside it.
 */
public final class Spaces {
  private Spaces() {}

  /** The action log, the truth: {@link LogKey} → an encoded action. Holds message contents. */
  public static final Space LOG = Space.plain("log", 0);
  /** Contents of imported messages, which have no log entry of their own: {@link LogKey} → content. */
  public static final Space IMPORTED = Space.plain("imported", 0);
  /** Each party's copy of a one-to-one message: {@link TimelineKey} → flags. Rows never change. */
  public static final Space CONVERSATION = Space.plain("conversation", TimelineKey.PAIR_PREFIX);
  /** Messages an owner deleted one by one: {@link TimelineKey} → empty. */
  public static final Space HIDDEN = Space.plain("hidden", TimelineKey.PAIR_PREFIX);
  /** Incoming live messages per conversation: {@link PairKey} → count. */
  public static final Space INCOMING = Space.counters("incoming", PairKey.OWNER_PREFIX);
  /** Per-owner state (read positions, watermarks, caps): {@link StateKey}. */
  public static final Space STATE = Space.plain("state", StateKey.OWNER_PREFIX);
  /** Idempotency keys of sends: {@link IdempotencyKey} → message id and request hash. */
  public static final Space IDEMPOTENCY = Space.plain("idempotency", IdempotencyKey.SENDER_PREFIX);

  public static final List<Space> ALL = List.of(LOG, IMPORTED, CONVERSATION, HIDDEN, INCOMING, STATE, IDEMPOTENCY);
}
