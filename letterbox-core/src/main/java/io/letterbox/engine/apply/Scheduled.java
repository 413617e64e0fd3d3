package io.letterbox.engine.apply;

import io.letterbox.keys.LogKey;
import io.letterbox.keys.ScheduleKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Extras;
import io.letterbox.model.Removal;
import io.letterbox.model.SendRequest;
import io.letterbox.rows.ScheduledRow;
import io.letterbox.store.Bytes;

/**
 * A one-to-one message was scheduled to be sent at {@code sendAt} (epoch milliseconds), decision
 * 0052: the sender's partition keeps its timer, which the partition's owner reads when it comes
 * due, and the sender's row of it, which lists it. Nothing about the receiver is decided here:
 * blocks, caps and hooks are decided when it is sent.
 */
public record Scheduled(long id, long from, long to, long sendAt, String text, String idempotencyKey, Extras extras)
    implements Action {
  static final byte TAG = 45;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(id).l(from).l(to).l(sendAt).s(text).s(idempotencyKey).extras(extras);
  }

  static Scheduled read(ActionCodec.Reader r) {
    return new Scheduled(r.l(), r.l(), r.l(), r.l(), r.s(), r.s(), r.extras());
  }

  /** The schedule a row of the {@code scheduled} space holds. */
  public static Scheduled of(ScheduledRow row) {
    return (Scheduled) ActionCodec.decode(row.entry());
  }

  /** The send it asks for. */
  public SendRequest request() {
    return new SendRequest(from, to, text, idempotencyKey, extras);
  }

  /**
   * Once schedule {@code id} is decided (sent, refused or cancelled), nothing needs its text: the
   * sent message carries it, and retention and erasure remove it there. So the decision's batch
   * overwrites the schedule's log entry with its {@link Redacted} form (decision 0052), marked as
   * a retention at the time it was due; nothing if it is redacted already (a replay).
   *
   * @return the redacted entry, encoded, or null if there was none to redact
   */
  static byte[] redact(Applying to, long id, long sendAt) {
    byte[] logged = to.state().logEntry(id);
    if (logged == null || !(ActionCodec.decode(logged) instanceof Scheduled entry)) {
      return null;
    }
    byte[] redacted = ActionCodec.encode(Redacted.of(entry, new Removal(Removal.Reason.RETENTION, sendAt)));
    to.batch().put(Spaces.LOG, LogKey.of(id), redacted);
    return ActionCodec.encode(((Redacted) ActionCodec.decode(redacted)).entry());
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(from)) {
      to.batch().put(Spaces.SCHEDULED, ScheduleKey.timer(sendAt, id), Bytes.ofLong(from));
      to.batch().put(Spaces.SCHEDULED, ScheduleKey.ofSender(from, id),
          new ScheduledRow(null, ActionCodec.encode(this)).encode());
    }
  }
}
