package io.letterbox.engine.apply;

import io.letterbox.keys.PinKey;
import io.letterbox.keys.Spaces;

/**
 * The owner or an admin {@code by} pinned ({@code pinned}) or unpinned message {@code messageId}
 * of group {@code gid} (decision 0050): the group's pins, in the group's partition.
 *
 * @param version the version of the message's pin it sets ({@link io.letterbox.rows.PinRow})
 */
public record GroupPinSet(long gid, long by, long messageId, boolean pinned, long version) implements Action {
  static final byte TAG = 42;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(gid).l(by).l(messageId).b((byte) (pinned ? 1 : 0)).l(version);
  }

  static GroupPinSet read(ActionCodec.Reader r) {
    return new GroupPinSet(r.l(), r.l(), r.l(), r.b() != 0, r.l());
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(gid)) {
      PinRows.set(to, Spaces.GROUP_PINS, PinKey.group(gid, messageId), to.state().pins().groupRow(gid, messageId),
          version, pinned);
    }
  }
}
