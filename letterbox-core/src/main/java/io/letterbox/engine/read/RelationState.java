package io.letterbox.engine.read;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.SegmentKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.Attributes;
import io.letterbox.store.Bytes;
import io.letterbox.store.Space;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.roaringbitmap.RoaringBitmap;

/** Relations (follows, subscriptions) and segments, which broadcasts' audiences are made of. */
public final class RelationState {
  private final StoreReads store;

  RelationState(StoreReads store) {
    this.store = store;
  }

  // --- relations and segments ---

  /** @return the stored block bitmap at {@code key}, empty if none */
  public RoaringBitmap bitmap(Space space, byte[] key) {
    return Blocks.deserialize(store.get(space, key));
  }

  public boolean follows(long uid, long target) {
    return store.get(Spaces.FOLLOWING, PairKey.of(uid, target)) != null;
  }

  /** @return the attributes of uid's subscription to target, if it subscribes */
  public Optional<Map<String, String>> subscription(long uid, long target) {
    return Optional.ofNullable(Attributes.decode(store.get(Spaces.SUBSCRIPTIONS, PairKey.of(uid, target))));
  }

  /** @return the number of uids in the segment, if it exists */
  public Optional<Long> segmentSize(String name) {
    byte[] header = store.get(Spaces.SEGMENTS, SegmentKey.header(name));
    return header == null ? Optional.empty() : Optional.of(Bytes.getLong(header, 0));
  }

  /** @return the keys of the segment's block rows */
  public List<byte[]> segmentBlockKeys(String name) {
    List<byte[]> keys = new ArrayList<>();
    store.scan(Spaces.SEGMENTS, SegmentKey.blocks(name), false, (k, v) -> keys.add(k));
    return keys;
  }
}
