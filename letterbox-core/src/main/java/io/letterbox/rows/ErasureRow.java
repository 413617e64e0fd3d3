package io.letterbox.rows;

import io.letterbox.store.Bytes;

/**
 * A user's newest erasure (decision 0044), a deployment record keyed by the user: version(1),
 * id(8) (the log id of the action that started it), startedAt(8), completedAt(8) (0 while it
 * runs), all epoch milliseconds.
 */
public record ErasureRow(long id, long uid, long startedAt, long completedAt) {
  private static final byte VERSION = 1;

  public boolean done() {
    return completedAt != 0;
  }

  public ErasureRow completed(long at) {
    return new ErasureRow(id, uid, startedAt, at);
  }

  public byte[] encode() {
    byte[] v = new byte[33];
    v[0] = VERSION;
    Bytes.putLong(v, 1, id);
    Bytes.putLong(v, 9, uid);
    Bytes.putLong(v, 17, startedAt);
    Bytes.putLong(v, 25, completedAt);
    return v;
  }

  public static ErasureRow decode(byte[] v) {
    return v == null ? null : new ErasureRow(Bytes.getLong(v, 1), Bytes.getLong(v, 9), Bytes.getLong(v, 17), Bytes.getLong(v, 25));
  }
}
