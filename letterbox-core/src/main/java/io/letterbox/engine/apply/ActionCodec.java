package io.letterbox.engine.apply;

import io.letterbox.model.Message;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The binary form of {@link Action}s in the log: the kind's tag byte, then the fields the kind
 * writes. Longs are 8 bytes, ints 4, strings a 4-byte length and UTF-8 (length -1 for null), uid
 * lists varint gaps. Each kind defines its tag and fields in its own file; this class only
 * dispatches on the tag. Tags are never reused or renumbered: the log is kept forever.
 */
public final class ActionCodec {
  private ActionCodec() {}

  public static byte[] encode(Action action) {
    Writer w = new Writer();
    w.b(action.tag());
    action.write(w);
    return w.bytes();
  }

  public static Action decode(byte[] bytes) {
    try {
      Reader r = new Reader(bytes);
      byte tag = r.b();
      return switch (tag) {
        case Sent.TAG -> Sent.read(r);
        case Imported.TAG -> Imported.read(r, false);
        case Imported.REDACTED_TAG -> Imported.read(r, true);
        case ReadMarked.TAG -> ReadMarked.read(r);
        case MessageDeleted.TAG -> MessageDeleted.read(r);
        case ConversationDeleted.TAG -> ConversationDeleted.read(r);
        case AllDeleted.TAG -> AllDeleted.read(r);
        case CapSet.TAG -> CapSet.read(r);
        case Followed.TAG -> Followed.read(r);
        case Unfollowed.TAG -> Unfollowed.read(r);
        case Subscribed.TAG -> Subscribed.read(r);
        case Unsubscribed.TAG -> Unsubscribed.read(r);
        case SegmentReplaced.TAG -> SegmentReplaced.read(r);
        case SegmentExtended.TAG -> SegmentExtended.read(r);
        case BroadcastAccepted.TAG -> BroadcastAccepted.read(r, false);
        case BroadcastAccepted.TYPED_TAG -> BroadcastAccepted.read(r, true);
        case BroadcastCompleted.TAG -> BroadcastCompleted.read(r);
        case FollowersAdded.TAG -> FollowersAdded.read(r);
        case ConversationStateSet.TAG -> ConversationStateSet.read(r);
        case BlockSet.TAG -> BlockSet.read(r);
        case MessageRevised.TAG -> MessageRevised.read(r);
        case GroupCreated.TAG -> GroupCreated.read(r);
        case GroupMembersChanged.TAG -> GroupMembersChanged.read(r);
        case GroupRenamed.TAG -> GroupRenamed.read(r);
        case GroupPosted.TAG -> GroupPosted.read(r);
        case GroupReadMarked.TAG -> GroupReadMarked.read(r);
        case GroupMessageDeleted.TAG -> GroupMessageDeleted.read(r);
        case GroupMessageRecalled.TAG -> GroupMessageRecalled.read(r);
        case GroupSettingsSet.TAG -> GroupSettingsSet.read(r);
        case UserSettingsSet.TAG -> UserSettingsSet.read(r);
        case GroupLeft.TAG -> GroupLeft.read(r);
        case Reported.TAG -> Reported.read(r);
        case ContentRemoved.TAG -> ContentRemoved.read(r);
        case Redacted.TAG -> Redacted.read(r);
        case HoldSet.TAG -> HoldSet.read(r);
        case ErasureStarted.TAG -> ErasureStarted.read(r);
        case ErasureCompleted.TAG -> ErasureCompleted.read(r);
        case DisappearSet.TAG -> DisappearSet.read(r);
        case ReactionSet.TAG -> ReactionSet.read(r);
        case PinSet.TAG -> PinSet.read(r);
        case GroupPinSet.TAG -> GroupPinSet.read(r);
        case DraftSet.TAG -> DraftSet.read(r);
        case DeliveryMarked.TAG -> DeliveryMarked.read(r);
        case Scheduled.TAG -> Scheduled.read(r);
        case ScheduleCancelled.TAG -> ScheduleCancelled.read(r);
        case ScheduleDone.TAG -> ScheduleDone.read(r);
        default -> throw corrupt("unknown action type " + tag);
      };
    } catch (RuntimeException e) {
      throw refused(e);
    }
  }

  /**
   * The message a log entry carries (a one-to-one send, a broadcast, a group post), or null for other
   * actions. Reads only the head of a broadcast: its audience may be a list of millions of uids.
   */
  public static Message message(byte[] bytes) {
    try {
      Reader r = new Reader(bytes);
      return switch (r.b()) {
        case Sent.TAG -> Sent.message(r);
        case BroadcastAccepted.TAG -> BroadcastAccepted.message(r, false);
        case BroadcastAccepted.TYPED_TAG -> BroadcastAccepted.message(r, true);
        case GroupPosted.TAG -> GroupPosted.message(r);
        case Redacted.TAG -> Redacted.message(r);
        default -> null;
      };
    } catch (RuntimeException e) {
      throw refused(e);
    }
  }

  /** Whether a log entry is a {@link Redacted} one: its message's content was removed. */
  public static boolean isRedacted(byte[] entry) {
    return entry != null && entry.length > 0 && entry[0] == Redacted.TAG;
  }

  /**
   * Whatever went wrong reading a record (it ended early, a field held a value no writer writes)
   * is one refusal for its callers: the record is corrupt.
   */
  private static IllegalStateException refused(RuntimeException e) {
    if (e instanceof CorruptRecord corrupt) {
      return corrupt;
    }
    return new CorruptRecord(e instanceof BufferUnderflowException ? "it ends early" : e.toString(), e);
  }

  /** Writes the fields of an action: a growable buffer. */
  public static final class Writer {
    private ByteBuffer buf = ByteBuffer.allocate(128);

    private Writer ensure(int n) {
      if (buf.remaining() < n) {
        ByteBuffer bigger = ByteBuffer.allocate(Math.max(buf.capacity() * 2, buf.position() + n));
        buf.flip();
        bigger.put(buf);
        buf = bigger;
      }
      return this;
    }

    public Writer b(byte v) {
      ensure(1).buf.put(v);
      return this;
    }

    public Writer i(int v) {
      ensure(4).buf.putInt(v);
      return this;
    }

    public Writer l(long v) {
      ensure(8).buf.putLong(v);
      return this;
    }

    public Writer s(String v) {
      if (v == null) {
        return i(-1);
      }
      byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
      ensure(4 + bytes.length).buf.putInt(bytes.length).put(bytes);
      return this;
    }

    /** A map of strings, in key order. */
    public Writer map(Map<String, String> m) {
      i(m.size());
      for (Map.Entry<String, String> e : new TreeMap<>(m).entrySet()) {
        s(e.getKey()).s(e.getValue());
      }
      return this;
    }

    /** A message's type, payload and attachments. */
    public Writer extras(io.letterbox.model.Extras e) {
      s(e.type()).s(e.payload()).i(e.attachments().size());
      for (io.letterbox.model.Attachment a : e.attachments()) {
        s(a.blob()).s(a.name()).s(a.contentType()).l(a.size());
      }
      return this;
    }

    /**
     * What a message refers to, as trailing fields written only when it refers to any: the
     * message it replies to (0: none), then the origin of a forward if it is one. Entries of
     * messages that refer to none end before them.
     */
    public Writer references(io.letterbox.model.Extras e) {
      if (e.refers()) {
        l(e.replyTo());
      }
      if (e.forwarded() != null) {
        l(e.forwarded().from()).l(e.forwarded().createdAt());
      }
      return this;
    }

    /** Sorted, distinct uids. */
    public Writer uids(long[] uids) {
      ensure(Uids.maxBytes(uids.length));
      Uids.write(buf, uids);
      return this;
    }

    /** Bytes as they are, to the end of the record: another record inside this one. */
    Writer raw(byte[] bytes) {
      ensure(bytes.length).buf.put(bytes);
      return this;
    }

    byte[] bytes() {
      return Arrays.copyOf(buf.array(), buf.position());
    }
  }

  /** A record that cannot be an encoded action: the log or a delivery was damaged. */
  static IllegalStateException corrupt(String what) {
    return new CorruptRecord(what, null);
  }

  /** The one refusal of a record that is no action, whatever went wrong reading it. */
  private static final class CorruptRecord extends IllegalStateException {
    CorruptRecord(String what, Throwable cause) {
      super("corrupt action record: " + what, cause);
    }
  }

  /** Reads the fields of an action in the order they were written. */
  public static final class Reader {
    /** Three string lengths and a size: the least an attachment takes. */
    private static final int ATTACHMENT_MIN_BYTES = 20;
    private final ByteBuffer b;

    Reader(byte[] bytes) {
      this.b = ByteBuffer.wrap(bytes);
    }

    public byte b() {
      return b.get();
    }

    /** Whether fields follow: a field added to a kind later is read only if the entry has it. */
    public boolean more() {
      return b.hasRemaining();
    }

    /** The bytes left: a record written inside this one by {@link Writer#raw}. */
    byte[] rest() {
      byte[] out = new byte[b.remaining()];
      b.get(out);
      return out;
    }

    public int i() {
      return b.getInt();
    }

    public long l() {
      return b.getLong();
    }

    public String s() {
      int n = b.getInt();
      if (n == -1) {
        return null;
      }
      fits(n, 1);
      String s = new String(b.array(), b.position(), n, StandardCharsets.UTF_8);
      b.position(b.position() + n);
      return s;
    }

    public io.letterbox.model.Extras extras() {
      String type = s();
      String payload = s();
      int n = count(ATTACHMENT_MIN_BYTES);
      java.util.List<io.letterbox.model.Attachment> attachments = new java.util.ArrayList<>(n);
      for (int k = 0; k < n; k++) {
        attachments.add(new io.letterbox.model.Attachment(s(), s(), s(), l()));
      }
      return new io.letterbox.model.Extras(type, payload, attachments);
    }

    /** {@code e} with what its message refers to ({@link Writer#references}), where the entry has it. */
    public io.letterbox.model.Extras references(io.letterbox.model.Extras e) {
      if (!more()) {
        return e;
      }
      io.letterbox.model.Extras replying = e.withReplyTo(l());
      return more() ? replying.withForwarded(new io.letterbox.model.Forwarded(l(), l())) : replying;
    }

    public Map<String, String> map() {
      int n = count(8);
      Map<String, String> m = new TreeMap<>();
      for (int k = 0; k < n; k++) {
        m.put(s(), s());
      }
      return m;
    }

    public long[] uids() {
      return Uids.read(b);
    }

    /**
     * Reads a count of items that take at least {@code minBytes} each: one that could not fit in
     * what is left of the record is refused as corrupt before anything is allocated for it.
     */
    public int count(int minBytes) {
      return fits(i(), minBytes);
    }

    private int fits(int n, int minBytes) {
      if (n < 0 || n > b.remaining() / minBytes) {
        throw corrupt("a count of " + n + " with " + b.remaining() + " bytes left");
      }
      return n;
    }
  }
}
