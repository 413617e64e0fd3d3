package io.letterbox.hbase;

import io.letterbox.store.KeyRange;
import io.letterbox.store.Space;
import java.util.Objects;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;

/**
 * A space and the table that holds it: one column family {@link #FAMILY}, one qualifier
 * {@link #QUALIFIER}, row keys salted by {@link Salt}.
 *
 * @param buckets the table's salt buckets, as it was created with
 */
record SpaceTable(Space space, TableName name, int buckets, AsyncTable<AdvancedScanResultConsumer> table) {
  static final byte[] FAMILY = {'d'};
  /** Empty: a cell's key then costs nothing beyond its row. */
  static final byte[] QUALIFIER = {};

  /**
   * @return the row key of {@code key}
   * @throws IllegalArgumentException if the key is longer than an HBase row may be
   */
  byte[] row(byte[] key) {
    if (Objects.requireNonNull(key, "key").length >= HConstants.MAX_ROW_LENGTH) {
      throw new IllegalArgumentException("a key must be shorter than " + HConstants.MAX_ROW_LENGTH + " bytes: "
          + key.length);
    }
    return Salt.row(key, space.prefixLength(), buckets);
  }

  /** @return the salts a scan of {@code range} reads */
  int[] salts(KeyRange range) {
    return Salt.of(range, space.prefixLength(), buckets);
  }
}
