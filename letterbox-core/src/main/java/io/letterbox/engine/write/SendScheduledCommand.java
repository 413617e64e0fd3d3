package io.letterbox.engine.write;

import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.ScheduleDone;
import io.letterbox.engine.apply.Scheduled;
import io.letterbox.model.GroupPost;
import io.letterbox.model.SendRequest;
import io.letterbox.model.SendResult;
import io.letterbox.rows.ScheduledRow;
import java.util.ArrayList;
import java.util.List;

/**
 * Sends a scheduled message that came due, decided by the partition that keeps it (decision
 * 0052): the send is decided as a live send or post is, by the same command ({@link SendCommand}
 * in the sender's partition, {@link PostCommand} in the group's), and is logged in the same batch
 * as the schedule's done marker, so a crash leaves either both or neither and a schedule is sent
 * at most once; while it is still pending it is asked for again, so at least once. A send refused
 * now (blocked, capped, no longer a member; or the platform's hook refused it, {@code refusal})
 * logs the marker alone, with the refusal's code. A schedule no longer pending (sent, cancelled)
 * changes nothing. Answers the send's result, or null when nothing was sent.
 */
public final class SendScheduledCommand extends Command<SendResult> {
  private final Scheduled schedule;
  private final Command<SendResult> send;
  private final String refusal;

  /**
   * A one-to-one message.
   *
   * @param stored  the send to store: the schedule's, or what the platform's hook made of it
   * @param refusal the code the hook refused it with, or null
   */
  public SendScheduledCommand(Scheduled schedule, SendRequest stored, String refusal, boolean requestsFolder) {
    this(schedule, new SendCommand(stored, schedule.request(), requestsFolder), refusal);
  }

  /**
   * A post to a group.
   *
   * @param stored  the post to store: the schedule's, or what the platform's hook made of it
   * @param refusal the code the hook refused it with, or null
   */
  public SendScheduledCommand(Scheduled schedule, GroupPost stored, String refusal) {
    this(schedule, new PostCommand(stored, schedule.post()), refusal);
  }

  private SendScheduledCommand(Scheduled schedule, Command<SendResult> send, String refusal) {
    this.schedule = schedule;
    this.send = send;
    this.refusal = refusal;
  }

  @Override
  void readAhead(ReadAhead readAhead) {
    send.readAhead(readAhead);
  }

  @Override
  Decision<SendResult> decide(EngineContext context) {
    ScheduledRow row = context.state().schedules().row(schedule.from(), schedule.id());
    if (row == null || !row.pending()) {
      return Decision.nothing(null);
    }
    String failed = refusal;
    Decision<SendResult> sent = Decision.nothing(null);
    if (failed == null) {
      try {
        sent = send.decide(context);
      } catch (LetterboxException e) {
        failed = e.code().name();
      }
    }
    List<Decision.Logged> actions = new ArrayList<>(sent.actions());
    actions.add(new Decision.Logged(context.ids().next(),
        new ScheduleDone(schedule.from(), schedule.id(), schedule.sendAt(), failed, schedule.group())));
    return new Decision<>(actions, sent.result());
  }
}
