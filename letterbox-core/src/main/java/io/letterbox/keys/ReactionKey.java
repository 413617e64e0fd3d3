package io.letterbox.keys;

import io.letterbox.store.Bytes;

/**
 * Keys of the reaction spaces (decision 0049): in {@code reactions}, a message's counts at its
 * {@link LogKey}; in {@code own_reactions}, one user's own reactions to a message at the user's uid
 * followed by the message id (8 bytes big-endian each), so that a user's rows are a prefix (what
 * an erasure takes back).
 */
public final class ReactionKey {
  /** The message id: the prefix of all of a message's rows. */
  public static final int MESSAGE_PREFIX = 8;

  private ReactionKey() {}

  /** The key of message {@code messageId}'s counts. */
  public static byte[] counts(long messageId) {
    return LogKey.of(messageId);
  }

  /** The user's uid: the prefix of all of a user's own rows. */
  public static final int USER_PREFIX = 8;

  /** The key of user {@code uid}'s own reactions to message {@code messageId}. */
  public static byte[] own(long uid, long messageId) {
    byte[] k = new byte[16];
    Bytes.putLong(k, 0, uid);
    Bytes.putLong(k, 8, messageId);
    return k;
  }

  /** The prefix of user {@code uid}'s own rows. */
  public static byte[] ownedBy(long uid) {
    byte[] k = new byte[USER_PREFIX];
    Bytes.putLong(k, 0, uid);
    return k;
  }

  /** @return the message an own key is about */
  public static long ownMessage(byte[] key) {
    return Bytes.getLong(key, 8);
  }
}
