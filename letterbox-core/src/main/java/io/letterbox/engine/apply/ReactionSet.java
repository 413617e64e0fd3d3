package io.letterbox.engine.apply;

import io.letterbox.keys.ReactionKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.FeedRow;
import io.letterbox.rows.ReactionsRow;

/**
 * User {@code uid} reacted to message {@code messageId} with {@code emoji} ({@code added}) or took
 * that reaction back (decision 0049). Logged by the reacting user's partition, which decided that
 * it changes something and writes the user's own row; the partition of the message's sender
 * ({@code sender}), the only writer of the message's counts, adds or takes one from them. Owner
 * {@code tell} (0: none) gets a {@code reaction} event in its change feed: the other party of a
 * one-to-one message, whose conversation is with {@code uid}, or the sender of a broadcast.
 */
public record ReactionSet(long messageId, long uid, String emoji, boolean added, long sender, long tell,
    boolean broadcast) implements Action {
  public static final byte TAG = 38;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(messageId).l(uid).s(emoji).b((byte) ((added ? 1 : 0) | (broadcast ? 2 : 0))).l(sender).l(tell);
  }

  static ReactionSet read(ActionCodec.Reader r) {
    long messageId = r.l();
    long uid = r.l();
    String emoji = r.s();
    byte flags = r.b();
    return new ReactionSet(messageId, uid, emoji, (flags & 1) != 0, r.l(), r.l(), (flags & 2) != 0);
  }

  /** Whether it is about a group's message: no one told by a feed row, not a broadcast. */
  public boolean inGroup() {
    return tell == 0 && !broadcast;
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(uid)) {
      ReactionsRow own = to.state().reactions().own(messageId, uid);
      if (own.has(emoji) != added) {
        put(to, Spaces.OWN_REACTIONS, ReactionKey.own(uid, messageId), own.plus(emoji, added ? 1 : -1));
      }
    }
    if (to.owns(sender)) {
      ReactionsRow counts = to.state().reactions().counts(messageId);
      put(to, Spaces.REACTIONS, ReactionKey.counts(messageId), counts.plus(emoji, added ? 1 : -1));
    }
    if (tell != 0 && to.owns(tell)) {
      to.event(tell, FeedRow.message(FeedRow.Type.REACTION, broadcast ? 0 : uid, messageId), null);
    }
  }

  private static void put(Applying to, io.letterbox.store.Space space, byte[] key, ReactionsRow row) {
    if (row.isEmpty()) {
      to.batch().delete(space, key);
    } else {
      to.batch().put(space, key, row.encode());
    }
  }
}
