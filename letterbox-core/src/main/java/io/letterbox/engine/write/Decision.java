package io.letterbox.engine.write;

import io.letterbox.engine.apply.Action;
import java.util.List;

/**
 * What a command decided: the actions to log (each at its log key) and the caller's answer.
 * No actions means nothing changes (a replayed idempotent send, an old read position).
 */
public record Decision<R>(List<Logged> actions, R result) {
  public record Logged(long logId, Action action) {}

  static <R> Decision<R> nothing(R result) {
    return new Decision<>(List.of(), result);
  }

  static <R> Decision<R> of(long logId, Action action, R result) {
    return new Decision<>(List.of(new Logged(logId, action)), result);
  }
}
