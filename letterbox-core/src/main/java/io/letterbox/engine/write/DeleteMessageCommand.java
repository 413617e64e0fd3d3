package io.letterbox.engine.write;

import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.MessageDeleted;
import io.letterbox.model.Message;

/** Hides one message from its owner's view. */
public final class DeleteMessageCommand extends Command<Void> {
  private final long owner;
  private final long peer;
  private final Message message;

  public DeleteMessageCommand(long owner, long peer, Message message) {
    this.owner = owner;
    this.peer = peer;
    this.message = message;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    if (!context.state().conversations().visible(owner, peer, message)) {
      throw LetterboxException.notFound("user %d has no message %d", owner, message.id());
    }
    return Decision.of(context.ids().next(), new MessageDeleted(owner, peer, message.id()), null);
  }
}
