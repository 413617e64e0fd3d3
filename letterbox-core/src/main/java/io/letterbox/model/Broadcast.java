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
 */
public record Broadcast(long id, long from, String text, Extras extras, Status status, long receivers,
    long capped, Optional<Instant> completedAt) {
  /** FAILED: the fan-out gave up after its retries; a restart or {@code resumeBroadcast} resumes it. */
  public enum Status { QUEUED, RUNNING, DONE, FAILED }

  public Instant createdAt() {
    return Ids.createdAt(id);
  }
}
