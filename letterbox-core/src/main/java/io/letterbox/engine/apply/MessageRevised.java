package io.letterbox.engine.apply;

import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.RevisionRow;

/**
 * The sender of message {@code messageId} recalled it ({@code text} null) or edited its text to
 * {@code text}, at {@code at} (epoch milliseconds): one row in {@code revisions} however many
 * parties the message has (decision 0009). A recall stays recalled.
 */
public record MessageRevised(long messageId, long sender, String text, long at) implements Action {
  static final byte TAG = 20;

  public boolean recall() {
    return text == null;
  }

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(messageId).l(sender).s(text).l(at);
  }

  static MessageRevised read(ActionCodec.Reader r) {
    return new MessageRevised(r.l(), r.l(), r.s(), r.l());
  }

  @Override
  public void apply(Applying to) {
    if (!to.owns(sender)) {
      return;
    }
    RevisionRow old = to.state().revision(messageId);
    RevisionRow row = recall()
        ? new RevisionRow(true, old == null ? 0 : old.editedAt(), old == null ? null : old.text())
        : new RevisionRow(old != null && old.recalled(), at, text);
    to.batch().put(Spaces.REVISIONS, LogKey.of(messageId), row.encode());
  }
}
