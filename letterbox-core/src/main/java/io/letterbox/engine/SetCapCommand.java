package io.letterbox.engine;

import io.letterbox.log.Action;
import io.letterbox.model.FrequencyCap;

/** Sets a sender's frequency cap. */
final class SetCapCommand extends Command<Void> {
  private final long sender;
  private final FrequencyCap cap;

  SetCapCommand(long sender, FrequencyCap cap) {
    this.sender = sender;
    this.cap = cap;
  }

  @Override
  long[] reads() {
    return new long[0];
  }

  @Override
  long[] writes() {
    return new long[] {Conflicts.cap(sender)};
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    return Decision.of(context.ids().next(),
        new Action.CapSet(sender, cap.messages(), cap.period().toMillis()), null);
  }
}
