package io.letterbox.engine.apply;

import io.letterbox.rows.FeedRow;

import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Message;
import io.letterbox.rows.ConversationRow;
import io.letterbox.rows.RevisionRow;

/**
 * The sender of message {@code messageId} recalled it ({@code text} null) or edited its text to
 * {@code text}, at {@code at} (epoch milliseconds): one row in {@code revisions} however many
 * parties the message has (decision 0009), written by the sender's partition. A one-to-one
 * message's parties ({@code peer}, its receiver; 0 for a broadcast) also get their conversation
 * row's copy of it revised where it is their last message, each by its own partition. A recall
 * stays recalled.
 */
public record MessageRevised(long messageId, long sender, long peer, String text, long at) implements Action {
  public static final byte TAG = 20;

  public boolean recall() {
    return text == null;
  }

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(messageId).l(sender).l(peer).s(text).l(at);
  }

  static MessageRevised read(ActionCodec.Reader r) {
    return new MessageRevised(r.l(), r.l(), r.l(), r.s(), r.l());
  }

  @Override
  public boolean reachesOtherOwners() {
    return peer != 0;
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(sender)) {
      write(to, messageId, text, at);
      if (peer != 0) {
        reviseCopy(to, sender, peer);
      }
      to.event(sender, event(peer), null);
    }
    if (peer != 0 && to.owns(peer)) {
      reviseCopy(to, peer, sender);
      to.event(peer, event(sender), null);
    }
  }

  /**
   * Writes message {@code messageId}'s revision row: recalled at {@code at} ({@code text} null) or
   * edited to {@code text} by the action applied (whose log id the row keeps, so that a removal
   * finds the edits' entries). Only the sender's partition writes a message's revisions.
   */
  static void write(Applying to, long messageId, String text, long at) {
    RevisionRow old = to.state().revision(messageId);
    if (old == null) {
      old = new RevisionRow(0, 0, null);
    }
    RevisionRow row = text == null
        ? new RevisionRow(old.recalled() ? old.recalledAt() : at, old.editedAt(), old.text(), old.removedAt(), old.edits())
        : old.withEdit(to.id(), text, at);
    to.batch().put(Spaces.REVISIONS, LogKey.of(messageId), row.encode());
  }

  /** The feed event of a party whose other party is {@code other} (0: the receivers of a broadcast). */
  private FeedRow event(long other) {
    return FeedRow.message(recall() ? FeedRow.Type.RECALLED : FeedRow.Type.EDITED, other, messageId);
  }

  /** The owner's conversation row shows the message as it is now, if it is the last one. */
  private void reviseCopy(Applying to, long owner, long other) {
    reviseCopy(to, owner, other, messageId);
  }

  /** The owner's conversation row shows message {@code messageId} as it is now, if it is the last one. */
  static void reviseCopy(Applying to, long owner, long other, long messageId) {
    ConversationRow row = to.state().conversations().conversationRow(owner, other);
    if (row.lastId() != messageId) {
      return;
    }
    // Read through the pending batch: the revision row is there (the sender's partition wrote it
    // in this batch, or its batch was durable before this delivery).
    Message now = to.state().message(messageId);
    if (now != null) {
      ConversationRows.write(to, owner, other, row, row.withLast(now));
    }
  }
}
