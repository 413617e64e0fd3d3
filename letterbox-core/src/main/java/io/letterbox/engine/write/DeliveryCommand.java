package io.letterbox.engine.write;

import io.letterbox.engine.apply.DeliveryMarked;

/**
 * Logs that a device of {@code receiver} received {@code sender}'s messages up to {@code upTo}
 * (decision 0051), decided by the receiver's partition; the sender's partition keeps the highest.
 */
public final class DeliveryCommand extends Command<Void> {
  private final long receiver;
  private final long sender;
  private final long upTo;

  public DeliveryCommand(long receiver, long sender, long upTo) {
    this.receiver = receiver;
    this.sender = sender;
    this.upTo = upTo;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    return Decision.of(context.ids().next(), new DeliveryMarked(receiver, sender, upTo), null);
  }
}
