package io.letterbox.engine.apply;

import io.letterbox.id.Ids;
import io.letterbox.keys.GroupKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.GroupRole;
import io.letterbox.rows.GroupRow;
import io.letterbox.rows.MemberRow;

/**
 * Group {@code gid} was created by {@code by}, its owner, with {@code members} (sorted, distinct,
 * {@code by} among them), logged at {@code gid} by the creator's partition (decision 0011). The
 * group's partition writes its header and member rows; each member's partition its membership.
 */
public record GroupCreated(long gid, long by, String name, boolean newMembersSeeAll, long[] members) implements Action {
  static final byte TAG = 21;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(gid).l(by).s(name).b((byte) (newMembersSeeAll ? 1 : 0)).uids(members);
  }

  static GroupCreated read(ActionCodec.Reader r) {
    return new GroupCreated(r.l(), r.l(), r.s(), r.b() == 1, r.uids());
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  @Override
  public void apply(Applying to) {
    long at = Ids.epochMillis(gid);
    if (to.owns(gid)) {
      to.batch().put(Spaces.GROUPS, GroupKey.header(gid),
          new GroupRow(name, by, newMembersSeeAll, 0, 0, members.length).encode());
      for (long uid : members) {
        to.batch().put(Spaces.GROUPS, GroupKey.member(gid, uid),
            new MemberRow(uid == by ? GroupRole.OWNER : GroupRole.MEMBER, at).encode());
      }
    }
    for (long uid : members) {
      if (to.owns(uid)) {
        GroupMemberships.join(to, uid, gid, gid, 1, 0);
      }
    }
  }
}
