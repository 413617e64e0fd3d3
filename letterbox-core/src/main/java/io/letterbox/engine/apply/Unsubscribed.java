package io.letterbox.engine.apply;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RelationBlockKey;
import io.letterbox.keys.Spaces;
import java.util.Map;

/** {@code uid} unsubscribed from {@code target}; what it received stays findable. */
public record Unsubscribed(long uid, long target) implements Action {
  static final byte TAG = 11;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(uid).l(target);
  }

  static Unsubscribed read(ActionCodec.Reader r) {
    return new Unsubscribed(r.l(), r.l());
  }

  @Override
  public void apply(Applying to) {
    long block = Blocks.block(uid);
    int low = Blocks.low(uid);
    BlockSets.modify(to, Spaces.RELATION_BLOCKS, RelationBlockKey.subscribers(target, block), b -> b.remove(low));
    for (Map.Entry<String, String> e : to.state().relations().subscription(uid, target).orElse(Map.of()).entrySet()) {
      BlockSets.modify(to, Spaces.RELATION_BLOCKS,
          RelationBlockKey.attribute(target, e.getKey(), e.getValue(), block), b -> b.remove(low));
    }
    to.batch().delete(Spaces.SUBSCRIPTIONS, PairKey.of(uid, target));
    Relations.keepReachedSender(to, uid, target);
  }
}
