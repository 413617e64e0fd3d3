package io.letterbox.engine.write;

import io.letterbox.engine.apply.Scheduled;
import io.letterbox.rows.ScheduledRow;
import java.util.List;

/**
 * Schedules a message, decided by the partition that keeps it (decision 0052): the sender's for a
 * one-to-one message, the group's for a post, which must have the sender as a member now (NOT_MEMBER
 * otherwise, as a live post; it is decided again when it is sent). The request was validated as a
 * send or post is; what depends on the receiver, the group and the time (blocks, membership, caps,
 * the hook) is decided when it is sent. Answers the schedule's id.
 */
public final class ScheduleCommand extends Command<Long> {
  private static final int PAGE = 256;
  private final Scheduled asked;

  /** @param asked the schedule asked for, with id 0 */
  public ScheduleCommand(Scheduled asked) {
    this.asked = asked;
  }

  /**
   * A retry of a schedule with an idempotency key (the same sender, key, time and content) answers
   * the pending schedule it made; the key is checked against sends when it is sent.
   */
  @Override
  Decision<Long> decide(EngineContext context) {
    if (asked.group() != 0) {
      GroupAdmin.header(context.state().groups(), asked.group());
      GroupAdmin.member(context.state().groups(), asked.group(), asked.from());
    }
    if (asked.idempotencyKey() != null) {
      long after = 0;
      List<ScheduledRow> rows;
      do {
        rows = context.state().schedules().rows(asked.from(), after, PAGE);
        for (ScheduledRow row : rows) {
          Scheduled s = Scheduled.of(row);
          if (row.pending() && s.withId(0).equals(asked)) {
            return Decision.nothing(s.id());
          }
          after = s.id();
        }
      } while (rows.size() == PAGE);
    }
    long id = context.ids().next();
    return Decision.of(id, asked.withId(id), id);
  }
}
