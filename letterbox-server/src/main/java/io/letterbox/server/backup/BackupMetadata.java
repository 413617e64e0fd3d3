package io.letterbox.server.backup;

import io.letterbox.rocksdb.RocksBackups;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;

/**
 * What the server keeps with each backup, as RocksDB's metadata of it: {@code createdAt=<RFC 3339>
 * upTo=<action id>}. A backup without it (taken by other means) reads as created when it ended, up
 * to no known action.
 */
final class BackupMetadata {
  private BackupMetadata() {}

  static String of(OnlineBackups.Backup backup) {
    return "createdAt=" + backup.createdAt() + " upTo=" + backup.upTo();
  }

  static OnlineBackups.Backup read(RocksBackups.Backup kept) {
    Map<String, String> fields = new HashMap<>();
    for (String field : kept.metadata().split(" ")) {
      int eq = field.indexOf('=');
      if (eq > 0) {
        fields.put(field.substring(0, eq), field.substring(eq + 1));
      }
    }
    Instant createdAt = kept.finishedAt();
    long upTo = 0;
    try {
      createdAt = fields.containsKey("createdAt") ? Instant.parse(fields.get("createdAt")) : createdAt;
      upTo = fields.containsKey("upTo") ? Long.parseLong(fields.get("upTo")) : 0;
    } catch (DateTimeParseException | NumberFormatException foreign) {
      // metadata of another taker: the defaults stand
    }
    return new OnlineBackups.Backup(kept.id(), OnlineBackups.Status.DONE, createdAt, kept.bytes(), upTo);
  }
}
