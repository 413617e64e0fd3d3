package io.letterbox.engine;

import io.letterbox.log.Action;

/** Logs that a broadcast's fan-out finished. */
final class CompleteBroadcastCommand extends Command<Void> {
  private final long id;
  private final long sender;

  CompleteBroadcastCommand(long id, long sender) {
    this.id = id;
    this.sender = sender;
  }

  @Override
  long[] reads() {
    return new long[] {Conflicts.relations(sender)};
  }

  @Override
  long[] writes() {
    return new long[] {Conflicts.relations(sender)};
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    return Decision.of(context.ids().next(),
        new Action.BroadcastCompleted(id, sender, context.config().clock().millis()), null);
  }
}
