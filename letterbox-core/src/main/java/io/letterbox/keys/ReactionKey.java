package io.letterbox.keys;

import io.letterbox.store.Bytes;

/**
 * Keys of the {@code reactions} space (decision 0049): a message's counts at its {@link LogKey},
 * one user's own reactions to it at the message's key followed by the user's uid (8 bytes
 * big-endian). Both start with the message id, so a message's rows are a prefix.
 */
public final class ReactionKey {
  /** The message id: the prefix of all of a message's rows. */
  public static final int MESSAGE_PREFIX = 8;

  private ReactionKey() {}

  /** The key of message {@code messageId}'s counts. */
  public static byte[] counts(long messageId) {
    return LogKey.of(messageId);
  }

  /** The key of user {@code uid}'s own reactions to message {@code messageId}. */
  public static byte[] own(long messageId, long uid) {
    byte[] k = new byte[16];
    Bytes.putLong(k, 0, messageId);
    Bytes.putLong(k, 8, uid);
    return k;
  }

  /** @return the message a key of the space is about */
  public static long messageId(byte[] key) {
    return Bytes.getLong(key, 0);
  }

  /** @return whether {@code key} holds a user's own reactions (else a message's counts) */
  public static boolean isOwn(byte[] key) {
    return key.length == 16;
  }

  /** @return the user of an {@linkplain #isOwn own} key */
  public static long uid(byte[] key) {
    return Bytes.getLong(key, 8);
  }
}
