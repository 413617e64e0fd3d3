package io.letterbox.rows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.buffer.ImmutableRoaringBitmap;

/**
 * A member's state of one group, written by the member's partition (decision 0011). What it may
 * see: the group's messages with sequence numbers in {@code [fromSeq, toSeq]} (ids above
 * {@code fromId}, and at most {@code toId} once removed); each device's read position as the
 * (sequence number, id) of the last message read; the newest sequence number that mentions it.
 * Unread on a device is then the visible sequence numbers after its position, less the messages
 * it deleted above it and the group's vanished posts: no row changes when someone posts.
 *
 * @param joinId the id of the action that added it: its place in the conversation list until the
 *     group has a message it can see
 * @param toSeq {@link Long#MAX_VALUE} while it is a member
 * @param unreadHidden the messages it deleted that some device had not read (sorted ids; those
 *     every device has read are dropped): unread counts leave them out
 * @param newestHidden the newest message it deleted (0: none), so that reads look for deleted
 *     messages only where there can be some
 * @param settings {@link #PINNED}, {@link #MUTED}, {@link #ARCHIVED}: its settings of the group's conversation
 * @param archivedAt the group's newest message when it was archived: a newer one brings the group
 *     back to the default list unless it is muted, with no write when it is posted
 */
public record MembershipRow(long joinId, long fromSeq, long fromId, long toSeq, long toId,
    Map<String, Position> positions, long mentionSeq, long[] unreadHidden, long newestHidden, int settings,
    long archivedAt) {
  public static final int PINNED = 1;
  public static final int MUTED = 2;
  public static final int ARCHIVED = 4;
  private static final byte VERSION = 1;

  /** A device's place: it read up to message {@code id}, the group's {@code seq}-th. */
  public record Position(long seq, long id) {
    public static final Position NONE = new Position(0, 0);
  }

  public MembershipRow {
    positions = Map.copyOf(positions);
  }

  /** A new member, seeing the group's messages from sequence number {@code fromSeq}, id above {@code fromId}. */
  public static MembershipRow joined(long joinId, long fromSeq, long fromId) {
    return new MembershipRow(joinId, fromSeq, fromId, Long.MAX_VALUE, Long.MAX_VALUE, Map.of(), 0, new long[0], 0, 0, 0);
  }

  public boolean member() {
    return toSeq == Long.MAX_VALUE;
  }

  public boolean pinned() {
    return (settings & PINNED) != 0;
  }

  public boolean muted() {
    return (settings & MUTED) != 0;
  }

  /** Whether it is listed in the archive, its newest visible message being {@code lastId}. */
  public boolean archived(long lastId) {
    return (settings & ARCHIVED) != 0 && (muted() || lastId <= archivedAt);
  }

  /** It was removed (or left) when the group's newest message was {@code seq}, {@code id}: it keeps what it saw. */
  public MembershipRow removed(long seq, long id) {
    return new MembershipRow(joinId, fromSeq, fromId, seq, id, positions, mentionSeq, unreadHidden, newestHidden,
        settings, archivedAt);
  }

  public Position position(String device) {
    return positions.getOrDefault(device, Position.NONE);
  }

  /** With {@code device} read up to {@code p}, if that is further. */
  public MembershipRow withPosition(String device, Position p) {
    if (p.seq() <= position(device).seq()) {
      return this;
    }
    Map<String, Position> m = new TreeMap<>(positions);
    m.put(device, p);
    return new MembershipRow(joinId, fromSeq, fromId, toSeq, toId, m, mentionSeq, unreadHidden, newestHidden, settings,
        archivedAt);
  }

  public MembershipRow withMention(long seq) {
    return new MembershipRow(joinId, fromSeq, fromId, toSeq, toId, positions, Math.max(mentionSeq, seq), unreadHidden,
        newestHidden, settings, archivedAt);
  }

  /** With its settings; archived now, the group's newest message being {@code lastId}. */
  public MembershipRow withSettings(boolean pinned, boolean muted, boolean archived, long lastId) {
    int s = (pinned ? PINNED : 0) | (muted ? MUTED : 0) | (archived ? ARCHIVED : 0);
    return new MembershipRow(joinId, fromSeq, fromId, toSeq, toId, positions, mentionSeq, unreadHidden, newestHidden, s,
        archived ? lastId : 0);
  }

  /** With message {@code id} deleted from the member's view; {@code unread}: some device has not read it. */
  public MembershipRow withHidden(long id, boolean unread) {
    long[] hidden = unreadHidden;
    if (unread && Arrays.binarySearch(hidden, id) < 0) {
      hidden = Arrays.copyOf(hidden, hidden.length + 1);
      hidden[hidden.length - 1] = id;
      Arrays.sort(hidden);
    }
    return new MembershipRow(joinId, fromSeq, fromId, toSeq, toId, positions, mentionSeq, hidden,
        Math.max(newestHidden, id), settings, archivedAt);
  }

  /** Drops the deleted messages that every device of {@code devices} (all the deployment's) has read. */
  public MembershipRow pruned(Collection<String> devices) {
    if (unreadHidden.length == 0) {
      return this;
    }
    long least = Long.MAX_VALUE;
    for (String d : devices) {
      least = Math.min(least, position(d).id());
    }
    int keep = 0;
    for (long id : unreadHidden) {
      keep += id > least ? 1 : 0;
    }
    if (keep == unreadHidden.length) {
      return this;
    }
    long[] hidden = Arrays.copyOfRange(unreadHidden, unreadHidden.length - keep, unreadHidden.length);
    return new MembershipRow(joinId, fromSeq, fromId, toSeq, toId, positions, mentionSeq, hidden, newestHidden, settings,
        archivedAt);
  }

  /**
   * The visible sequence numbers after {@code device}'s position, up to the group's {@code lastSeq},
   * less its deletes and less the group's {@code vanished} ones (decision 0045; sequence numbers,
   * unsigned). Its deletes must not name vanished posts ({@link #withoutHidden}).
   */
  public long unread(String device, long lastSeq, ImmutableRoaringBitmap vanished) {
    long last = Math.min(lastSeq, toSeq);
    Position at = position(device);
    long after = Math.max(at.seq(), fromSeq - 1);
    long hidden = 0;
    for (long id : unreadHidden) {
      hidden += id > at.id() && id <= toId ? 1 : 0;
    }
    long gone = last > after ? vanished.rangeCardinality(after + 1, last + 1) : 0;
    return Math.max(0, last - after - hidden - gone);
  }

  /** Without the deletes of {@code ids} among those unread counts leave out (posts that vanished since). */
  public MembershipRow withoutHidden(java.util.Set<Long> ids) {
    long[] kept = Arrays.stream(unreadHidden).filter(id -> !ids.contains(id)).toArray();
    return kept.length == unreadHidden.length ? this : new MembershipRow(joinId, fromSeq, fromId, toSeq, toId, positions,
        mentionSeq, kept, newestHidden, settings, archivedAt);
  }

  public byte[] encode() {
    ByteBuffer b = ByteBuffer.allocate(1 + 8 * 7 + 4 + positions.size() * (4 + 16 + 16) + 4 + 8 * unreadHidden.length
        + 4 + 8);
    b.put(VERSION).putLong(joinId).putLong(fromSeq).putLong(fromId).putLong(toSeq).putLong(toId).putLong(mentionSeq)
        .putLong(newestHidden);
    b.putInt(positions.size());
    for (Map.Entry<String, Position> e : new TreeMap<>(positions).entrySet()) {
      byte[] d = e.getKey().getBytes(StandardCharsets.UTF_8);
      b.putInt(d.length).put(d).putLong(e.getValue().seq()).putLong(e.getValue().id());
    }
    b.putInt(unreadHidden.length);
    for (long id : unreadHidden) {
      b.putLong(id);
    }
    b.putInt(settings).putLong(archivedAt);
    return Arrays.copyOf(b.array(), b.position());
  }

  /** @return the row, or null for none */
  public static MembershipRow decode(byte[] row) {
    if (row == null) {
      return null;
    }
    ByteBuffer b = ByteBuffer.wrap(row);
    b.get();
    long joinId = b.getLong();
    long fromSeq = b.getLong();
    long fromId = b.getLong();
    long toSeq = b.getLong();
    long toId = b.getLong();
    long mention = b.getLong();
    long newestHidden = b.getLong();
    int n = b.getInt();
    Map<String, Position> positions = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      byte[] d = new byte[b.getInt()];
      b.get(d);
      positions.put(new String(d, StandardCharsets.UTF_8), new Position(b.getLong(), b.getLong()));
    }
    long[] hidden = new long[b.getInt()];
    for (int i = 0; i < hidden.length; i++) {
      hidden[i] = b.getLong();
    }
    int settings = b.getInt();
    long archivedAt = b.getLong();
    return new MembershipRow(joinId, fromSeq, fromId, toSeq, toId, positions, mention, hidden, newestHidden, settings,
        archivedAt);
  }
}
