package io.letterbox.engine.apply;

import io.letterbox.rows.FeedRow;

import io.letterbox.rows.ConversationRow;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.ReadPosition;

/**
 * The owner read the conversation on {@code device} up to message {@code upTo}: the device's
 * position, with the count of incoming messages it has read as its base, and the peer's read
 * receipt (its row's {@code peerReadUpTo}, in the peer's partition).
 */
public record ReadMarked(long owner, long peer, String device, long upTo) implements Action {
  static final byte TAG = 3;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(owner).l(peer).l(upTo).s(device);
  }

  static ReadMarked read(ActionCodec.Reader r) {
    long owner = r.l();
    long peer = r.l();
    long upTo = r.l();
    return new ReadMarked(owner, peer, r.s(), upTo);
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  @Override
  public void readAhead(java.util.function.BiConsumer<io.letterbox.store.Space, byte[]> want) {
    want.accept(Spaces.CONVERSATIONS, io.letterbox.keys.PairKey.of(peer, owner));
    want.accept(Spaces.CONVERSATIONS, io.letterbox.keys.PairKey.of(owner, peer));
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(owner)) {
      ConversationRow mine = to.state().conversations().conversationRow(owner, peer);
      long base = mine.incoming() - to.state().conversations().unreadAfter(owner, peer, upTo);
      ConversationRows.write(to, owner, peer, mine, mine.withPosition(device, new ReadPosition(upTo, base)));
      to.event(owner, new FeedRow(FeedRow.Type.READ, peer, 0, upTo, 0, device), null);
    }
    if (to.owns(peer)) {
      // A read receipt: the peer's row of a one-to-one conversation (a broadcaster has no row per receiver).
      ConversationRow theirs = to.state().conversations().conversationRow(peer, owner);
      if (theirs.lastId() > 0 && theirs.peerReadUpTo() < upTo) {
        ConversationRows.write(to, peer, owner, theirs, theirs.withPeerReadUpTo(upTo));
        to.event(peer, new FeedRow(FeedRow.Type.READ, owner, 0, upTo, FeedRow.BY_PEER, ""), null);
      }
    }
  }
}
