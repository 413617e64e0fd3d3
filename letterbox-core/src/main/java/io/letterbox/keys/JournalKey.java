package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * A partition's journal entry: partition(2) then seq(8), big-endian, so one partition's entries
 * scan in seq order (decision 0007).
 */
public final class JournalKey {
  /** The partition: HBase keeps one partition's journal in one salt bucket, in order. */
  public static final int PARTITION_PREFIX = 2;

  private JournalKey() {}

  public static byte[] of(int partition, long seq) {
    byte[] k = new byte[10];
    k[0] = (byte) (partition >>> 8);
    k[1] = (byte) partition;
    Bytes.putLong(k, 2, seq);
    return k;
  }

  /** The entries of {@code partition} from {@code seq} on. */
  public static KeyRange from(int partition, long seq) {
    return new KeyRange(of(partition, seq), Bytes.prefixEnd(new byte[] {(byte) (partition >>> 8), (byte) partition}));
  }

  public static long seq(byte[] key) {
    return Bytes.getLong(key, 2);
  }
}
