package io.letterbox.engine.write;

import io.letterbox.engine.apply.Scheduled;
import io.letterbox.model.SendRequest;
import io.letterbox.rows.ScheduledRow;
import java.util.List;

/**
 * Schedules a one-to-one message, decided by the sender's partition (decision 0052). The request
 * was validated as a send is; what depends on the receiver and the time (blocks, caps, the hook)
 * is decided when it is sent. Answers the schedule's id.
 */
public final class ScheduleCommand extends Command<Long> {
  private static final int PAGE = 256;
  private final SendRequest request;
  private final long sendAt;

  /** @param sendAt epoch milliseconds */
  public ScheduleCommand(SendRequest request, long sendAt) {
    this.request = request;
    this.sendAt = sendAt;
  }

  /**
   * A retry of a schedule with an idempotency key (the same sender, key and time) answers the
   * pending schedule it made; the key is checked against sends when it is sent.
   */
  @Override
  Decision<Long> decide(EngineContext context) {
    if (request.idempotencyKey() != null) {
      long after = 0;
      List<ScheduledRow> rows;
      do {
        rows = context.state().schedules().rows(request.from(), after, PAGE);
        for (ScheduledRow row : rows) {
          Scheduled s = Scheduled.of(row);
          if (request.idempotencyKey().equals(s.idempotencyKey()) && s.sendAt() == sendAt && row.pending()
              && s.request().equals(request)) {
            return Decision.nothing(s.id());
          }
          after = s.id();
        }
      } while (rows.size() == PAGE);
    }
    long id = context.ids().next();
    return Decision.of(id, new Scheduled(id, request.from(), request.to(), sendAt, request.text(),
        request.idempotencyKey(), request.extras()), id);
  }
}
