package io.letterbox.rows;

import io.letterbox.model.Extras;
import io.letterbox.model.Folder;
import io.letterbox.model.Message;
import io.letterbox.store.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One conversation of an owner, everything its list item needs (decision 0008): the newest
 * visible one-to-one message ({@code lastId}, 0 for none, with its sender and text), the owner's settings, whether it waits in the requests folder, whether
 * the owner blocked the peer (read by every send from the peer, with the row the send's applier
 * reads anyway), how far the peer has read (read receipts) and received (delivery receipts,
 * decision 0051), whether the owner ever wrote to the peer ({@code wrote}: kept when the
 * conversation is deleted, so that the peer is no stranger to the requests folder), the incoming live messages it ever got, and each device's read position.
 * Kept by the owner's partition only. The row as stored has no text ({@link #encode}); its activity
 * entry carries a copy with the text ({@link #encodeWithText}), so that a page of the list is one
 * range scan and reads no message.
 *
 * @param lastText the last message's text; null where not known (a row read without it)
 * @param lastType the last message's type where it is not {@code text} (kept with the text); null for text
 * @param lastStatus the last message's status: recalled (decision 0009) or removed (decision 0042) are kept with the text
 * @param lastEditedAt when the last message was edited, 0 for never (kept with the text)
 * @param positions the devices that ever read, by name (absent: {@link ReadPosition#NONE})
 * @param lastReplyTo the message the last message replies to, 0 for none (kept with the text): its
 *     list item shows the quote without reading the last message
 * @param peerDeliveredUpTo the highest id of the owner's messages that a device of the peer received
 *     (decision 0051), 0 for none
 */
public record ConversationRow(long lastId, long lastFrom, String lastText, String lastType, Message.Status lastStatus,
    long lastEditedAt, long peerReadUpTo, boolean pinned,
    boolean muted, boolean archived, boolean request, boolean blocked, boolean wrote, long incoming,
    SortedMap<String, ReadPosition> positions, long lastReplyTo, long peerDeliveredUpTo) {
  public static final ConversationRow NONE =
      new ConversationRow(0, 0, null, null, Message.Status.NORMAL, 0, 0, false, false, false, false, false, false, 0, new TreeMap<>());

  /**
   * Version 1 (store format 2) had no incoming count, positions or last message; version 2 no
   * revision of the last message; version 3 (up to store format 9) no delivery receipt.
   */
  private static final byte VERSION = 4;
  /** Where the number of positions is: after the delivery receipt from version 4 on. */
  private static final int POSITIONS = 42;
  private static final int POSITIONS_BEFORE_4 = 34;
  /** Bits of the last message's revision byte (from version 3 on, with the text). */
  private static final int LAST_RECALLED = 1;
  private static final int LAST_EDITED = 2;
  /** Removed (decision 0042): set with {@link #LAST_RECALLED}, whose readers show its content gone too. */
  private static final int LAST_REMOVED = 4;
  /** The last message is a reply: the id of the message it replies to follows (8 bytes). */
  private static final int LAST_REPLY = 8;
  private static final int PINNED = 1;
  private static final int MUTED = 2;
  private static final int ARCHIVED = 4;
  private static final int REQUEST = 8;
  private static final int BLOCKED = 16;
  private static final int WROTE = 32;
  private static final int HAS_TEXT = 64;
  /** The last message is of a type other than text, written before its text. */
  private static final int HAS_TYPE = 128;

  /** Whether the last message's content is gone: recalled or removed. */
  public boolean lastRecalled() {
    return lastStatus != Message.Status.NORMAL;
  }

  /** A row whose last message replies to none, of a conversation none of whose messages is known delivered. */
  public ConversationRow(long lastId, long lastFrom, String lastText, String lastType, Message.Status lastStatus,
      long lastEditedAt, long peerReadUpTo, boolean pinned, boolean muted, boolean archived, boolean request,
      boolean blocked, boolean wrote, long incoming, SortedMap<String, ReadPosition> positions) {
    this(lastId, lastFrom, lastText, lastType, lastStatus, lastEditedAt, peerReadUpTo, pinned, muted, archived, request,
        blocked, wrote, incoming, positions, 0, 0);
  }

  public ConversationRow {
    // Most rows have no position yet (no device read): they share one empty map.
    positions = positions.isEmpty() ? Collections.emptySortedMap()
        : Collections.unmodifiableSortedMap(new TreeMap<>(positions));
  }

  /** The folder it is listed in. */
  public Folder folder() {
    return archived ? Folder.ARCHIVED : request ? Folder.REQUESTS : Folder.DEFAULT;
  }

  /** @return the device's position ({@link ReadPosition#NONE} if it never read) */
  public ReadPosition position(String device) {
    return positions.getOrDefault(device, ReadPosition.NONE);
  }

  /** @return the newest visible one-to-one message, as {@code owner} (whose row this is, with {@code peer}) sees it; null if none */
  public Message lastMessage(long owner, long peer) {
    if (lastId == 0) {
      return null;
    }
    return new Message(lastId, Message.Kind.SINGLE, lastFrom, lastFrom == owner ? peer : owner, lastText,
        lastType == null && lastReplyTo == 0 ? Extras.TEXT
            : new Extras(lastType == null ? Extras.TEXT_TYPE : lastType, null, java.util.List.of()).withReplyTo(lastReplyTo),
        lastStatus, lastEditedAt);
  }

  /** The newest visible one-to-one message is now text message {@code id} from {@code from} (0: none). */
  public ConversationRow withLast(long id, long from, String text) {
    return withLast(id, from, text, null, 0);
  }

  /** The newest visible one-to-one message is now {@code id} from {@code from} (0: none), of {@code type}. */
  public ConversationRow withLast(long id, long from, String text, String type) {
    return withLast(id, from, text, type, 0);
  }

  /**
   * The newest visible one-to-one message is now {@code id} from {@code from} (0: none), of {@code type},
   * replying to {@code replyTo} (0: to none).
   */
  public ConversationRow withLast(long id, long from, String text, String type, long replyTo) {
    return withLast(id, from, text, type, Message.Status.NORMAL, 0, replyTo);
  }

  private ConversationRow withLast(long id, long from, String text, String type, Message.Status status, long editedAt,
      long replyTo) {
    String t = type == null || type.equals(Extras.TEXT_TYPE) ? null : type;
    return id == 0
        ? new ConversationRow(0, 0, null, null, Message.Status.NORMAL, 0, peerReadUpTo, pinned, muted, archived, request, blocked, wrote,
            incoming, positions, 0, peerDeliveredUpTo)
        : new ConversationRow(id, from, text, t, status, editedAt, peerReadUpTo, pinned, muted, archived, request,
            blocked, wrote, incoming, positions, replyTo, peerDeliveredUpTo);
  }

  /** The newest visible one-to-one message is now {@code m} as it is now ({@code null}: none). */
  public ConversationRow withLast(Message m) {
    return m == null ? withLast(0, 0, null)
        : withLast(m.id(), m.from(), m.text(), m.extras().type(), m.status(), m.editedAt(), m.extras().replyTo());
  }

  public ConversationRow withPeerReadUpTo(long id) {
    return new ConversationRow(lastId, lastFrom, lastText, lastType, lastStatus, lastEditedAt, id, pinned, muted, archived, request, blocked, wrote, incoming,
        positions, lastReplyTo, peerDeliveredUpTo);
  }

  /** The peer's devices received the owner's messages up to {@code id} (its delivery receipt, decision 0051). */
  public ConversationRow withPeerDeliveredUpTo(long id) {
    return new ConversationRow(lastId, lastFrom, lastText, lastType, lastStatus, lastEditedAt, peerReadUpTo, pinned, muted, archived, request, blocked, wrote, incoming,
        positions, lastReplyTo, id);
  }

  public ConversationRow withSettings(boolean pinned, boolean muted, boolean archived) {
    return new ConversationRow(lastId, lastFrom, lastText, lastType, lastStatus, lastEditedAt, peerReadUpTo, pinned, muted, archived, request, blocked, wrote,
        incoming, positions, lastReplyTo, peerDeliveredUpTo);
  }

  public ConversationRow withRequest(boolean request) {
    return new ConversationRow(lastId, lastFrom, lastText, lastType, lastStatus, lastEditedAt, peerReadUpTo, pinned, muted, archived, request, blocked, wrote,
        incoming, positions, lastReplyTo, peerDeliveredUpTo);
  }

  public ConversationRow withBlocked(boolean blocked) {
    return new ConversationRow(lastId, lastFrom, lastText, lastType, lastStatus, lastEditedAt, peerReadUpTo, pinned, muted, archived, request, blocked, wrote,
        incoming, positions, lastReplyTo, peerDeliveredUpTo);
  }

  /** The owner wrote to the peer. */
  public ConversationRow withWrote() {
    return new ConversationRow(lastId, lastFrom, lastText, lastType, lastStatus, lastEditedAt, peerReadUpTo, pinned, muted, archived, request, blocked, true,
        incoming, positions, lastReplyTo, peerDeliveredUpTo);
  }

  public ConversationRow withIncoming(long incoming) {
    return new ConversationRow(lastId, lastFrom, lastText, lastType, lastStatus, lastEditedAt, peerReadUpTo, pinned, muted, archived, request, blocked, wrote,
        incoming, positions, lastReplyTo, peerDeliveredUpTo);
  }

  public ConversationRow withPosition(String device, ReadPosition p) {
    SortedMap<String, ReadPosition> now = new TreeMap<>(positions);
    now.put(device, p);
    return new ConversationRow(lastId, lastFrom, lastText, lastType, lastStatus, lastEditedAt, peerReadUpTo, pinned, muted, archived, request, blocked, wrote,
        incoming, now, lastReplyTo, peerDeliveredUpTo);
  }

  /** The row as stored in its own space: without the text. */
  public byte[] encode() {
    return encode(null);
  }

  /** The row with its last message's text, as its activity entry carries it. */
  public byte[] encodeWithText() {
    if (lastId > 0 && lastText == null) {
      throw new IllegalStateException("the text of message " + lastId + " is not known");
    }
    return encode(lastText);
  }

  /*
   * Layout: version, flags, lastId, lastFrom, peerReadUpTo, incoming, peerDeliveredUpTo (8 bytes each), the number of
   * positions (1 byte), each as device name length (1 byte), name (ASCII), upTo and base; then, if
   * the flags say the text follows, the last message's revision (1 byte; then editedAt, 8 bytes, if
   * edited; then the id the last message replies to, 8 bytes, if it is a reply), its type if the flags say so (1 byte length, ASCII) and its text (UTF-8) to the end.
   */
  private byte[] encode(String withText) {
    byte[][] names = new byte[positions.size()][];
    int size = POSITIONS + 1;
    int n = 0;
    for (String device : positions.keySet()) {
      names[n] = device.getBytes(StandardCharsets.US_ASCII);
      size += 1 + names[n].length + 16;
      n++;
    }
    byte[] text = withText == null ? new byte[0] : withText.getBytes(StandardCharsets.UTF_8);
    byte[] type = withText == null || lastType == null ? null : lastType.getBytes(StandardCharsets.US_ASCII);
    if (type != null) {
      size += 1 + type.length;
    }
    if (withText != null) {
      size += 1 + (lastEditedAt != 0 ? 8 : 0) + (lastReplyTo != 0 ? 8 : 0);
    }
    byte[] v = new byte[size + text.length];
    v[0] = VERSION;
    v[1] = (byte) ((pinned ? PINNED : 0) | (muted ? MUTED : 0) | (archived ? ARCHIVED : 0) | (request ? REQUEST : 0)
        | (blocked ? BLOCKED : 0) | (wrote ? WROTE : 0) | (withText != null ? HAS_TEXT : 0) | (type != null ? HAS_TYPE : 0));
    Bytes.putLong(v, 2, lastId);
    Bytes.putLong(v, 10, lastFrom);
    Bytes.putLong(v, 18, peerReadUpTo);
    Bytes.putLong(v, 26, incoming);
    Bytes.putLong(v, 34, peerDeliveredUpTo);
    v[POSITIONS] = (byte) positions.size();
    int at = POSITIONS + 1;
    n = 0;
    for (ReadPosition p : positions.values()) {
      v[at++] = (byte) names[n].length;
      System.arraycopy(names[n], 0, v, at, names[n].length);
      at += names[n].length;
      Bytes.putLong(v, at, p.upTo());
      Bytes.putLong(v, at + 8, p.base());
      at += 16;
      n++;
    }
    if (withText != null) {
      v[at++] = (byte) ((lastStatus != Message.Status.NORMAL ? LAST_RECALLED : 0) | (lastEditedAt != 0 ? LAST_EDITED : 0)
          | (lastStatus == Message.Status.REMOVED ? LAST_REMOVED : 0) | (lastReplyTo != 0 ? LAST_REPLY : 0));
      if (lastEditedAt != 0) {
        Bytes.putLong(v, at, lastEditedAt);
        at += 8;
      }
      if (lastReplyTo != 0) {
        Bytes.putLong(v, at, lastReplyTo);
        at += 8;
      }
    }
    if (type != null) {
      v[at++] = (byte) type.length;
      System.arraycopy(type, 0, v, at, type.length);
      at += type.length;
    }
    System.arraycopy(text, 0, v, at, text.length);
    return v;
  }

  /** @return the row, or {@link #NONE} for none */
  public static ConversationRow decode(byte[] v) {
    if (v == null) {
      return NONE;
    }
    int f = v[1];
    boolean pinned = (f & PINNED) != 0;
    boolean muted = (f & MUTED) != 0;
    boolean archived = (f & ARCHIVED) != 0;
    boolean request = (f & REQUEST) != 0;
    boolean blocked = (f & BLOCKED) != 0;
    boolean wrote = (f & WROTE) != 0;
    if (v[0] == 1) {
      // Read only by the start-up pass that gives such a row its counts, positions and last message.
      return new ConversationRow(Bytes.getLong(v, 2), 0, null, null, Message.Status.NORMAL, 0, Bytes.getLong(v, 10), pinned, muted, archived, request,
          blocked, wrote, 0, new TreeMap<>());
    }
    if (v[0] < 2 || v[0] > VERSION) {
      throw new IllegalStateException("conversation row of unknown version " + v[0]);
    }
    int count = v[0] == VERSION ? POSITIONS : POSITIONS_BEFORE_4;
    long delivered = v[0] == VERSION ? Bytes.getLong(v, 34) : 0;
    SortedMap<String, ReadPosition> positions = v[count] == 0 ? Collections.emptySortedMap() : new TreeMap<>();
    int at = count + 1;
    for (int n = v[count]; n > 0; n--) {
      int len = v[at++];
      String device = new String(v, at, len, StandardCharsets.US_ASCII);
      at += len;
      positions.put(device, new ReadPosition(Bytes.getLong(v, at), Bytes.getLong(v, at + 8)));
      at += 16;
    }
    Message.Status status = Message.Status.NORMAL;
    long editedAt = 0;
    long replyTo = 0;
    if ((f & HAS_TEXT) != 0 && v[0] >= 3) {
      int last = v[at++];
      status = (last & LAST_REMOVED) != 0 ? Message.Status.REMOVED
          : (last & LAST_RECALLED) != 0 ? Message.Status.RECALLED : Message.Status.NORMAL;
      if ((last & LAST_EDITED) != 0) {
        editedAt = Bytes.getLong(v, at);
        at += 8;
      }
      if ((last & LAST_REPLY) != 0) {
        replyTo = Bytes.getLong(v, at);
        at += 8;
      }
    }
    String type = null;
    if ((f & HAS_TYPE) != 0) {
      int len = v[at++];
      type = new String(v, at, len, StandardCharsets.US_ASCII);
      at += len;
    }
    String text = (f & HAS_TEXT) != 0 ? new String(v, at, v.length - at, StandardCharsets.UTF_8) : null;
    return new ConversationRow(Bytes.getLong(v, 2), Bytes.getLong(v, 10), text, type, status, editedAt, Bytes.getLong(v, 18), pinned, muted, archived, request, blocked, wrote,
        Bytes.getLong(v, 26), positions, replyTo, delivered);
  }

  /** Whether a stored row is of the version before incoming counts and positions moved into it. */
  public static boolean isVersion1(byte[] v) {
    return v != null && v[0] == 1;
  }

  @Override
  public String toString() {
    return "ConversationRow[lastId=" + lastId + ", folder=" + folder() + ", pinned=" + pinned + ", muted=" + muted
        + ", blocked=" + blocked + ", wrote=" + wrote + ", incoming=" + incoming + ", positions=" + positions
        + ", peerReadUpTo=" + peerReadUpTo + ", peerDeliveredUpTo=" + peerDeliveredUpTo + "]";
  }
}
