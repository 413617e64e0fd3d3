package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.ScheduleCancelled;
import io.letterbox.engine.apply.Scheduled;
import io.letterbox.rows.ScheduledRow;

/**
 * Cancels a sender's pending scheduled message, or dismisses one that failed (decision 0052),
 * decided by the partition that keeps it (the group's for a post, else the sender's): NOT_FOUND
 * once it was sent, or for none.
 */
public final class CancelScheduleCommand extends Command<Void> {
  private final long uid;
  private final long id;

  public CancelScheduleCommand(long uid, long id) {
    this.uid = uid;
    this.id = id;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    ScheduledRow row = context.state().schedules().row(uid, id);
    if (row == null) {
      throw new LetterboxException(ErrorCode.NOT_FOUND, String.format("user %d has no scheduled message %d", uid, id));
    }
    Scheduled s = Scheduled.of(row);
    return Decision.of(context.ids().next(), new ScheduleCancelled(uid, id, s.sendAt(), s.group()), null);
  }
}
