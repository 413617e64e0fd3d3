package io.letterbox.engine;

import io.letterbox.log.Action;
import io.letterbox.model.Message;

/** Hides one message from its owner's view. */
final class DeleteMessageCommand extends Command<Void> {
  private final long owner;
  private final long peer;
  private final Message message;

  DeleteMessageCommand(long owner, long peer, Message message) {
    this.owner = owner;
    this.peer = peer;
    this.message = message;
  }

  @Override
  long[] reads() {
    return new long[] {Conflicts.pair(owner, peer), Conflicts.owner(owner)};
  }

  @Override
  long[] writes() {
    return new long[] {Conflicts.pair(owner, peer), Conflicts.owner(owner)};
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    if (!context.state().visible(owner, peer, message)) {
      throw LetterboxException.notFound("user %d has no message %d", owner, message.id());
    }
    return Decision.of(context.ids().next(), new Action.MessageDeleted(owner, peer, message.id()), null);
  }
}
