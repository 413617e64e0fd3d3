package io.letterbox.rows;

import io.letterbox.store.Bytes;

/**
 * A message's pin in a conversation (decision 0050): whether it is pinned, the version of that
 * state, and the log id of the action that set it. A pin or unpin is decided on the version it
 * saw plus one; the higher version wins, and of two with one version (the parties' concurrent
 * actions, decided on different partitions) the higher log id, whichever order the partitions
 * apply them in: live and replayed stores agree. Layout: version(8) id(8) pinned(1).
 *
 * @param by the log id of the pin or unpin that set it
 */
public record PinRow(long version, long by, boolean pinned) {
  public byte[] encode() {
    byte[] b = new byte[17];
    Bytes.putLong(b, 0, version);
    Bytes.putLong(b, 8, by);
    b[16] = (byte) (pinned ? 1 : 0);
    return b;
  }

  /** Whether this row's state came after {@code other}'s (null: none). */
  public boolean after(PinRow other) {
    return other == null || version > other.version || version == other.version && by > other.by;
  }

  /** @return the row, or null for none */
  public static PinRow decode(byte[] b) {
    return b == null ? null : new PinRow(Bytes.getLong(b, 0), Bytes.getLong(b, 8), b[16] != 0);
  }
}
