package io.letterbox.server.backup;

import io.letterbox.engine.Letterbox;
import io.letterbox.hbase.HBaseSnapshots;
import io.letterbox.hbase.HBaseStoreOptions;
import io.letterbox.keys.Spaces;
import io.letterbox.store.Space;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code letterbox backup} and {@code letterbox restore} on HBase: snapshots of every table of the
 * namespace, cloned into a new namespace (decision 0047). The derived spaces are taken first, then
 * the journals, the log and the blobs, so that each table taken later holds what an earlier one
 * refers to (a journal entry names log entries; a logged message names blobs).
 */
public final class HBaseBackups {
  /** The primary spaces, each after those that refer to it. */
  private static final List<Space> PRIMARY_LAST = List.of(Spaces.JOURNAL, Spaces.LOG, Spaces.BLOB_UPLOADS,
      Spaces.BLOBS, Spaces.REVOCATIONS);

  private HBaseBackups() {}

  /** @return the backup's name */
  public static String take(HBaseStoreOptions options, Clock clock) {
    return HBaseSnapshots.take(options, order(), clock);
  }

  /** @return the name of the backup cloned into {@code into}; {@code backup} null: the latest */
  public static String restore(HBaseStoreOptions options, String backup, String into) {
    return HBaseSnapshots.restore(options, order(), backup, into);
  }

  static List<Space> order() {
    List<Space> ordered = new ArrayList<>(Letterbox.SPACES);
    ordered.removeAll(PRIMARY_LAST);
    ordered.addAll(PRIMARY_LAST);
    return ordered;
  }
}
