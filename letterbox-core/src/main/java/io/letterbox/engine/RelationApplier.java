package io.letterbox.engine;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.AudienceKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RelationBlockKey;
import io.letterbox.keys.SegmentKey;
import io.letterbox.keys.Spaces;
import io.letterbox.log.Action;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.WriteBatch;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;

/**
 * Derives relation and segment indexes: the target's block bitmaps (what audiences are built
 * from) and the user's own relation row (how a receiver finds the senders it follows).
 */
final class RelationApplier {
  private static final byte[] EMPTY = new byte[0];

  private final KeyValueStore store;

  RelationApplier(KeyValueStore store) {
    this.store = store;
  }

  void followed(Action.Followed f, WriteBatch batch) {
    int low = Blocks.low(f.uid());
    BlockSets.modify(store, batch, Spaces.RELATION_BLOCKS,
        RelationBlockKey.followers(f.target(), Blocks.block(f.uid())), b -> b.add(low));
    batch.put(Spaces.FOLLOWING, PairKey.of(f.uid(), f.target()), EMPTY);
  }

  /** A whole follower set at once (onboarding a graph): block by block, rows in uid order. */
  void followersAdded(Action.FollowersAdded f, WriteBatch batch) {
    for (Map.Entry<Long, RoaringBitmap> g : Blocks.group(f.uids()).entrySet()) {
      BlockSets.modify(store, batch, Spaces.RELATION_BLOCKS, RelationBlockKey.followers(f.target(), g.getKey()),
          b -> b.or(g.getValue()));
    }
    for (long uid : f.uids()) {
      batch.put(Spaces.FOLLOWING, PairKey.of(uid, f.target()), EMPTY);
    }
  }

  void unfollowed(Action.Unfollowed f, WriteBatch batch) {
    int low = Blocks.low(f.uid());
    BlockSets.modify(store, batch, Spaces.RELATION_BLOCKS,
        RelationBlockKey.followers(f.target(), Blocks.block(f.uid())), b -> b.remove(low));
    batch.delete(Spaces.FOLLOWING, PairKey.of(f.uid(), f.target()));
    keepReachedSender(f.uid(), f.target(), batch);
  }

  void subscribed(Action.Subscribed s, WriteBatch batch) {
    long block = Blocks.block(s.uid());
    int low = Blocks.low(s.uid());
    Map<String, String> old = subscription(s.uid(), s.target());
    BlockSets.modify(store, batch, Spaces.RELATION_BLOCKS, RelationBlockKey.subscribers(s.target(), block), b -> b.add(low));
    for (Map.Entry<String, String> e : old.entrySet()) {
      if (!e.getValue().equals(s.attributes().get(e.getKey()))) {
        BlockSets.modify(store, batch, Spaces.RELATION_BLOCKS,
            RelationBlockKey.attribute(s.target(), e.getKey(), e.getValue(), block), b -> b.remove(low));
      }
    }
    for (Map.Entry<String, String> e : s.attributes().entrySet()) {
      if (!e.getValue().equals(old.get(e.getKey()))) {
        BlockSets.modify(store, batch, Spaces.RELATION_BLOCKS,
            RelationBlockKey.attribute(s.target(), e.getKey(), e.getValue(), block), b -> b.add(low));
      }
    }
    batch.put(Spaces.SUBSCRIPTIONS, PairKey.of(s.uid(), s.target()), Attributes.encode(s.attributes()));
  }

  void unsubscribed(Action.Unsubscribed s, WriteBatch batch) {
    long block = Blocks.block(s.uid());
    int low = Blocks.low(s.uid());
    BlockSets.modify(store, batch, Spaces.RELATION_BLOCKS, RelationBlockKey.subscribers(s.target(), block), b -> b.remove(low));
    for (Map.Entry<String, String> e : subscription(s.uid(), s.target()).entrySet()) {
      BlockSets.modify(store, batch, Spaces.RELATION_BLOCKS,
          RelationBlockKey.attribute(s.target(), e.getKey(), e.getValue(), block), b -> b.remove(low));
    }
    batch.delete(Spaces.SUBSCRIPTIONS, PairKey.of(s.uid(), s.target()));
    keepReachedSender(s.uid(), s.target(), batch);
  }

  void segmentReplaced(Action.SegmentReplaced r, WriteBatch batch) {
    store.scan(Spaces.SEGMENTS, SegmentKey.blocks(r.name()), false, (k, v) -> {
      batch.delete(Spaces.SEGMENTS, k);
      return true;
    });
    for (Map.Entry<Long, RoaringBitmap> e : Blocks.group(r.uids()).entrySet()) {
      batch.put(Spaces.SEGMENTS, SegmentKey.block(r.name(), e.getKey()), Blocks.serialize(e.getValue()));
    }
    batch.put(Spaces.SEGMENTS, SegmentKey.header(r.name()), Bytes.ofLong(r.uids().length));
  }

  void segmentExtended(Action.SegmentExtended e, WriteBatch batch) {
    byte[] header = store.get(Spaces.SEGMENTS, SegmentKey.header(e.name()));
    long size = header == null ? 0 : Bytes.getLong(header, 0);
    for (Map.Entry<Long, RoaringBitmap> g : Blocks.group(e.uids()).entrySet()) {
      size += BlockSets.modify(store, batch, Spaces.SEGMENTS, SegmentKey.block(e.name(), g.getKey()),
          b -> b.or(g.getValue()));
    }
    batch.put(Spaces.SEGMENTS, SegmentKey.header(e.name()), Bytes.ofLong(size));
  }

  /**
   * What a user received never changes when relations change: if {@code sender} ever reached
   * {@code uid}, the receiver keeps finding it through a reached record.
   */
  private void keepReachedSender(long uid, long sender, WriteBatch batch) {
    long block = Blocks.block(uid);
    boolean[] reached = {false};
    store.scan(Spaces.AUDIENCE, AudienceKey.range(sender, block, 0, Long.MAX_VALUE), true, (k, v) -> {
      reached[0] = Blocks.contains(v, uid);
      return !reached[0];
    });
    if (reached[0]) {
      batch.put(Spaces.REACHED, PairKey.of(uid, sender), EMPTY);
    }
  }

  private Map<String, String> subscription(long uid, long target) {
    Map<String, String> a = Attributes.decode(store.get(Spaces.SUBSCRIPTIONS, PairKey.of(uid, target)));
    return a == null ? Map.of() : a;
  }
}
