package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.GroupSettingsSet;
import io.letterbox.rows.GroupRow;
import io.letterbox.rows.MembershipRow;

/**
 * Changes a member's settings of a group's conversation, decided by the member's partition; a
 * setting left null keeps its value. Setting what is already set changes nothing.
 */
public final class GroupSettingsCommand extends Command<Void> {
  private final long uid;
  private final long gid;
  private final Boolean pinned;
  private final Boolean muted;
  private final Boolean archived;

  public GroupSettingsCommand(long uid, long gid, Boolean pinned, Boolean muted, Boolean archived) {
    this.uid = uid;
    this.gid = gid;
    this.pinned = pinned;
    this.muted = muted;
    this.archived = archived;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    var groups = context.state().groups();
    MembershipRow row = groups.membership(uid, gid);
    // The group's newest message now: committed rows of the group's partition only grow.
    GroupRow header = groups.header(gid);
    if (header == null) {
      throw LetterboxException.notFound("no group %d", gid);
    }
    if (row == null) {
      throw new LetterboxException(ErrorCode.NOT_MEMBER, String.format("user %d is not a member of group %d", uid, gid));
    }
    boolean wasArchived = (row.settings() & MembershipRow.ARCHIVED) != 0;
    boolean p = pinned == null ? row.pinned() : pinned;
    boolean m = muted == null ? row.muted() : muted;
    boolean a = archived == null ? wasArchived : archived;
    if (p == row.pinned() && m == row.muted() && a == wasArchived && (archived == null || !archived)) {
      return Decision.nothing(null);
    }
    long last = Math.min(header.lastId(), row.toId());
    return Decision.of(context.ids().next(), new GroupSettingsSet(uid, gid, p, m, a, last), null);
  }
}
