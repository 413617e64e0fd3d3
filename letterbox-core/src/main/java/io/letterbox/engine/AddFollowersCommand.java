package io.letterbox.engine;

import io.letterbox.log.Action;

/** Loads many followers of one target at once. */
final class AddFollowersCommand extends Command<Void> {
  private final long target;
  private final long[] uids;

  /** @param uids sorted, distinct, without the target */
  AddFollowersCommand(long target, long[] uids) {
    this.target = target;
    this.uids = uids;
  }

  @Override
  long[] reads() {
    return new long[] {Conflicts.relations(target)};
  }

  @Override
  long[] writes() {
    return new long[] {Conflicts.relations(target)};
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    return Decision.of(context.ids().next(), new Action.FollowersAdded(target, uids), null);
  }
}
