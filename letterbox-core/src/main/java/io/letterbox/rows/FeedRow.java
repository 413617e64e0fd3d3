package io.letterbox.rows;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.letterbox.store.Bytes;

/**
 * One event of an owner's change feed (the {@code feed} space, decision 0010): what it names, not
 * the content, which is read from the log, rows and revisions when it is served.
 *
 * <p>Layout: type (1 byte), flags (1), peer (8), message id (8), up-to id (8), the device
 * (UTF-8) to the end.
 *
 * @param peer      the conversation's other party; 0 for a delete of every conversation; the
 *                  group of a group event
 * @param messageId the message it is about (message, recalled, edited, removed, a delete of one message)
 * @param upTo      read: the id read up to; deleted (a conversation or all): the id emptied up to
 * @param flags     conversation: {@link #PINNED}, {@link #MUTED}, {@link #ARCHIVED}, {@link #GROUP}; read: {@link #BY_PEER};
 *                  group: {@link #JOINED} (else it left)
 * @param device    read by one of the owner's devices: its name; else empty
 */
public record FeedRow(Type type, long peer, long messageId, long upTo, int flags, String device) {
  public static final int PINNED = 1;
  public static final int MUTED = 2;
  public static final int ARCHIVED = 4;
  /** A read receipt: the peer read the owner's messages. */
  public static final int BY_PEER = 8;
  /** A group event: the owner joined the group. */
  public static final int JOINED = 16;
  /** A conversation event of a group: {@code peer} is the group's id (decision 0050). */
  public static final int GROUP = 32;

  /** The owner joined ({@code joined}) or left group {@code gid}. */
  public static FeedRow group(long gid, boolean joined) {
    return new FeedRow(Type.GROUP, gid, 0, 0, joined ? JOINED : 0, "");
  }

  /** The kinds of event; their codes are stored, never renumbered. */
  public enum Type {
    MESSAGE(1), RECALLED(2), EDITED(3), READ(4), DELETED(5), CONVERSATION(6), GROUP(7), REMOVED(8),
    /** Someone reacted to a message or took a reaction back (decision 0049); coded as its action's tag. */
    REACTION(38);

    final int code;

    Type(int code) {
      this.code = code;
    }

    static Type of(int code) {
      for (Type t : values()) {
        if (t.code == code) {
          return t;
        }
      }
      throw new IllegalArgumentException("unknown feed event type " + code);
    }
  }

  public static FeedRow message(Type type, long peer, long messageId) {
    return new FeedRow(type, peer, messageId, 0, 0, "");
  }

  public byte[] encode() {
    byte[] d = device.getBytes(UTF_8);
    byte[] v = new byte[26 + d.length];
    v[0] = (byte) type.code;
    v[1] = (byte) flags;
    Bytes.putLong(v, 2, peer);
    Bytes.putLong(v, 10, messageId);
    Bytes.putLong(v, 18, upTo);
    System.arraycopy(d, 0, v, 26, d.length);
    return v;
  }

  public static FeedRow decode(byte[] v) {
    return new FeedRow(Type.of(v[0]), Bytes.getLong(v, 2), Bytes.getLong(v, 10), Bytes.getLong(v, 18), v[1] & 0xff,
        new String(v, 26, v.length - 26, UTF_8));
  }
}
