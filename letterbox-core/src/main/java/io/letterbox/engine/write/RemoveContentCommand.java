package io.letterbox.engine.write;

import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.ContentRemoved;
import io.letterbox.model.Message;
import io.letterbox.model.Removal;

/**
 * Removes a message's content for {@code reason} (decision 0042), decided by the partition that
 * owns the message's log entry (its sender's; its group's for a group post). Removing a removed
 * message changes nothing. Its result is the id of the removal, 0 when nothing changed.
 */
public final class RemoveContentCommand extends Command<Long> {
  private final long messageId;
  private final Removal.Reason reason;
  private final String note;

  /** @param note why, in the words of who asked, or null */
  public RemoveContentCommand(long messageId, Removal.Reason reason, String note) {
    this.messageId = messageId;
    this.reason = reason;
    this.note = note;
  }

  @Override
  Decision<Long> decide(EngineContext context) {
    Message m = context.state().message(messageId);
    if (m == null) {
      throw LetterboxException.notFound("no message %d", messageId);
    }
    if (m.removed()) {
      return Decision.nothing(0L);
    }
    long id = context.ids().next();
    long to = m.kind() == Message.Kind.BROADCAST ? 0 : m.to();
    return Decision.of(id, new ContentRemoved(messageId, m.kind(), m.from(), to, reason, note,
        context.config().clock().millis()), id);
  }
}
