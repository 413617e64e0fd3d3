package io.letterbox.log;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

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
    }
    throw new IllegalArgumentException("unknown action " + action);
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
