package io.letterbox.engine.apply;

import io.letterbox.keys.DraftKey;
import io.letterbox.keys.Spaces;
import java.nio.charset.StandardCharsets;

/**
 * {@code owner} saved {@code text} as its draft of its conversation with {@code peer}, or (peer 0)
 * of group {@code group}'s conversation (decision 0050); empty text clears it. The owner's devices
 * are told by a {@code conversation} event.
 */
public record DraftSet(long owner, long peer, String text, long group) implements Action {
  static final byte TAG = 43;

  /** A draft of the one-to-one conversation with {@code peer}. */
  public DraftSet(long owner, long peer, String text) {
    this(owner, peer, text, 0);
  }

  /** A draft of group {@code gid}'s conversation. */
  public static DraftSet group(long owner, long gid, String text) {
    return new DraftSet(owner, 0, text, gid);
  }

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(owner).l(peer).s(text);
    if (group != 0) {
      // Written only for a group: a one-to-one draft's entry is as it always was.
      w.l(group);
    }
  }

  static DraftSet read(ActionCodec.Reader r) {
    return new DraftSet(r.l(), r.l(), r.s(), r.more() ? r.l() : 0);
  }

  @Override
  public void apply(Applying to) {
    if (!to.owns(owner)) {
      return;
    }
    byte[] key = group != 0 ? DraftKey.group(owner, group) : DraftKey.peer(owner, peer);
    if (text.isEmpty()) {
      to.batch().delete(Spaces.DRAFTS, key);
    } else {
      to.batch().put(Spaces.DRAFTS, key, text.getBytes(StandardCharsets.UTF_8));
    }
    if (group != 0) {
      ConversationRows.groupChanged(to, owner, group);
    } else {
      ConversationRows.changed(to, owner, peer);
    }
  }
}
