package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.read.StateReader;
import io.letterbox.rows.IdempotencyRow;
import java.util.OptionalLong;

/** A sender's idempotency keys: the same key and request return the first result. */
final class Idempotency {
  private Idempotency() {}

  /**
   * @return the id stored for {@code key}, if the key was used
   * @throws LetterboxException IDEMPOTENCY_CONFLICT if it was used for a different request
   */
  static OptionalLong earlier(StateReader state, long sender, String key, long requestHash) {
    if (key == null) {
      return OptionalLong.empty();
    }
    IdempotencyRow earlier = state.senders().idempotency(sender, key);
    if (earlier == null) {
      return OptionalLong.empty();
    }
    if (earlier.requestHash() != requestHash) {
      throw conflict();
    }
    return OptionalLong.of(earlier.id());
  }

  static LetterboxException conflict() {
    return new LetterboxException(ErrorCode.IDEMPOTENCY_CONFLICT,
        "idempotencyKey was already used for a different request");
  }
}
