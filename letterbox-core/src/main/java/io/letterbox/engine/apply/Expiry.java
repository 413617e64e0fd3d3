package io.letterbox.engine.apply;

import io.letterbox.id.Ids;
import io.letterbox.keys.ExpiryKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.Bytes;

/**
 * The timers of disappearing messages (decision 0045), written and deleted at a message's home
 * in the batches of its send and of its removal: derived from the log, so a replay writes the
 * same.
 */
final class Expiry {
  private Expiry() {}

  /**
   * Starts message {@code id}'s timer if the conversation it was sent in disappears: {@code home}
   * the owner whose partition logs it (the sender; the group), {@code peer} the receiver (0 in a
   * group). The setting as this partition applied it before the message decides.
   */
  static void start(Applying to, long home, long peer, long id) {
    long after = to.state().conversations().disappearAfter(home, peer);
    if (after <= 0) {
      return;
    }
    long expireAt = Ids.epochMillis(id) + after;
    to.batch().put(Spaces.EXPIRY, ExpiryKey.timer(expireAt, id), Bytes.ofLong(home));
    to.batch().put(Spaces.EXPIRY, ExpiryKey.byMessage(id), Bytes.ofLong(expireAt));
  }

  /** Stops message {@code id}'s timer, if it has one: its content is removed, for whatever reason. */
  static void stop(Applying to, long id) {
    long expireAt = to.state().conversations().expireAt(id);
    if (expireAt != 0) {
      to.batch().delete(Spaces.EXPIRY, ExpiryKey.timer(expireAt, id));
      to.batch().delete(Spaces.EXPIRY, ExpiryKey.byMessage(id));
    }
  }
}
