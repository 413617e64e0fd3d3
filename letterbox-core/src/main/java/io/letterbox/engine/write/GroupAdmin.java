package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.read.GroupState;
import io.letterbox.model.GroupRole;
import io.letterbox.rows.GroupRow;
import io.letterbox.rows.MemberRow;

/** The checks of a group's partition before it changes the group. */
final class GroupAdmin {
  private GroupAdmin() {}

  static GroupRow header(GroupState groups, long gid) {
    GroupRow header = groups.header(gid);
    if (header == null || header.gone()) {
      throw LetterboxException.notFound("no group %d", gid);
    }
    return header;
  }

  /** {@code uid}'s role in the group; NOT_MEMBER if it is none. */
  static GroupRole member(GroupState groups, long gid, long uid) {
    MemberRow row = groups.member(gid, uid);
    if (row == null) {
      throw new LetterboxException(ErrorCode.NOT_MEMBER, String.format("user %d is not a member of group %d", uid, gid));
    }
    return row.role();
  }

  /** {@code by}'s role, which must be at least {@code needed}: NOT_GROUP_ADMIN otherwise. */
  static GroupRole atLeast(GroupState groups, long gid, long by, GroupRole needed, String what) {
    GroupRole role = member(groups, gid, by);
    if (role.ordinal() < needed.ordinal()) {
      throw new LetterboxException(ErrorCode.NOT_GROUP_ADMIN, String.format(
          "only the %s of group %d may %s; user %d is %s", needed == GroupRole.OWNER ? "owner" : "owner and admins",
          gid, what, by, role.name().toLowerCase(java.util.Locale.ROOT)));
    }
    return role;
  }
}
