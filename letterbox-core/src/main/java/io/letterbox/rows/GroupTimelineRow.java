package io.letterbox.rows;

import io.letterbox.store.Bytes;

/** A message of a group's timeline: its sequence number in the group and its sender. */
public record GroupTimelineRow(long seq, long from) {
  public byte[] encode() {
    byte[] v = new byte[16];
    Bytes.putLong(v, 0, seq);
    Bytes.putLong(v, 8, from);
    return v;
  }

  public static GroupTimelineRow decode(byte[] row) {
    return row == null ? null : new GroupTimelineRow(Bytes.getLong(row, 0), Bytes.getLong(row, 8));
  }
}
