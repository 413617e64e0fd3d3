package io.letterbox.engine.write;

import io.letterbox.engine.apply.Reported;
import io.letterbox.model.Report;

/**
 * Logs {@code by}'s report of a message, decided by the reporter's partition (whether it may see
 * the message was checked when the report was taken). Its result is the report's id.
 */
public final class ReportCommand extends Command<Long> {
  private final long by;
  private final long messageId;
  private final Report.Reason reason;
  private final String note;

  public ReportCommand(long by, long messageId, Report.Reason reason, String note) {
    this.by = by;
    this.messageId = messageId;
    this.reason = reason;
    this.note = note;
  }

  @Override
  Decision<Long> decide(EngineContext context) {
    long id = context.ids().next();
    return Decision.of(id, new Reported(id, by, messageId, reason, note, context.config().clock().millis()), id);
  }
}
