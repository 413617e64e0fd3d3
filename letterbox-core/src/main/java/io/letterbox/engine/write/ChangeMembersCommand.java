package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.GroupMembersChanged;
import io.letterbox.engine.read.GroupState;
import io.letterbox.model.GroupRole;
import io.letterbox.rows.GroupRow;
import io.letterbox.rows.MemberRow;
import java.util.Arrays;

/**
 * Adds members, changes their role, hands the group over, or removes members (or lets one leave),
 * decided by the group's partition (decision 0011). The owner and admins add and remove members;
 * the owner alone gives or takes the admin role, removes admins and hands the group over; a
 * member may remove itself, except the owner, which hands the group over first. Its result is the
 * id of the change, 0 when nothing changed.
 */
public final class ChangeMembersCommand extends Command<Long> {
  private final long gid;
  private final long by;
  /** Null: remove. */
  private final GroupRole role;
  private final long[] uids;
  private final int maxMembers;

  /** @param uids sorted, distinct; one for {@link GroupRole#OWNER} */
  public ChangeMembersCommand(long gid, long by, GroupRole role, long[] uids, int maxMembers) {
    this.gid = gid;
    this.by = by;
    this.role = role;
    this.uids = uids;
    this.maxMembers = maxMembers;
  }

  @Override
  Decision<Long> decide(EngineContext context) {
    GroupState groups = context.state().groups();
    GroupRow header = GroupAdmin.header(groups, gid);
    long[] changed = role == null ? remove(groups, header) : add(groups, header);
    if (changed.length == 0) {
      return Decision.nothing(0L);
    }
    long id = context.ids().next();
    return Decision.of(id, new GroupMembersChanged(id, gid, by, role, header.lastSeq(), header.lastId(),
        header.newMembersSeeAll(), changed), id);
  }

  private long[] remove(GroupState groups, GroupRow header) {
    boolean leaving = uids.length == 1 && uids[0] == by;
    GroupRole mine = leaving ? GroupAdmin.member(groups, gid, by)
        : GroupAdmin.atLeast(groups, gid, by, GroupRole.ADMIN, "remove members");
    for (long uid : uids) {
      if (uid == header.owner()) {
        throw LetterboxException.invalid("user %d owns group %d: it hands the group over before it leaves", uid, gid);
      }
      MemberRow target = groups.member(gid, uid);
      if (target == null) {
        throw LetterboxException.notFound("user %d is not a member of group %d", uid, gid);
      }
      if (!leaving && target.role() == GroupRole.ADMIN && mine != GroupRole.OWNER) {
        throw new LetterboxException(ErrorCode.NOT_GROUP_ADMIN,
            String.format("only the owner of group %d may remove an admin (%d)", gid, uid));
      }
    }
    return uids;
  }

  private long[] add(GroupState groups, GroupRow header) {
    if (role == GroupRole.OWNER) {
      GroupAdmin.atLeast(groups, gid, by, GroupRole.OWNER, "hand it over");
      if (groups.member(gid, uids[0]) == null) {
        throw LetterboxException.notFound("user %d is not a member of group %d", uids[0], gid);
      }
      return uids[0] == by ? new long[0] : uids;
    }
    GroupRole mine = GroupAdmin.atLeast(groups, gid, by, GroupRole.ADMIN, "add members");
    long[] changed = new long[uids.length];
    int n = 0;
    int added = 0;
    for (long uid : uids) {
      MemberRow old = groups.member(gid, uid);
      if (old != null && old.role() == role) {
        continue;
      }
      if (old != null && old.role() == GroupRole.OWNER) {
        throw LetterboxException.invalid("user %d owns group %d: it hands the group over to change its role", uid, gid);
      }
      if ((role == GroupRole.ADMIN || (old != null && old.role() == GroupRole.ADMIN)) && mine != GroupRole.OWNER) {
        throw new LetterboxException(ErrorCode.NOT_GROUP_ADMIN,
            String.format("only the owner of group %d gives or takes the admin role", gid));
      }
      added += old == null ? 1 : 0;
      changed[n++] = uid;
    }
    if ((long) header.members() + added > maxMembers) {
      throw new LetterboxException(ErrorCode.GROUP_FULL, String.format(
          "group %d has %d members; %d more would pass max-group-members (%d)", gid, header.members(), added,
          maxMembers));
    }
    return Arrays.copyOf(changed, n);
  }
}
