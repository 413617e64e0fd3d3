package io.letterbox.engine.apply;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RelationBlockKey;
import io.letterbox.keys.Spaces;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;

/**
 * Every uid of {@code uids} (sorted, distinct) follows {@code target}: a follower graph loaded at
 * once, block by block, the uids' own rows in uid order.
 */
public record FollowersAdded(long target, long[] uids) implements Action {
  static final byte TAG = 16;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(target).uids(uids);
  }

  static FollowersAdded read(ActionCodec.Reader r) {
    return new FollowersAdded(r.l(), r.uids());
  }

  @Override
  public void apply(Applying to) {
    for (Map.Entry<Long, RoaringBitmap> g : Blocks.group(uids).entrySet()) {
      BlockSets.modify(to, Spaces.RELATION_BLOCKS, RelationBlockKey.followers(target, g.getKey()), b -> b.or(g.getValue()));
    }
    for (long uid : uids) {
      to.batch().put(Spaces.FOLLOWING, PairKey.of(uid, target), Relations.EMPTY);
    }
  }
}
