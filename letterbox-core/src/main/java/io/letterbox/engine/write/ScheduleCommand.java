package io.letterbox.engine.write;

import io.letterbox.engine.apply.Scheduled;
import io.letterbox.model.SendRequest;

/**
 * Schedules a one-to-one message, decided by the sender's partition (decision 0052). The request
 * was validated as a send is; what depends on the receiver and the time (blocks, caps, the hook)
 * is decided when it is sent. Answers the schedule's id.
 */
public final class ScheduleCommand extends Command<Long> {
  private final SendRequest request;
  private final long sendAt;

  /** @param sendAt epoch milliseconds */
  public ScheduleCommand(SendRequest request, long sendAt) {
    this.request = request;
    this.sendAt = sendAt;
  }

  @Override
  Decision<Long> decide(EngineContext context) {
    long id = context.ids().next();
    return Decision.of(id, new Scheduled(id, request.from(), request.to(), sendAt, request.text(),
        request.idempotencyKey(), request.extras()), id);
  }
}
