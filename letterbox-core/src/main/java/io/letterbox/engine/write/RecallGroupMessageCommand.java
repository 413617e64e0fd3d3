package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.GroupMessageRecalled;
import io.letterbox.id.Ids;
import io.letterbox.model.GroupRole;
import io.letterbox.model.Message;

/**
 * Recalls a member's group message for an admin or the owner of its group, within recall-window
 * as for its sender; decided by the group's partition, where roles are. Recalling twice changes
 * nothing. Its result is the id of the recall, 0 when nothing changed.
 */
public final class RecallGroupMessageCommand extends Command<Long> {
  private final long by;
  private final Message message;

  public RecallGroupMessageCommand(long by, Message message) {
    this.by = by;
    this.message = message;
  }

  @Override
  Decision<Long> decide(EngineContext context) {
    long gid = message.to();
    var groups = context.state().groups();
    GroupAdmin.header(groups, gid);
    if (groups.member(gid, by) == null) {
      throw LetterboxException.notFound("user %d has no message %d", by, message.id());
    }
    GroupAdmin.atLeast(groups, gid, by, GroupRole.ADMIN, "recall others' messages");
    Message now = context.state().message(message.id());
    if (now.recalled()) {
      return Decision.nothing(0L);
    }
    long at = context.config().clock().millis();
    if (at - Ids.epochMillis(message.id()) > context.config().recallWindow().toMillis()) {
      throw new LetterboxException(ErrorCode.RECALL_WINDOW_PASSED, String.format(
          "message %d was sent more than recall-window (%s) ago", message.id(), context.config().recallWindow()));
    }
    long id = context.ids().next();
    return Decision.of(id, new GroupMessageRecalled(message.id(), gid, by, message.from(), at), id);
  }
}
