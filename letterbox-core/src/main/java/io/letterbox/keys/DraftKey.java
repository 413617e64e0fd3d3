package io.letterbox.keys;

/**
 * A draft (decision 0050): owner(8), then the peer of a one-to-one conversation, or the group's id
 * negated for a group's. A uid and a group id are both positive and may be equal; negating the
 * group's keeps the two kinds apart while an owner's drafts of both kinds stay one prefix
 * ({@link PairKey#owner}).
 */
public final class DraftKey {
  private DraftKey() {}

  /** The owner's draft of its conversation with {@code peer}. */
  public static byte[] peer(long owner, long peer) {
    return PairKey.of(owner, peer);
  }

  /** The owner's draft of group {@code gid}'s conversation. */
  public static byte[] group(long owner, long gid) {
    return PairKey.of(owner, -gid);
  }

  /** @return the peer of a one-to-one draft's key; 0 for a group's */
  public static long peerOf(byte[] key) {
    long c = PairKey.peer(key);
    return c > 0 ? c : 0;
  }

  /** @return the group of a group draft's key; 0 for a one-to-one draft's */
  public static long groupOf(byte[] key) {
    long c = PairKey.peer(key);
    return c < 0 ? -c : 0;
  }
}
