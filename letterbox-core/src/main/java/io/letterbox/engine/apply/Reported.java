package io.letterbox.engine.apply;

import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Report;
import io.letterbox.rows.ReportRow;

/**
 * User {@code by} reported message {@code messageId} for {@code reason} (with an optional
 * {@code note}) at {@code at} (epoch milliseconds), logged by the reporter's partition as report
 * {@code id}: one row in {@code reports}, which the platform's moderators page through.
 */
public record Reported(long id, long by, long messageId, Report.Reason reason, String note, long at) implements Action {
  static final byte TAG = 31;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(id).l(by).l(messageId).b((byte) reason.ordinal()).s(note).l(at);
  }

  static Reported read(ActionCodec.Reader r) {
    long id = r.l();
    long by = r.l();
    long messageId = r.l();
    byte reason = r.b();
    if (reason < 0 || reason >= Report.Reason.values().length) {
      throw ActionCodec.corrupt("report: reason " + reason);
    }
    return new Reported(id, by, messageId, Report.Reason.values()[reason], r.s(), r.l());
  }

  @Override
  public void apply(Applying to) {
    to.batch().put(Spaces.REPORTS, LogKey.of(id), new ReportRow(by, messageId, reason, note, at).encode());
  }
}
