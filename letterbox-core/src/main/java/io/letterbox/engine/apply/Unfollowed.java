package io.letterbox.engine.apply;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RelationBlockKey;
import io.letterbox.keys.Spaces;

/** {@code uid} stopped following {@code target}; what it received stays findable. */
public record Unfollowed(long uid, long target) implements Action {
  static final byte TAG = 9;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(uid).l(target);
  }

  static Unfollowed read(ActionCodec.Reader r) {
    return new Unfollowed(r.l(), r.l());
  }

  @Override
  public void apply(Applying to) {
    int low = Blocks.low(uid);
    BlockSets.modify(to, Spaces.RELATION_BLOCKS, RelationBlockKey.followers(target, Blocks.block(uid)), b -> b.remove(low));
    to.batch().delete(Spaces.FOLLOWING, PairKey.of(uid, target));
    Relations.keepReachedSender(to, uid, target);
  }
}
