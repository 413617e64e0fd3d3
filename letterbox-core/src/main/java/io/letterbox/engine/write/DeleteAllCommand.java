package io.letterbox.engine.write;

import io.letterbox.engine.apply.AllDeleted;

/** Empties every conversation of its owner: one owner watermark at "now". */
public final class DeleteAllCommand extends Command<Void> {
  private final long owner;

  public DeleteAllCommand(long owner) {
    this.owner = owner;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    long now = context.ids().next();
    return Decision.of(now, new AllDeleted(owner, now), null);
  }
}
