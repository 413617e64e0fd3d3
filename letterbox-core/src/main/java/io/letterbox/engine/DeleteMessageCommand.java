package io.letterbox.engine;

import io.letterbox.log.Action;

/** Hides one message from its owner's view. */
final class DeleteMessageCommand extends Command<Void> {
  private final long owner;
  private final long peer;
  private final long id;

  DeleteMessageCommand(long owner, long peer, long id) {
    this.owner = owner;
    this.peer = peer;
    this.id = id;
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
    if (!context.state().visible(owner, peer, id)) {
      throw LetterboxException.notFound("user %d has no message %d", owner, id);
    }
    return Decision.of(context.ids().next(), new Action.MessageDeleted(owner, peer, id), null);
  }
}
