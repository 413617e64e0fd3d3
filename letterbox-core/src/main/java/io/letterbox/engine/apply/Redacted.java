package io.letterbox.engine.apply;

import io.letterbox.model.Extras;
import io.letterbox.model.Message;
import io.letterbox.model.Removal;

/**
 * A log entry whose content was removed (decision 0042), stored in its place: the entry itself
 * ({@link #entry}: a message's {@link Sent}, {@link GroupPosted} or {@link BroadcastAccepted}, one
 * of its {@link MessageRevised} edits, or a {@link Scheduled} message once it was decided) with its
 * text, payload and attachments gone, and the removal's mark. It is applied as that entry, and its
 * message reads as removed, so a replay over the redacted log derives what the live removal left.
 * Only {@link ContentRemoved}, {@link ScheduleDone} and {@link ScheduleCancelled} write it; the log
 * changes in no other way.
 */
public record Redacted(Removal removal, Action entry) implements Action {
  static final byte TAG = 33;

  /** The redacted form of {@code entry}, which must be a message's entry, an edit of it or a schedule. */
  public static Redacted of(Action entry, Removal removal) {
    Action emptied;
    if (entry instanceof Sent s) {
      emptied = new Sent(s.id(), s.from(), s.to(), "", s.idempotencyKey(), s.requestHash(), s.request(),
          emptied(s.extras()));
    } else if (entry instanceof GroupPosted g) {
      emptied = new GroupPosted(g.id(), g.gid(), g.from(), g.seq(), "", g.idempotencyKey(), g.requestHash(),
          g.mentions(), emptied(g.extras()), g.cap());
    } else if (entry instanceof BroadcastAccepted b) {
      emptied = new BroadcastAccepted(b.id(), b.from(), "", b.audience(), b.priority(), b.idempotencyKey(),
          b.requestHash(), emptied(b.extras()));
    } else if (entry instanceof Scheduled s) {
      emptied = new Scheduled(s.id(), s.from(), s.to(), s.sendAt(), "", s.idempotencyKey(), emptied(s.extras()),
          s.group(), s.mentions());
    } else if (entry instanceof MessageRevised r && !r.recall()) {
      emptied = new MessageRevised(r.messageId(), r.sender(), r.peer(), "", r.at());
    } else {
      throw new IllegalArgumentException("not a message's content: " + entry.getClass().getSimpleName());
    }
    return new Redacted(removal, emptied);
  }

  /** Its type stays; its payload and attachments go. */
  private static Extras emptied(Extras extras) {
    return new Extras(extras.type(), null, java.util.List.of(), extras.mentions());
  }

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.b((byte) removal.reason().ordinal()).l(removal.at()).raw(ActionCodec.encode(entry));
  }

  static Redacted read(ActionCodec.Reader r) {
    Removal removal = removal(r);
    return new Redacted(removal, ActionCodec.decode(r.rest()));
  }

  /** The removed message of a redacted entry; null for a redacted edit. */
  static Message message(ActionCodec.Reader r) {
    removal(r);
    Message m = ActionCodec.message(r.rest());
    return m == null ? null : m.remove();
  }

  private static Removal removal(ActionCodec.Reader r) {
    byte reason = r.b();
    if (reason < 0 || reason >= Removal.Reason.values().length) {
      throw ActionCodec.corrupt("redacted: reason " + reason);
    }
    return new Removal(Removal.Reason.values()[reason], r.l());
  }

  @Override
  public boolean reachesOtherOwners() {
    return entry.reachesOtherOwners();
  }

  @Override
  public void readAhead(java.util.function.BiConsumer<io.letterbox.store.Space, byte[]> want) {
    entry.readAhead(want);
  }

  @Override
  public void apply(Applying to) {
    entry.apply(to);
  }
}
