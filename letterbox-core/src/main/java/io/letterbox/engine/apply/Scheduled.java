package io.letterbox.engine.apply;

import io.letterbox.keys.ScheduleKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Extras;
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

  @Override
  public void apply(Applying to) {
    if (to.owns(from)) {
      to.batch().put(Spaces.SCHEDULED, ScheduleKey.timer(sendAt, id), Bytes.ofLong(from));
      to.batch().put(Spaces.SCHEDULED, ScheduleKey.ofSender(from, id),
          new ScheduledRow(null, ActionCodec.encode(this)).encode());
    }
  }
}
