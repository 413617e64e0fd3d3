package io.letterbox.engine.write;

import io.letterbox.engine.apply.BroadcastCompleted;

/** Logs that a broadcast's fan-out finished. */
public final class CompleteBroadcastCommand extends Command<Void> {
  private final long id;
  private final long sender;

  public CompleteBroadcastCommand(long id, long sender) {
    this.id = id;
    this.sender = sender;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    return Decision.of(context.ids().next(),
        new BroadcastCompleted(id, sender, context.config().clock().millis()), null);
  }
}
