package io.letterbox.engine;

import io.letterbox.keys.IdempotencyKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyValueStore;
import java.util.OptionalLong;

/** A sender's idempotency keys: the same key and request return the first result. */
final class Idempotency {
  private Idempotency() {}

  /**
   * @return the id stored for {@code key}, if the key was used
   * @throws LetterboxException IDEMPOTENCY_CONFLICT if it was used for a different request
   */
  static OptionalLong earlier(KeyValueStore store, long sender, String key, long requestHash) {
    if (key == null) {
      return OptionalLong.empty();
    }
    byte[] earlier = store.get(Spaces.IDEMPOTENCY, IdempotencyKey.of(sender, key));
    if (earlier == null) {
      return OptionalLong.empty();
    }
    if (Bytes.getLong(earlier, 8) != requestHash) {
      throw conflict();
    }
    return OptionalLong.of(Bytes.getLong(earlier, 0));
  }

  static LetterboxException conflict() {
    return new LetterboxException(ErrorCode.IDEMPOTENCY_CONFLICT,
        "idempotencyKey was already used for a different request");
  }

  /** The stored value: the first result's id and the request's hash. */
  static byte[] record(long id, long requestHash) {
    byte[] v = new byte[16];
    Bytes.putLong(v, 0, id);
    Bytes.putLong(v, 8, requestHash);
    return v;
  }
}
