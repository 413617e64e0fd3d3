package io.letterbox.engine.write;

import io.letterbox.engine.apply.FollowersAdded;

/** Loads many followers of one target at once. */
public final class AddFollowersCommand extends Command<Void> {
  private final long target;
  private final long[] uids;

  /** @param uids sorted, distinct, without the target */
  public AddFollowersCommand(long target, long[] uids) {
    this.target = target;
    this.uids = uids;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    return Decision.of(context.ids().next(), new FollowersAdded(target, uids), null);
  }
}
