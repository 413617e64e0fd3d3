package io.letterbox.engine;

import io.letterbox.log.Action;

/** Empties every conversation of its owner: one owner watermark at "now". */
final class DeleteAllCommand extends Command<Void> {
  private final long owner;

  DeleteAllCommand(long owner) {
    this.owner = owner;
  }

  @Override
  long[] reads() {
    return new long[] {Conflicts.owner(owner)};
  }

  @Override
  long[] writes() {
    return new long[] {Conflicts.owner(owner)};
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    long now = context.ids().next();
    return Decision.of(now, new Action.AllDeleted(owner, now), null);
  }
}
