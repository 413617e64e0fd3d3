package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.GroupLeft;
import io.letterbox.engine.apply.GroupMembersChanged;
import io.letterbox.engine.read.GroupState;
import io.letterbox.model.GroupRefusal;
import io.letterbox.model.GroupRole;
import io.letterbox.rows.GroupRow;
import io.letterbox.rows.MemberRow;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * Adds members, changes their role, hands the group over, or removes members (or lets one leave),
 * decided by the group's partition (decision 0011). The owner and admins add and remove members;
 * the owner alone gives or takes the admin role, removes admins and hands the group over. Users
 * that do not consent to being added by {@code by} are not added (decision 0023). Any member may
 * leave: the owner's leaving passes the group to its longest-standing admin, else member, and the
 * last member's leaving ends the group.
 */
public final class ChangeMembersCommand extends Command<ChangeMembersCommand.Outcome> {
  /** Members scanned at once when the owner's successor is looked for. */
  private static final int SCAN = 1_000;

  /**
   * @param id the id of the change, 0 when nothing changed
   * @param refused the users not added for want of their consent, in uid order
   */
  public record Outcome(long id, List<GroupRefusal> refused) {}

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
  Decision<Outcome> decide(EngineContext context) {
    GroupState groups = context.state().groups();
    GroupRow header = GroupAdmin.header(groups, gid);
    if (role == null && uids.length == 1 && uids[0] == by) {
      return leave(context, groups, header);
    }
    List<GroupRefusal> refused = List.of();
    long[] changed;
    if (role == null) {
      changed = remove(groups, header);
    } else if (role == GroupRole.OWNER) {
      changed = handOver(groups);
    } else {
      Consent.Outcome added = add(context, groups, header);
      refused = added.refused();
      changed = added.admitted();
    }
    if (changed.length == 0) {
      return Decision.nothing(new Outcome(0, refused));
    }
    long id = context.ids().next();
    return Decision.of(id, new GroupMembersChanged(id, gid, by, role, header.lastSeq(), header.lastId(),
        header.newMembersSeeAll(), changed), new Outcome(id, refused));
  }

  /** {@code by} leaves; the group's owner names its successor in the action, and the last member ends the group. */
  private Decision<Outcome> leave(EngineContext context, GroupState groups, GroupRow header) {
    GroupAdmin.member(groups, gid, by);
    long successor = header.owner() == by ? successor(groups) : 0;
    long id = context.ids().next();
    return Decision.of(id, new GroupLeft(id, gid, by, successor, header.lastSeq(), header.lastId()),
        new Outcome(id, List.of()));
  }

  /** The member who has been an admin longest, else the member who has been one longest; 0 for none. */
  private long successor(GroupState groups) {
    long best = 0;
    MemberRow bestRow = null;
    long after = 0;
    Map<Long, MemberRow> page;
    do {
      page = groups.members(gid, after, SCAN);
      for (Map.Entry<Long, MemberRow> e : page.entrySet()) {
        after = e.getKey();
        MemberRow row = e.getValue();
        if (after != by && (bestRow == null || outranks(row, bestRow))) {
          best = after;
          bestRow = row;
        }
      }
    } while (page.size() == SCAN);
    return best;
  }

  /** Admins before members, then the earlier join (uid order, the scan's, breaks a tie). */
  private static boolean outranks(MemberRow row, MemberRow than) {
    boolean admin = row.role() == GroupRole.ADMIN;
    boolean thanAdmin = than.role() == GroupRole.ADMIN;
    return admin != thanAdmin ? admin : row.joinedAt() < than.joinedAt();
  }

  private long[] remove(GroupState groups, GroupRow header) {
    GroupRole mine = GroupAdmin.atLeast(groups, gid, by, GroupRole.ADMIN, "remove members");
    for (long uid : uids) {
      if (uid == header.owner()) {
        throw LetterboxException.invalid("user %d owns group %d: only it may leave it", uid, gid);
      }
      MemberRow target = groups.member(gid, uid);
      if (target == null) {
        throw LetterboxException.notFound("user %d is not a member of group %d", uid, gid);
      }
      if (target.role() == GroupRole.ADMIN && mine != GroupRole.OWNER) {
        throw new LetterboxException(ErrorCode.NOT_GROUP_ADMIN,
            String.format("only the owner of group %d may remove an admin (%d)", gid, uid));
      }
    }
    return uids;
  }

  private long[] handOver(GroupState groups) {
    GroupAdmin.atLeast(groups, gid, by, GroupRole.OWNER, "hand it over");
    if (groups.member(gid, uids[0]) == null) {
      throw LetterboxException.notFound("user %d is not a member of group %d", uids[0], gid);
    }
    return uids[0] == by ? new long[0] : uids;
  }

  /** The members whose role changes and the newcomers that consent, in uid order; the refused newcomers. */
  private Consent.Outcome add(EngineContext context, GroupState groups, GroupRow header) {
    GroupRole mine = GroupAdmin.atLeast(groups, gid, by, GroupRole.ADMIN, "add members");
    long[] members = new long[uids.length];
    long[] newcomers = new long[uids.length];
    int m = 0;
    int n = 0;
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
      if (old == null) {
        newcomers[n++] = uid;
      } else {
        members[m++] = uid;
      }
    }
    // by is a member (an admin at least): never a newcomer.
    Consent.Outcome consent = Consent.of(context, by, Arrays.copyOf(newcomers, n));
    int added = consent.admitted().length;
    if ((long) header.members() + added > maxMembers) {
      throw new LetterboxException(ErrorCode.GROUP_FULL, String.format(
          "group %d has %d members; %d more would pass max-group-members (%d)", gid, header.members(), added,
          maxMembers));
    }
    long[] changed = LongStream.concat(Arrays.stream(members, 0, m), Arrays.stream(consent.admitted())).sorted().toArray();
    return new Consent.Outcome(changed, consent.refused());
  }
}
