package io.letterbox.client;

import java.time.Instant;

/**
 * The erasure of a user.
 *
 * @param erasure its id
 * @param status running or done
 * @param completedAt when it was done; null while it runs
 */
public record Erasure(long erasure, long uid, String status, Instant startedAt, Instant completedAt) {
  public boolean done() {
    return "done".equals(status);
  }
}
