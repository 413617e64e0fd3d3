package io.letterbox.store;

import java.util.Objects;

/**
 * A named key space of a {@link KeyValueStore}: a RocksDB column family, an HBase table.
 *
 * @param name         lower-case identifier, unique within a store
 * @param prefixLength how many leading key bytes group keys that are scanned together; a backend
 *                     may build prefix bloom filters on them (0: no prefix)
 * @param counters     whether the space holds counters, written with {@link WriteBatch#increment}
 *                     and read as 8-byte big-endian longs
 * @param largeValues  whether its values are large (up to a few hundred KiB: blob chunks) and
 *                     written once; a backend may keep them apart from its keys
 * @param writeMostly  whether it is written far more than it is read, its new keys spread over all
 *                     of it (a search index: every write lands among old keys); a backend may merge
 *                     new data into old less often, for a few more places to look at per read; it
 *                     is read by scans within its prefixes only, never by key, so a backend may
 *                     filter its files by prefix alone
 * @param putOnce      whether its writers promise that a key is put only when it has no value and
 *                     deleted only when it has one (an index whose entries move: each move deletes
 *                     the old entry and puts the new, a rewrite in place deletes before it puts);
 *                     a backend may then drop a delete together with the put it deletes as soon
 *                     as the two meet, instead of keeping a tombstone that scans step over until
 *                     it reaches the store's oldest data (RocksDB's SingleDelete). Not for
 *                     counters or sorted loads; a range delete removes its keys one by one. A
 *                     broken promise is undefined: an older value may come back.
 */
public record Space(String name, int prefixLength, boolean counters, boolean largeValues, boolean writeMostly,
    boolean putOnce) {
  public Space {
    Objects.requireNonNull(name, "name");
    if (!name.matches("[a-z][a-z0-9_]*")) {
      throw new IllegalArgumentException("space name must be lower-case [a-z0-9_]: " + name);
    }
    if (prefixLength < 0) {
      throw new IllegalArgumentException("prefixLength must not be negative: " + prefixLength);
    }
    if (putOnce && counters) {
      throw new IllegalArgumentException("a space of counters is not put once: " + name);
    }
  }

  public static Space plain(String name, int prefixLength) {
    return new Space(name, prefixLength, false, false, false, false);
  }

  public static Space counters(String name, int prefixLength) {
    return new Space(name, prefixLength, true, false, false, false);
  }

  /** A space of large values, each written once. */
  public static Space large(String name, int prefixLength) {
    return new Space(name, prefixLength, false, true, false, false);
  }

  /** A space written far more than it is read, whose new keys fall among all its old ones. */
  public static Space writeMostly(String name, int prefixLength) {
    return new Space(name, prefixLength, false, false, true, false);
  }

  /** A space whose keys are put only when absent and deleted only when present ({@link #putOnce}). */
  public static Space putOnce(String name, int prefixLength) {
    return new Space(name, prefixLength, false, false, false, true);
  }
}
