package io.letterbox.engine;

import io.letterbox.log.Action;

/** Empties one conversation of its owner: a watermark at "now". */
final class DeleteConversationCommand extends Command<Void> {
  private final long owner;
  private final long peer;

  DeleteConversationCommand(long owner, long peer) {
    this.owner = owner;
    this.peer = peer;
  }

  @Override
  long[] reads() {
    return new long[] {Conflicts.pair(owner, peer)};
  }

  @Override
  long[] writes() {
    return new long[] {Conflicts.pair(owner, peer), Conflicts.owner(owner)};
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    long now = context.ids().next();
    return Decision.of(now, new Action.ConversationDeleted(owner, peer, now), null);
  }
}
