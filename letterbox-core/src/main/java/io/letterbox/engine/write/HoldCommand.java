package io.letterbox.engine.write;

import io.letterbox.engine.apply.HoldSet;

/**
 * Puts user {@code uid} on legal hold or releases it (decision 0044), decided by the user's
 * partition. Setting what is already set logs nothing.
 */
public final class HoldCommand extends Command<Void> {
  private final long uid;
  private final boolean on;

  public HoldCommand(long uid, boolean on) {
    this.uid = uid;
    this.on = on;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    if (context.state().onHold(uid) == on) {
      return Decision.nothing(null);
    }
    long id = context.ids().next();
    return Decision.of(id, new HoldSet(uid, on, context.config().clock().millis()), null);
  }
}
