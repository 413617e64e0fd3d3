package io.letterbox.engine.apply;

import io.letterbox.keys.ScheduleKey;
import io.letterbox.keys.Spaces;

/**
 * Sender {@code from} cancelled its scheduled message {@code id} (due at {@code sendAt}), or
 * dismissed it once it failed (decision 0052): its timer and its row go, and its log entry is
 * redacted ({@link Scheduled#redact}). Applied by the partition that keeps the schedule:
 * {@code group}'s for a post (a trailing field), else the sender's.
 */
public record ScheduleCancelled(long from, long id, long sendAt, long group) implements Action {
  static final byte TAG = 46;

  /** Of a one-to-one schedule. */
  public ScheduleCancelled(long from, long id, long sendAt) {
    this(from, id, sendAt, 0);
  }

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(from).l(id).l(sendAt);
    if (group != 0) {
      w.l(group);
    }
  }

  static ScheduleCancelled read(ActionCodec.Reader r) {
    ScheduleCancelled s = new ScheduleCancelled(r.l(), r.l(), r.l());
    return r.more() ? new ScheduleCancelled(s.from, s.id, s.sendAt, r.l()) : s;
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(group != 0 ? group : from)) {
      to.batch().delete(Spaces.SCHEDULED, ScheduleKey.timer(sendAt, id));
      to.batch().delete(Spaces.SCHEDULED, ScheduleKey.ofSender(from, id));
      Scheduled.redact(to, id, sendAt);
    }
  }
}
