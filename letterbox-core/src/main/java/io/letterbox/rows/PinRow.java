package io.letterbox.rows;

import io.letterbox.store.Bytes;

/**
 * A message's pin in a conversation (decision 0050): the log id of the action that last pinned
 * or unpinned it, and whether it is pinned. The action with the higher id wins, whichever order
 * two parties' partitions apply them in, so live and replayed stores agree. Layout: id(8) pinned(1).
 *
 * @param by the log id of the pin or unpin that set it
 */
public record PinRow(long by, boolean pinned) {
  public byte[] encode() {
    byte[] b = new byte[9];
    Bytes.putLong(b, 0, by);
    b[8] = (byte) (pinned ? 1 : 0);
    return b;
  }

  /** @return the row, or null for none */
  public static PinRow decode(byte[] b) {
    return b == null ? null : new PinRow(Bytes.getLong(b, 0), b[8] != 0);
  }
}
