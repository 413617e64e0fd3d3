package io.letterbox.engine.apply;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.SegmentKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.Bytes;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;

/** Segment {@code name} also holds {@code uids} (sorted, distinct); it is created if new. */
public record SegmentExtended(String name, long[] uids) implements Action {
  static final byte TAG = 13;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.s(name).uids(uids);
  }

  static SegmentExtended read(ActionCodec.Reader r) {
    return new SegmentExtended(r.s(), r.uids());
  }

  @Override
  public void apply(Applying to) {
    long size = to.state().relations().segmentSize(name).orElse(0L);
    for (Map.Entry<Long, RoaringBitmap> g : Blocks.group(uids).entrySet()) {
      size += BlockSets.modify(to, Spaces.SEGMENTS, SegmentKey.block(name, g.getKey()), b -> b.or(g.getValue()));
    }
    to.batch().put(Spaces.SEGMENTS, SegmentKey.header(name), Bytes.ofLong(size));
  }
}
