package io.letterbox.rows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A group's header (decision 0011), written by the group's partition: its name, owner, whether new
 * members see its earlier messages, its newest message's sequence number and id, and its member
 * count. Sequence numbers and ids grow together: one sequencer assigns both.
 */
public record GroupRow(String name, long owner, boolean newMembersSeeAll, long lastSeq, long lastId, int members) {
  private static final byte VERSION = 1;

  /** Whether its last member left (decision 0023): the group is gone, only former members' views of it stay. */
  public boolean gone() {
    return members == 0;
  }

  public GroupRow withLast(long seq, long id) {
    return new GroupRow(name, owner, newMembersSeeAll, seq, id, members);
  }

  /**
   * With {@code id} its newest message still posted (0: none), the newest having vanished: the
   * sequence numbers stay, the next post's follows {@code lastSeq}.
   */
  public GroupRow withLastId(long id) {
    return new GroupRow(name, owner, newMembersSeeAll, lastSeq, id, members);
  }

  public GroupRow withMembers(int count) {
    return new GroupRow(name, owner, newMembersSeeAll, lastSeq, lastId, count);
  }

  public GroupRow withName(String newName) {
    return new GroupRow(newName, owner, newMembersSeeAll, lastSeq, lastId, members);
  }

  public GroupRow withOwner(long newOwner) {
    return new GroupRow(name, newOwner, newMembersSeeAll, lastSeq, lastId, members);
  }

  public byte[] encode() {
    byte[] n = name.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(2 + 8 + 8 + 8 + 4 + 4 + n.length).put(VERSION).put((byte) (newMembersSeeAll ? 1 : 0))
        .putLong(owner).putLong(lastSeq).putLong(lastId).putInt(members).putInt(n.length).put(n).array();
  }

  /** @return the header, or null for no group */
  public static GroupRow decode(byte[] row) {
    if (row == null) {
      return null;
    }
    ByteBuffer b = ByteBuffer.wrap(row);
    b.get();
    boolean all = b.get() == 1;
    long owner = b.getLong();
    long lastSeq = b.getLong();
    long lastId = b.getLong();
    int members = b.getInt();
    int n = b.getInt();
    return new GroupRow(new String(row, b.position(), n, StandardCharsets.UTF_8), owner, all, lastSeq, lastId, members);
  }
}
