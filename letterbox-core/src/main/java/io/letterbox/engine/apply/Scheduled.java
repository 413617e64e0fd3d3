package io.letterbox.engine.apply;

import io.letterbox.keys.LogKey;
import io.letterbox.keys.ScheduleKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Extras;
import io.letterbox.model.GroupPost;
import io.letterbox.model.Removal;
import io.letterbox.model.SendRequest;
import io.letterbox.rows.ScheduledRow;
import java.util.Arrays;
import java.util.List;

/**
 * A message was scheduled to be sent at {@code sendAt} (epoch milliseconds), decision 0052: a
 * one-to-one message to {@code to}, or a post to {@code group} mentioning {@code mentions}. The
 * partition it belongs to ({@link #owner}: the sender's, or the group's for a post) keeps its
 * timer, which the partition's owner reads when it comes due, and the sender's row of it, which
 * lists it. Nothing about the receiver or the group is decided here: blocks, membership, caps and
 * hooks are decided when it is sent.
 *
 * @param to       the receiver of a one-to-one message; 0 for a post
 * @param group    the group of a post; 0 for a one-to-one message (a trailing field, absent from
 *     the entries of one-to-one schedules)
 * @param mentions the members a post mentions, sorted and distinct; empty for none
 */
public record Scheduled(long id, long from, long to, long sendAt, String text, String idempotencyKey, Extras extras,
    long group, List<Long> mentions) implements Action {
  static final byte TAG = 45;

  public Scheduled {
    mentions = mentions.stream().sorted().distinct().toList();
  }

  /** A one-to-one message. */
  public Scheduled(long id, long from, long to, long sendAt, String text, String idempotencyKey, Extras extras) {
    this(id, from, to, sendAt, text, idempotencyKey, extras, 0, List.of());
  }

  /** The owner whose partition keeps and decides it: the group of a post, else the sender. */
  public long owner() {
    return group != 0 ? group : from;
  }

  /** This schedule with id {@code id}: two with the same content differ only there. */
  public Scheduled withId(long id) {
    return new Scheduled(id, from, to, sendAt, text, idempotencyKey, extras, group, mentions);
  }

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(id).l(from).l(to).l(sendAt).s(text).s(idempotencyKey).extras(extras);
    if (group != 0) {
      w.l(group).uids(mentions.stream().mapToLong(Long::longValue).toArray());
    }
  }

  static Scheduled read(ActionCodec.Reader r) {
    Scheduled s = new Scheduled(r.l(), r.l(), r.l(), r.l(), r.s(), r.s(), r.extras());
    if (!r.more()) {
      return s;
    }
    long group = r.l();
    return new Scheduled(s.id, s.from, s.to, s.sendAt, s.text, s.idempotencyKey, s.extras, group,
        Arrays.stream(r.uids()).boxed().toList());
  }

  /** The schedule a row of the {@code scheduled} space holds. */
  public static Scheduled of(ScheduledRow row) {
    return (Scheduled) ActionCodec.decode(row.entry());
  }

  /** The send it asks for (a one-to-one message). */
  public SendRequest request() {
    return new SendRequest(from, to, text, idempotencyKey, extras);
  }

  /** The post it asks for (a post to a group). */
  public GroupPost post() {
    return new GroupPost(group, from, text, mentions, idempotencyKey, extras);
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
    if (to.owns(owner())) {
      to.batch().put(Spaces.SCHEDULED, ScheduleKey.timer(sendAt, id), ScheduleKey.timerValue(owner(), from));
      to.batch().put(Spaces.SCHEDULED, ScheduleKey.ofSender(from, id),
          new ScheduledRow(null, ActionCodec.encode(this)).encode());
    }
  }
}
