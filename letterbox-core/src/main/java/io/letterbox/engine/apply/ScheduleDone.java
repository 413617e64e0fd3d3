package io.letterbox.engine.apply;

import io.letterbox.keys.ScheduleKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.ScheduledRow;

/**
 * Sender {@code from}'s scheduled message {@code id} came due (decision 0052): its timer goes.
 * Sent ({@code failed} null), it is logged in the same batch as the send, and its row goes;
 * refused then, its row stays, marked with the error code that refused it, until the sender
 * dismisses it. Either way its log entry is redacted ({@link Scheduled#redact}): the failed row
 * keeps the redacted entry (receiver, time, type; no text), as a replay over the redacted log
 * derives it. Applied by the partition that keeps the schedule: {@code group}'s for a post (a
 * trailing field), else the sender's.
 */
public record ScheduleDone(long from, long id, long sendAt, String failed, long group) implements Action {
  static final byte TAG = 47;

  /** Of a one-to-one schedule. */
  public ScheduleDone(long from, long id, long sendAt, String failed) {
    this(from, id, sendAt, failed, 0);
  }

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(from).l(id).l(sendAt).s(failed);
    if (group != 0) {
      w.l(group);
    }
  }

  static ScheduleDone read(ActionCodec.Reader r) {
    ScheduleDone s = new ScheduleDone(r.l(), r.l(), r.l(), r.s());
    return r.more() ? new ScheduleDone(s.from, s.id, s.sendAt, s.failed, r.l()) : s;
  }

  @Override
  public void apply(Applying to) {
    if (!to.owns(group != 0 ? group : from)) {
      return;
    }
    to.batch().delete(Spaces.SCHEDULED, ScheduleKey.timer(sendAt, id));
    byte[] redacted = Scheduled.redact(to, id, sendAt);
    byte[] key = ScheduleKey.ofSender(from, id);
    if (failed == null) {
      to.batch().delete(Spaces.SCHEDULED, key);
      return;
    }
    ScheduledRow row = to.state().schedules().row(from, id);
    if (row != null) {
      to.batch().put(Spaces.SCHEDULED, key, new ScheduledRow(failed, redacted == null ? row.entry() : redacted).encode());
    }
  }
}
