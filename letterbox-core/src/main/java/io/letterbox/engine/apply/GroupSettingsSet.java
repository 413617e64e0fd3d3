package io.letterbox.engine.apply;

import io.letterbox.rows.MembershipRow;

/**
 * Member {@code uid} changed its settings of group {@code gid}'s conversation: pinned, muted,
 * archived (when the group's newest message was {@code lastId}: a newer one brings it back to the
 * default list unless it is muted). Its membership row, in its partition.
 */
public record GroupSettingsSet(long uid, long gid, boolean pinned, boolean muted, boolean archived, long lastId)
    implements Action {
  static final byte TAG = 28;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(uid).l(gid).i((pinned ? 1 : 0) | (muted ? 2 : 0) | (archived ? 4 : 0)).l(lastId);
  }

  static GroupSettingsSet read(ActionCodec.Reader r) {
    long uid = r.l();
    long gid = r.l();
    int flags = r.i();
    return new GroupSettingsSet(uid, gid, (flags & 1) != 0, (flags & 2) != 0, (flags & 4) != 0, r.l());
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(uid)) {
      MembershipRow row = to.state().groups().membership(uid, gid);
      if (row != null) {
        GroupMemberships.put(to, uid, gid, row.withSettings(pinned, muted, archived, lastId));
      }
    }
  }
}
