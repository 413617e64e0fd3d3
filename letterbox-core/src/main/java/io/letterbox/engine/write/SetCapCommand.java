package io.letterbox.engine.write;

import io.letterbox.engine.apply.CapSet;
import io.letterbox.model.FrequencyCap;

/** Sets a sender's frequency cap. */
public final class SetCapCommand extends Command<Void> {
  private final long sender;
  private final FrequencyCap cap;

  public SetCapCommand(long sender, FrequencyCap cap) {
    this.sender = sender;
    this.cap = cap;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    return Decision.of(context.ids().next(),
        new CapSet(sender, cap.messages(), cap.period().toMillis()), null);
  }
}
