package io.letterbox.engine.apply;

import io.letterbox.rows.MembershipRow;

/**
 * Member {@code uid} read group {@code gid} on {@code device} up to message {@code upTo}, the
 * group's {@code seq}-th: the device's position in its membership, in the member's partition.
 */
public record GroupReadMarked(long uid, long gid, String device, long seq, long upTo) implements Action {
  static final byte TAG = 25;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(uid).l(gid).l(seq).l(upTo).s(device);
  }

  static GroupReadMarked read(ActionCodec.Reader r) {
    long uid = r.l();
    long gid = r.l();
    long seq = r.l();
    long upTo = r.l();
    return new GroupReadMarked(uid, gid, r.s(), seq, upTo);
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(uid)) {
      MembershipRow row = to.state().groups().membership(uid, gid);
      if (row != null) {
        MembershipRow moved = row.withPosition(device, new MembershipRow.Position(seq, upTo))
            .pruned(to.config().devices());
        if (moved != row) {
          GroupMemberships.put(to, uid, gid, moved);
        }
      }
    }
  }
}
