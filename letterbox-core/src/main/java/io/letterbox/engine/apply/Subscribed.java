package io.letterbox.engine.apply;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RelationBlockKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.Attributes;
import java.util.Map;

/**
 * {@code uid} subscribes to {@code target} with string attributes, replacing earlier ones: in
 * the target's subscriber blocks, one block bitmap per (attribute, value), and the uid's own row.
 */
public record Subscribed(long uid, long target, Map<String, String> attributes) implements Action {
  static final byte TAG = 10;

  public Subscribed {
    attributes = Map.copyOf(attributes);
  }

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(uid).l(target).map(attributes);
  }

  static Subscribed read(ActionCodec.Reader r) {
    return new Subscribed(r.l(), r.l(), r.map());
  }

  @Override
  public void apply(Applying to) {
    long block = Blocks.block(uid);
    int low = Blocks.low(uid);
    Map<String, String> old = to.state().relations().subscription(uid, target).orElse(Map.of());
    BlockSets.modify(to, Spaces.RELATION_BLOCKS, RelationBlockKey.subscribers(target, block), b -> b.add(low));
    for (Map.Entry<String, String> e : old.entrySet()) {
      if (!e.getValue().equals(attributes.get(e.getKey()))) {
        BlockSets.modify(to, Spaces.RELATION_BLOCKS,
            RelationBlockKey.attribute(target, e.getKey(), e.getValue(), block), b -> b.remove(low));
      }
    }
    for (Map.Entry<String, String> e : attributes.entrySet()) {
      if (!e.getValue().equals(old.get(e.getKey()))) {
        BlockSets.modify(to, Spaces.RELATION_BLOCKS,
            RelationBlockKey.attribute(target, e.getKey(), e.getValue(), block), b -> b.add(low));
      }
    }
    to.batch().put(Spaces.SUBSCRIPTIONS, PairKey.of(uid, target), Attributes.encode(attributes));
  }
}
