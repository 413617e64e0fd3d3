package io.letterbox.log;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import io.letterbox.model.Audience;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Message;

/**
 * The binary form of {@link Action}s: a type byte, then the fields in declaration order; longs as
 * 8 bytes, ints as 4, strings as a 4-byte length and UTF-8 (length -1 for null). Types are never
 * renumbered: the log is kept forever.
 */
public final class ActionCodec {
  private static final byte SENT = 1;
  private static final byte IMPORTED = 2;
  private static final byte READ_MARKED = 3;
  private static final byte MESSAGE_DELETED = 4;
  private static final byte CONVERSATION_DELETED = 5;
  private static final byte ALL_DELETED = 6;
  private static final byte CAP_SET = 7;
  private static final byte FOLLOWED = 8;
  private static final byte UNFOLLOWED = 9;
  private static final byte SUBSCRIBED = 10;
  private static final byte UNSUBSCRIBED = 11;
  private static final byte SEGMENT_REPLACED = 12;
  private static final byte SEGMENT_EXTENDED = 13;
  private static final byte BROADCAST_ACCEPTED = 14;
  private static final byte BROADCAST_COMPLETED = 15;
  private static final byte FOLLOWERS_ADDED = 16;

  private static final byte AUDIENCE_FOLLOWERS = 1;
  private static final byte AUDIENCE_SUBSCRIBERS = 2;
  private static final byte AUDIENCE_UIDS = 3;
  private static final byte AUDIENCE_SEGMENT = 4;

  private ActionCodec() {}

  public static byte[] encode(Action action) {
    if (action instanceof Action.Sent s) {
      byte[] text = utf8(s.text());
      byte[] key = utf8(s.idempotencyKey());
      ByteBuffer b = ByteBuffer.allocate(1 + 8 * 4 + 4 + len(text) + 4 + len(key));
      b.put(SENT).putLong(s.id()).putLong(s.from()).putLong(s.to());
      putBytes(b, text);
      putBytes(b, key);
      return b.putLong(s.requestHash()).array();
    } else if (action instanceof Action.Imported i) {
      List<byte[]> texts = new ArrayList<>(i.messages().size());
      int size = 1 + 4;
      for (Action.Imported.Entry e : i.messages()) {
        byte[] text = utf8(e.text());
        texts.add(text);
        size += 8 * 3 + 4 + len(text);
      }
      ByteBuffer b = ByteBuffer.allocate(size).put(IMPORTED).putInt(texts.size());
      for (int n = 0; n < texts.size(); n++) {
        Action.Imported.Entry e = i.messages().get(n);
        b.putLong(e.id()).putLong(e.from()).putLong(e.to());
        putBytes(b, texts.get(n));
      }
      return b.array();
    } else if (action instanceof Action.ReadMarked r) {
      byte[] device = utf8(r.device());
      ByteBuffer b = ByteBuffer.allocate(1 + 8 * 3 + 4 + len(device));
      b.put(READ_MARKED).putLong(r.owner()).putLong(r.peer()).putLong(r.upTo());
      putBytes(b, device);
      return b.array();
    } else if (action instanceof Action.MessageDeleted d) {
      return ByteBuffer.allocate(25)
          .put(MESSAGE_DELETED).putLong(d.owner()).putLong(d.peer()).putLong(d.id()).array();
    } else if (action instanceof Action.ConversationDeleted d) {
      return ByteBuffer.allocate(25)
          .put(CONVERSATION_DELETED).putLong(d.owner()).putLong(d.peer()).putLong(d.upTo()).array();
    } else if (action instanceof Action.AllDeleted d) {
      return ByteBuffer.allocate(17).put(ALL_DELETED).putLong(d.owner()).putLong(d.upTo()).array();
    } else if (action instanceof Action.CapSet c) {
      return ByteBuffer.allocate(21)
          .put(CAP_SET).putLong(c.sender()).putInt(c.messages()).putLong(c.periodMillis()).array();
    } else if (action instanceof Action.Followed f) {
      return ByteBuffer.allocate(17).put(FOLLOWED).putLong(f.uid()).putLong(f.target()).array();
    } else if (action instanceof Action.Unfollowed f) {
      return ByteBuffer.allocate(17).put(UNFOLLOWED).putLong(f.uid()).putLong(f.target()).array();
    } else if (action instanceof Action.Unsubscribed u) {
      return ByteBuffer.allocate(17).put(UNSUBSCRIBED).putLong(u.uid()).putLong(u.target()).array();
    }
    Writer w = new Writer();
    if (action instanceof Action.Subscribed s) {
      w.b(SUBSCRIBED).l(s.uid()).l(s.target()).map(s.attributes());
    } else if (action instanceof Action.SegmentReplaced r) {
      w.b(SEGMENT_REPLACED).s(r.name()).uids(r.uids());
    } else if (action instanceof Action.SegmentExtended e) {
      w.b(SEGMENT_EXTENDED).s(e.name()).uids(e.uids());
    } else if (action instanceof Action.FollowersAdded f) {
      w.b(FOLLOWERS_ADDED).l(f.target()).uids(f.uids());
    } else if (action instanceof Action.BroadcastAccepted a) {
      w.b(BROADCAST_ACCEPTED).l(a.id()).l(a.from()).s(a.text());
      Audience audience = a.audience();
      if (audience instanceof Audience.Followers) {
        w.b(AUDIENCE_FOLLOWERS);
      } else if (audience instanceof Audience.Subscribers sub) {
        w.b(AUDIENCE_SUBSCRIBERS).map(sub.where());
      } else if (audience instanceof Audience.Uids uids) {
        w.b(AUDIENCE_UIDS).uids(uids.uids());
      } else if (audience instanceof Audience.Segment seg) {
        w.b(AUDIENCE_SEGMENT).s(seg.name());
      }
      w.b((byte) a.priority().ordinal()).s(a.idempotencyKey()).l(a.requestHash());
    } else if (action instanceof Action.BroadcastCompleted c) {
      w.b(BROADCAST_COMPLETED).l(c.id()).l(c.from()).l(c.completedAt());
    } else {
      throw new IllegalArgumentException("unknown action " + action);
    }
    return w.bytes();
  }

  /**
   * The message a log entry carries (a one-to-one send or a broadcast), or null for other
   * actions. Reads only the head of a broadcast: its audience may be a list of millions of uids.
   */
  public static Message message(byte[] bytes) {
    try {
      ByteBuffer b = ByteBuffer.wrap(bytes);
      return switch (b.get()) {
        case SENT -> new Message(b.getLong(), Message.Kind.SINGLE, b.getLong(), b.getLong(), getString(b));
        case BROADCAST_ACCEPTED -> {
          long id = b.getLong();
          yield new Message(id, Message.Kind.BROADCAST, b.getLong(), 0, getString(b));
        }
        default -> null;
      };
    } catch (BufferUnderflowException e) {
      throw new IllegalStateException("truncated action record", e);
    }
  }

  public static Action decode(byte[] bytes) {
    try {
      ByteBuffer b = ByteBuffer.wrap(bytes);
      byte type = b.get();
      return switch (type) {
        case SENT -> new Action.Sent(b.getLong(), b.getLong(), b.getLong(), getString(b),
            getString(b), b.getLong());
        case IMPORTED -> {
          int n = b.getInt();
          List<Action.Imported.Entry> entries = new ArrayList<>(n);
          for (int k = 0; k < n; k++) {
            entries.add(new Action.Imported.Entry(b.getLong(), b.getLong(), b.getLong(), getString(b)));
          }
          yield new Action.Imported(entries);
        }
        case READ_MARKED -> {
          long owner = b.getLong();
          long peer = b.getLong();
          long upTo = b.getLong();
          yield new Action.ReadMarked(owner, peer, getString(b), upTo);
        }
        case MESSAGE_DELETED -> new Action.MessageDeleted(b.getLong(), b.getLong(), b.getLong());
        case CONVERSATION_DELETED ->
            new Action.ConversationDeleted(b.getLong(), b.getLong(), b.getLong());
        case ALL_DELETED -> new Action.AllDeleted(b.getLong(), b.getLong());
        case CAP_SET -> new Action.CapSet(b.getLong(), b.getInt(), b.getLong());
        case FOLLOWED -> new Action.Followed(b.getLong(), b.getLong());
        case UNFOLLOWED -> new Action.Unfollowed(b.getLong(), b.getLong());
        case UNSUBSCRIBED -> new Action.Unsubscribed(b.getLong(), b.getLong());
        case SUBSCRIBED -> new Action.Subscribed(b.getLong(), b.getLong(), getMap(b));
        case SEGMENT_REPLACED -> new Action.SegmentReplaced(getString(b), Uids.read(b));
        case SEGMENT_EXTENDED -> new Action.SegmentExtended(getString(b), Uids.read(b));
        case FOLLOWERS_ADDED -> new Action.FollowersAdded(b.getLong(), Uids.read(b));
        case BROADCAST_ACCEPTED -> {
          long id = b.getLong();
          long from = b.getLong();
          String text = getString(b);
          byte kind = b.get();
          Audience audience = switch (kind) {
            case AUDIENCE_FOLLOWERS -> new Audience.Followers();
            case AUDIENCE_SUBSCRIBERS -> new Audience.Subscribers(getMap(b));
            case AUDIENCE_UIDS -> new Audience.Uids(Uids.read(b));
            case AUDIENCE_SEGMENT -> new Audience.Segment(getString(b));
            default -> throw new IllegalStateException("unknown audience type " + kind);
          };
          BroadcastRequest.Priority priority = BroadcastRequest.Priority.values()[b.get()];
          yield new Action.BroadcastAccepted(id, from, text, audience, priority, getString(b), b.getLong());
        }
        case BROADCAST_COMPLETED -> new Action.BroadcastCompleted(b.getLong(), b.getLong(), b.getLong());
        default -> throw new IllegalStateException("unknown action type " + type);
      };
    } catch (BufferUnderflowException e) {
      throw new IllegalStateException("truncated action record", e);
    }
  }

  private static byte[] utf8(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
  }

  private static int len(byte[] b) {
    return b == null ? 0 : b.length;
  }

  private static void putBytes(ByteBuffer b, byte[] bytes) {
    if (bytes == null) {
      b.putInt(-1);
    } else {
      b.putInt(bytes.length).put(bytes);
    }
  }

  private static Map<String, String> getMap(ByteBuffer b) {
    int n = b.getInt();
    Map<String, String> m = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      m.put(getString(b), getString(b));
    }
    return m;
  }

  /** A growable buffer for the variable-size actions. */
  private static final class Writer {
    private ByteBuffer buf = ByteBuffer.allocate(256);

    private Writer ensure(int n) {
      if (buf.remaining() < n) {
        ByteBuffer bigger = ByteBuffer.allocate(Math.max(buf.capacity() * 2, buf.position() + n));
        buf.flip();
        bigger.put(buf);
        buf = bigger;
      }
      return this;
    }

    Writer b(byte v) {
      ensure(1).buf.put(v);
      return this;
    }

    Writer l(long v) {
      ensure(8).buf.putLong(v);
      return this;
    }

    Writer s(String v) {
      byte[] bytes = utf8(v);
      ensure(4 + len(bytes));
      putBytes(buf, bytes);
      return this;
    }

    Writer map(Map<String, String> m) {
      ensure(4).buf.putInt(m.size());
      for (Map.Entry<String, String> e : new TreeMap<>(m).entrySet()) {
        s(e.getKey()).s(e.getValue());
      }
      return this;
    }

    Writer uids(long[] uids) {
      ensure(Uids.maxBytes(uids.length));
      Uids.write(buf, uids);
      return this;
    }

    byte[] bytes() {
      return java.util.Arrays.copyOf(buf.array(), buf.position());
    }
  }

  private static String getString(ByteBuffer b) {
    int n = b.getInt();
    if (n < 0) {
      return null;
    }
    String s = new String(b.array(), b.position(), n, StandardCharsets.UTF_8);
    b.position(b.position() + n);
    return s;
  }
}
