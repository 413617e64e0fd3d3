package io.letterbox.engine.apply;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RelationBlockKey;
import io.letterbox.keys.Spaces;

/** {@code uid} follows {@code target}: in the target's follower blocks and the uid's own list. */
public record Followed(long uid, long target) implements Action {
  static final byte TAG = 8;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(uid).l(target);
  }

  static Followed read(ActionCodec.Reader r) {
    return new Followed(r.l(), r.l());
  }

  @Override
  public void apply(Applying to) {
    int low = Blocks.low(uid);
    BlockSets.modify(to, Spaces.RELATION_BLOCKS, RelationBlockKey.followers(target, Blocks.block(uid)), b -> b.add(low));
    to.batch().put(Spaces.FOLLOWING, PairKey.of(uid, target), Relations.EMPTY);
  }
}
