package io.letterbox.rows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * A member's state of one group, written by the member's partition (decision 0011). What it may
 * see: the group's messages with sequence numbers in {@code [fromSeq, toSeq]} (ids above
 * {@code fromId}, and at most {@code toId} once removed); each device's read position as the
 * (sequence number, id) of the last message read; the newest sequence number that mentions it.
 * Unread on a device is then the visible sequence numbers after its position: no row changes
 * when someone posts.
 *
 * @param joinId the id of the action that added it: its place in the conversation list until the
 *     group has a message it can see
 * @param toSeq {@link Long#MAX_VALUE} while it is a member
 */
public record MembershipRow(long joinId, long fromSeq, long fromId, long toSeq, long toId,
    Map<String, Position> positions, long mentionSeq) {
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
    return new MembershipRow(joinId, fromSeq, fromId, Long.MAX_VALUE, Long.MAX_VALUE, Map.of(), 0);
  }

  public boolean member() {
    return toSeq == Long.MAX_VALUE;
  }

  /** It was removed (or left) when the group's newest message was {@code seq}, {@code id}. */
  public MembershipRow removed(long seq, long id) {
    return new MembershipRow(joinId, fromSeq, fromId, seq, id, positions, mentionSeq);
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
    return new MembershipRow(joinId, fromSeq, fromId, toSeq, toId, m, mentionSeq);
  }

  public MembershipRow withMention(long seq) {
    return new MembershipRow(joinId, fromSeq, fromId, toSeq, toId, positions, Math.max(mentionSeq, seq));
  }

  /** The visible sequence numbers after {@code device}'s position, up to the group's {@code lastSeq}. */
  public long unread(String device, long lastSeq) {
    long last = Math.min(lastSeq, toSeq);
    long after = Math.max(position(device).seq(), fromSeq - 1);
    return Math.max(0, last - after);
  }

  public byte[] encode() {
    ByteBuffer b = ByteBuffer.allocate(1 + 8 * 6 + 4 + positions.size() * (4 + 16 + 16));
    b.put(VERSION).putLong(joinId).putLong(fromSeq).putLong(fromId).putLong(toSeq).putLong(toId).putLong(mentionSeq);
    b.putInt(positions.size());
    for (Map.Entry<String, Position> e : new TreeMap<>(positions).entrySet()) {
      byte[] d = e.getKey().getBytes(StandardCharsets.UTF_8);
      b.putInt(d.length).put(d).putLong(e.getValue().seq()).putLong(e.getValue().id());
    }
    return java.util.Arrays.copyOf(b.array(), b.position());
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
    int n = b.getInt();
    Map<String, Position> positions = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      byte[] d = new byte[b.getInt()];
      b.get(d);
      positions.put(new String(d, StandardCharsets.UTF_8), new Position(b.getLong(), b.getLong()));
    }
    return new MembershipRow(joinId, fromSeq, fromId, toSeq, toId, positions, mention);
  }
}
