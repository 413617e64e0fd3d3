package io.letterbox.engine.write;

import io.letterbox.engine.apply.Action;
import java.util.List;

/**
 * What a command decided: the actions to log (each at its log key) and the caller's answer.
 * No actions means nothing changes (a replayed idempotent send, an old read position).
 */
public record Decision<R>(List<Logged> actions, R result) {
  /**
   * An action to apply: logged here at {@code logId}, or, when {@code delivered}, the part of this
   * partition of action {@code logId} that another partition logged.
   */
  public record Logged(long logId, Action action, boolean delivered) {
    public Logged(long logId, Action action) {
      this(logId, action, false);
    }
  }

  static <R> Decision<R> nothing(R result) {
    return new Decision<>(List.of(), result);
  }

  static <R> Decision<R> of(long logId, Action action, R result) {
    return new Decision<>(List.of(new Logged(logId, action)), result);
  }
}
