package io.letterbox.engine.apply;

import io.letterbox.keys.GroupKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.GroupRole;
import io.letterbox.rows.GroupRow;
import io.letterbox.rows.MemberRow;

/**
 * Member {@code uid} left group {@code gid}, decided by the group's partition when the group's
 * newest message was {@code atSeq}, {@code atId} (decision 0023). When it owned the group,
 * {@code successor} (decided then: the longest-standing admin, else member) owns it from now on;
 * 0 when ownership does not move. When it was the last member, the group is gone: its header
 * stays, with no members and no owner, so that former members keep what they saw. The member's
 * partition writes its membership, as for a removal.
 */
public record GroupLeft(long id, long gid, long uid, long successor, long atSeq, long atId) implements Action {
  static final byte TAG = 30;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(id).l(gid).l(uid).l(successor).l(atSeq).l(atId);
  }

  static GroupLeft read(ActionCodec.Reader r) {
    return new GroupLeft(r.l(), r.l(), r.l(), r.l(), r.l(), r.l());
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(gid)) {
      var groups = to.state().groups();
      GroupRow header = groups.header(gid);
      to.batch().delete(Spaces.GROUPS, GroupKey.member(gid, uid));
      int count = header.members() - 1;
      if (successor != 0) {
        MemberRow next = groups.member(gid, successor);
        to.batch().put(Spaces.GROUPS, GroupKey.member(gid, successor),
            new MemberRow(GroupRole.OWNER, next.joinedAt()).encode());
        header = header.withOwner(successor);
      } else if (count == 0) {
        header = header.withOwner(0);
      }
      to.batch().put(Spaces.GROUPS, GroupKey.header(gid), header.withMembers(count).encode());
    }
    if (to.owns(uid)) {
      GroupMemberships.leave(to, uid, gid, atSeq, atId);
    }
  }
}
