package io.letterbox.engine.fanout;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.RelationBlockKey;
import io.letterbox.keys.SegmentKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Audience;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;

/**
 * Turns an audience into uid blocks from the stored relations and segments, as they are now:
 * bitmap algebra over blocks, never a scan of users. The sender never receives its own broadcast.
 */
public final class AudienceResolver {
  private final StoreReads store;

  public AudienceResolver(StoreReads store) {
    this.store = store;
  }

  /**
   * The stored blocks of an audience that is one stored set (followers, all subscribers, a
   * segment), as their serialized bytes; null for audiences that need bitmap algebra.
   */
  public TreeMap<Long, byte[]> stored(Audience audience, long sender) {
    KeyRange range;
    io.letterbox.store.Space space = Spaces.RELATION_BLOCKS;
    if (audience instanceof Audience.Followers) {
      range = RelationBlockKey.allFollowers(sender);
    } else if (audience instanceof Audience.Subscribers s && s.where().isEmpty()) {
      range = RelationBlockKey.allSubscribers(sender);
    } else if (audience instanceof Audience.Segment seg) {
      space = Spaces.SEGMENTS;
      range = SegmentKey.blocks(seg.name());
    } else {
      return null;
    }
    TreeMap<Long, byte[]> out = new TreeMap<>();
    store.scan(space, range, false, (k, v) -> {
      out.put(Bytes.getLong(k, k.length - 8), v);
      return true;
    });
    return out;
  }

  public TreeMap<Long, RoaringBitmap> resolve(long sender, Audience audience) {
    TreeMap<Long, RoaringBitmap> blocks;
    if (audience instanceof Audience.Followers) {
      blocks = read(Spaces.RELATION_BLOCKS, RelationBlockKey.allFollowers(sender));
    } else if (audience instanceof Audience.Subscribers s && s.where().isEmpty()) {
      blocks = read(Spaces.RELATION_BLOCKS, RelationBlockKey.allSubscribers(sender));
    } else if (audience instanceof Audience.Subscribers s) {
      blocks = matching(sender, s.where());
    } else if (audience instanceof Audience.Uids u) {
      blocks = Blocks.group(u.uids());
    } else if (audience instanceof Audience.Segment seg) {
      blocks = read(Spaces.SEGMENTS, SegmentKey.blocks(seg.name()));
    } else {
      throw new IllegalArgumentException("unknown audience " + audience);
    }
    RoaringBitmap own = blocks.get(Blocks.block(sender));
    if (own != null) {
      own.remove(Blocks.low(sender));
    }
    blocks.values().removeIf(RoaringBitmap::isEmpty);
    return blocks;
  }

  /** Subscribers having every attribute pair: the AND of one bitmap per pair, block by block. */
  private TreeMap<Long, RoaringBitmap> matching(long sender, Map<String, String> where) {
    List<Map.Entry<String, String>> pairs = new ArrayList<>(new TreeMap<>(where).entrySet());
    Iterator<Map.Entry<String, String>> it = pairs.iterator();
    Map.Entry<String, String> first = it.next();
    TreeMap<Long, RoaringBitmap> out =
        read(Spaces.RELATION_BLOCKS, RelationBlockKey.allWithAttribute(sender, first.getKey(), first.getValue()));
    while (it.hasNext() && !out.isEmpty()) {
      Map.Entry<String, String> pair = it.next();
      TreeMap<Long, RoaringBitmap> other =
          read(Spaces.RELATION_BLOCKS, RelationBlockKey.allWithAttribute(sender, pair.getKey(), pair.getValue()));
      out.entrySet().removeIf(e -> {
        RoaringBitmap o = other.get(e.getKey());
        if (o == null) {
          return true;
        }
        e.getValue().and(o);
        return e.getValue().isEmpty();
      });
    }
    return out;
  }

  /** Reads block bitmaps; every block key ends with its block number. */
  private TreeMap<Long, RoaringBitmap> read(io.letterbox.store.Space space, KeyRange range) {
    TreeMap<Long, RoaringBitmap> out = new TreeMap<>();
    store.scan(space, range, false, (k, v) -> {
      out.put(Bytes.getLong(k, k.length - 8), Blocks.deserialize(v));
      return true;
    });
    return out;
  }
}
