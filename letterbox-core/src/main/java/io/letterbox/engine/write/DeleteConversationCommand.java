package io.letterbox.engine.write;

import io.letterbox.engine.apply.ConversationDeleted;

/** Empties one conversation of its owner: a watermark at "now". */
public final class DeleteConversationCommand extends Command<Void> {
  private final long owner;
  private final long peer;

  public DeleteConversationCommand(long owner, long peer) {
    this.owner = owner;
    this.peer = peer;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    long now = context.ids().next();
    return Decision.of(now, new ConversationDeleted(owner, peer, now), null);
  }
}
