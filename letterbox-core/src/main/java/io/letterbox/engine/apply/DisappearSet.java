package io.letterbox.engine.apply;

import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.Bytes;

/**
 * Messages of a conversation sent from now on disappear {@code after} milliseconds after they are
 * sent (0: never), decision 0045. A one-to-one conversation's setting is both parties' ({@code
 * owner} set it, {@code peer} is told by a {@code conversation} event); a group's ({@code owner}
 * the group, {@code peer} 0) is kept by the group's partition.
 */
public record DisappearSet(long owner, long peer, long after) implements Action {
  static final byte TAG = 37;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(owner).l(peer).l(after);
  }

  static DisappearSet read(ActionCodec.Reader r) {
    return new DisappearSet(r.l(), r.l(), r.l());
  }

  @Override
  public boolean reachesOtherOwners() {
    return peer != 0;
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(owner)) {
      set(to, owner, peer);
    }
    if (peer != 0 && to.owns(peer)) {
      set(to, peer, owner);
    }
  }

  private void set(Applying to, long uid, long other) {
    byte[] key = PairKey.of(uid, other);
    if (after > 0) {
      to.batch().put(Spaces.DISAPPEAR_AFTER, key, Bytes.ofLong(after));
    } else {
      to.batch().delete(Spaces.DISAPPEAR_AFTER, key);
    }
    if (other != 0) {
      ConversationRows.changed(to, uid, other);
    }
  }
}
