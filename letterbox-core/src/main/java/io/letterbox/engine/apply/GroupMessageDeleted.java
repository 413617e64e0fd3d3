package io.letterbox.engine.apply;

import io.letterbox.keys.MembershipKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.MembershipRow;

/**
 * Member {@code uid} deleted message {@code id} of group {@code gid} from its own view (decision
 * 0011): a tombstone in its partition, and its membership row leaves the message out of its unread
 * counts if a device had not read it. The group and the other members keep it.
 */
public record GroupMessageDeleted(long uid, long gid, long id) implements Action {
  static final byte TAG = 26;
  private static final byte[] EMPTY = new byte[0];

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(uid).l(gid).l(id);
  }

  static GroupMessageDeleted read(ActionCodec.Reader r) {
    return new GroupMessageDeleted(r.l(), r.l(), r.l());
  }

  @Override
  public void apply(Applying to) {
    if (!to.owns(uid)) {
      return;
    }
    MembershipRow row = to.state().groups().membership(uid, gid);
    if (row == null) {
      return;
    }
    boolean unread = false;
    for (String device : to.config().devices()) {
      unread |= row.position(device).id() < id;
    }
    to.batch().put(Spaces.GROUP_HIDDEN, MembershipKey.hidden(uid, gid, id), EMPTY);
    GroupMemberships.put(to, uid, gid, row.withHidden(id, unread));
  }
}
