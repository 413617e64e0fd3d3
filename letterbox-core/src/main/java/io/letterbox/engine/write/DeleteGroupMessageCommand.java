package io.letterbox.engine.write;

import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.GroupMessageDeleted;
import io.letterbox.model.Message;
import io.letterbox.rows.MembershipRow;

/** Deletes a group message from one member's view, decided by the member's partition: it must be one the member sees. */
public final class DeleteGroupMessageCommand extends Command<Void> {
  private final long uid;
  private final Message message;

  public DeleteGroupMessageCommand(long uid, Message message) {
    this.uid = uid;
    this.message = message;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    long gid = message.to();
    var groups = context.state().groups();
    MembershipRow row = groups.membership(uid, gid);
    if (row == null || !groups.visible(uid, gid, row, message.id() - 1, message.id(), 1).contains(message.id())) {
      throw LetterboxException.notFound("user %d has no message %d", uid, message.id());
    }
    return Decision.of(context.ids().next(), new GroupMessageDeleted(uid, gid, message.id()), null);
  }
}
