package io.letterbox.engine.apply;

import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import java.nio.charset.StandardCharsets;

/**
 * {@code owner} saved {@code text} as its draft of its conversation with {@code peer} (decision
 * 0050); empty text clears it. The owner's devices are told by a {@code conversation} event.
 */
public record DraftSet(long owner, long peer, String text) implements Action {
  static final byte TAG = 43;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(owner).l(peer).s(text);
  }

  static DraftSet read(ActionCodec.Reader r) {
    return new DraftSet(r.l(), r.l(), r.s());
  }

  @Override
  public void apply(Applying to) {
    if (!to.owns(owner)) {
      return;
    }
    byte[] key = PairKey.of(owner, peer);
    if (text.isEmpty()) {
      to.batch().delete(Spaces.DRAFTS, key);
    } else {
      to.batch().put(Spaces.DRAFTS, key, text.getBytes(StandardCharsets.UTF_8));
    }
    ConversationRows.changed(to, owner, peer);
  }
}
