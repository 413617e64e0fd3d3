package io.letterbox.engine.apply;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.SegmentKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.Bytes;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;

/** Segment {@code name} now holds exactly {@code uids} (sorted, distinct): its blocks and its size. */
public record SegmentReplaced(String name, long[] uids) implements Action {
  static final byte TAG = 12;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.s(name).uids(uids);
  }

  static SegmentReplaced read(ActionCodec.Reader r) {
    return new SegmentReplaced(r.s(), r.uids());
  }

  @Override
  public void apply(Applying to) {
    for (byte[] key : to.state().relations().segmentBlockKeys(name)) {
      to.batch().delete(Spaces.SEGMENTS, key);
    }
    for (Map.Entry<Long, RoaringBitmap> e : Blocks.group(uids).entrySet()) {
      to.batch().put(Spaces.SEGMENTS, SegmentKey.block(name, e.getKey()), Blocks.serialize(e.getValue()));
    }
    to.batch().put(Spaces.SEGMENTS, SegmentKey.header(name), Bytes.ofLong(uids.length));
  }
}
