package io.letterbox.engine.apply;

import io.letterbox.keys.GroupKey;
import io.letterbox.keys.Spaces;

/** {@code by} renamed group {@code gid} to {@code name}: its header, in the group's partition. */
public record GroupRenamed(long gid, long by, String name) implements Action {
  static final byte TAG = 23;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(gid).l(by).s(name);
  }

  static GroupRenamed read(ActionCodec.Reader r) {
    return new GroupRenamed(r.l(), r.l(), r.s());
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(gid)) {
      var header = to.state().groups().header(gid);
      to.batch().put(Spaces.GROUPS, GroupKey.header(gid), header.withName(name).encode());
    }
  }
}
