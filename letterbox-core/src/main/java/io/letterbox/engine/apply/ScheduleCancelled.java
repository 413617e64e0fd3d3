package io.letterbox.engine.apply;

import io.letterbox.keys.ScheduleKey;
import io.letterbox.keys.Spaces;

/**
 * Sender {@code from} cancelled its scheduled message {@code id} (due at {@code sendAt}), or
 * dismissed it once it failed (decision 0052): its timer and its row go, and its log entry is
 * redacted ({@link Scheduled#redact}).
 */
public record ScheduleCancelled(long from, long id, long sendAt) implements Action {
  static final byte TAG = 46;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(from).l(id).l(sendAt);
  }

  static ScheduleCancelled read(ActionCodec.Reader r) {
    return new ScheduleCancelled(r.l(), r.l(), r.l());
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(from)) {
      to.batch().delete(Spaces.SCHEDULED, ScheduleKey.timer(sendAt, id));
      to.batch().delete(Spaces.SCHEDULED, ScheduleKey.ofSender(from, id));
      Scheduled.redact(to, id, sendAt);
    }
  }
}
