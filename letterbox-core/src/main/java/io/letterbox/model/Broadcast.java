package io.letterbox.model;

import io.letterbox.id.Ids;
import java.time.Instant;
import java.util.Optional;

/**
 * A broadcast as its sender sees it.
 *
 * @param receivers   receivers in the frozen audience (after the frequency cap)
 * @param capped      receivers the frequency cap left out
 * @param completedAt when the fan-out finished, if it has
 * @param reactions   the receivers' reactions to it, counted (decision 0049); empty for none
 */
public record Broadcast(long id, long from, String text, Extras extras, Status status, long receivers,
    long capped, Optional<Instant> completedAt, java.util.List<Reaction> reactions) {
  public Broadcast {
    reactions = java.util.List.copyOf(reactions);
  }

  /** A broadcast without reactions. */
  public Broadcast(long id, long from, String text, Extras extras, Status status, long receivers, long capped,
      Optional<Instant> completedAt) {
    this(id, from, text, extras, status, receivers, capped, completedAt, java.util.List.of());
  }

  /** This broadcast with {@code counted} as its reactions. */
  public Broadcast withReactions(java.util.List<Reaction> counted) {
    return new Broadcast(id, from, text, extras, status, receivers, capped, completedAt, counted);
  }

  /** FAILED: the fan-out gave up after its retries; a restart or {@code resumeBroadcast} resumes it. */
  public enum Status { QUEUED, RUNNING, DONE, FAILED }

  public Instant createdAt() {
    return Ids.createdAt(id);
  }
}
