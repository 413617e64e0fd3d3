package io.letterbox.engine.apply;

import io.letterbox.id.Ids;
import io.letterbox.keys.GroupKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.GroupRole;
import io.letterbox.rows.GroupRow;
import io.letterbox.rows.MemberRow;

/**
 * {@code by} changed members {@code uids} (sorted, distinct) of group {@code gid}, decided by the
 * group's partition when the group's newest message was {@code atSeq}, {@code atId} (decision
 * 0011): {@code role} null removes them (or they left); a role adds those not yet members with it
 * and gives it to those who are; {@link GroupRole#OWNER} hands the group over to the one uid, its
 * former owner becoming an admin. Each member's partition writes its membership: a new member
 * sees the messages after {@code atSeq}, or all of them when the group shows new members
 * everything ({@code seeAll}); a removed one keeps those up to {@code atSeq}.
 */
public record GroupMembersChanged(long id, long gid, long by, GroupRole role, long atSeq, long atId, boolean seeAll,
    long[] uids) implements Action {
  static final byte TAG = 22;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(id).l(gid).l(by).b((byte) (role == null ? -1 : role.ordinal())).l(atSeq).l(atId).b((byte) (seeAll ? 1 : 0))
        .uids(uids);
  }

  static GroupMembersChanged read(ActionCodec.Reader r) {
    long id = r.l();
    long gid = r.l();
    long by = r.l();
    byte role = r.b();
    return new GroupMembersChanged(id, gid, by, role < 0 ? null : GroupRole.values()[role], r.l(), r.l(), r.b() == 1,
        r.uids());
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(gid)) {
      changeMembers(to);
    }
    for (long uid : uids) {
      if (to.owns(uid)) {
        if (role == null) {
          GroupMemberships.leave(to, uid, gid, atSeq, atId);
        } else {
          GroupMemberships.join(to, uid, gid, id, seeAll ? 1 : atSeq + 1, seeAll ? 0 : atId);
        }
      }
    }
  }

  /** The group's partition: its member rows and header. */
  private void changeMembers(Applying to) {
    var groups = to.state().groups();
    GroupRow header = groups.header(gid);
    int count = header.members();
    for (long uid : uids) {
      MemberRow old = groups.member(gid, uid);
      if (role == null) {
        if (old != null) {
          to.batch().delete(Spaces.GROUPS, GroupKey.member(gid, uid));
          count--;
        }
        continue;
      }
      if (old == null) {
        count++;
      }
      long joinedAt = old == null ? Ids.epochMillis(id) : old.joinedAt();
      to.batch().put(Spaces.GROUPS, GroupKey.member(gid, uid), new MemberRow(role, joinedAt).encode());
      if (role == GroupRole.OWNER && header.owner() != uid) {
        MemberRow former = groups.member(gid, header.owner());
        if (former != null) {
          to.batch().put(Spaces.GROUPS, GroupKey.member(gid, header.owner()),
              new MemberRow(GroupRole.ADMIN, former.joinedAt()).encode());
        }
        header = header.withOwner(uid);
      }
    }
    to.batch().put(Spaces.GROUPS, GroupKey.header(gid), header.withMembers(count).encode());
  }
}
