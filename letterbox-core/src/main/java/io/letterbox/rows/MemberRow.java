package io.letterbox.rows;

import io.letterbox.model.GroupRole;
import java.nio.ByteBuffer;

/** A member as its group's partition knows it: its role and when it joined (epoch milliseconds). */
public record MemberRow(GroupRole role, long joinedAt) {
  public byte[] encode() {
    return ByteBuffer.allocate(9).put((byte) role.ordinal()).putLong(joinedAt).array();
  }

  /** @return the member, or null for none */
  public static MemberRow decode(byte[] row) {
    if (row == null) {
      return null;
    }
    ByteBuffer b = ByteBuffer.wrap(row);
    return new MemberRow(GroupRole.values()[b.get()], b.getLong());
  }
}
