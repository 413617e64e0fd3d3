package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.GroupReadMarked;
import io.letterbox.engine.read.GroupState;
import io.letterbox.rows.MembershipRow;

/**
 * Moves a member's device position in a group forward, never back; decided by the member's
 * partition. The position is the newest message it may see at or below {@code upTo} (null: the
 * newest): its sequence number comes from one reverse seek in the group's timeline, whose rows
 * never change once written.
 */
public final class MarkGroupReadCommand extends Command<Void> {
  private final long uid;
  private final long gid;
  private final String device;
  private final Long upTo;

  public MarkGroupReadCommand(long uid, long gid, String device, Long upTo) {
    this.uid = uid;
    this.gid = gid;
    this.device = device;
    this.upTo = upTo;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    GroupState groups = context.state().groups();
    MembershipRow row = groups.membership(uid, gid);
    if (row == null) {
      if (groups.header(gid) == null) {
        throw LetterboxException.notFound("no group %d", gid);
      }
      throw new LetterboxException(ErrorCode.NOT_MEMBER, String.format("user %d is not a member of group %d", uid, gid));
    }
    long now = context.ids().next();
    if (upTo != null && upTo > now) {
      throw LetterboxException.invalid("upTo is not the id of a message that exists yet: %d", upTo);
    }
    long below = Math.min(upTo == null ? Long.MAX_VALUE : upTo, row.toId());
    GroupState.Placed last = groups.atOrBelow(gid, below);
    if (last == null || last.row().seq() <= row.position(device).seq()) {
      return Decision.nothing(null);
    }
    return Decision.of(now, new GroupReadMarked(uid, gid, device, last.row().seq(), last.id()), null);
  }
}
