package io.letterbox.engine.apply;

import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.ConversationRow;

/**
 * A device of {@code receiver} received the messages {@code sender} sent it up to {@code upTo},
 * through a stream, socket or sync (decision 0051): the sender's delivery receipt, its row's
 * {@code peerDeliveredUpTo} (as a read receipt is its {@code peerReadUpTo}), kept by the sender's
 * partition and only ever moved forward. Logged by the receiver's partition, where its
 * streams are, coalesced: one per receiver and sender per second at most.
 */
public record DeliveryMarked(long receiver, long sender, long upTo) implements Action {
  static final byte TAG = 44;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(receiver).l(sender).l(upTo);
  }

  static DeliveryMarked read(ActionCodec.Reader r) {
    return new DeliveryMarked(r.l(), r.l(), r.l());
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  @Override
  public void readAhead(java.util.function.BiConsumer<io.letterbox.store.Space, byte[]> want) {
    want.accept(Spaces.CONVERSATIONS, PairKey.of(sender, receiver));
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(sender)) {
      // The sender's row of a one-to-one conversation (a broadcaster has no row per receiver).
      ConversationRow row = to.state().conversations().conversationRow(sender, receiver);
      if (row.lastId() > 0 && row.peerDeliveredUpTo() < upTo) {
        ConversationRows.write(to, sender, receiver, row, row.withPeerDeliveredUpTo(upTo));
      }
    }
  }
}
