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
 */
public record Space(String name, int prefixLength, boolean counters, boolean largeValues) {
  public Space {
    Objects.requireNonNull(name, "name");
    if (!name.matches("[a-z][a-z0-9_]*")) {
      throw new IllegalArgumentException("space name must be lower-case [a-z0-9_]: " + name);
    }
    if (prefixLength < 0) {
      throw new IllegalArgumentException("prefixLength must not be negative: " + prefixLength);
    }
  }

  public static Space plain(String name, int prefixLength) {
    return new Space(name, prefixLength, false, false);
  }

  public static Space counters(String name, int prefixLength) {
    return new Space(name, prefixLength, true, false);
  }

  /** A space of large values, each written once. */
  public static Space large(String name, int prefixLength) {
    return new Space(name, prefixLength, false, true);
  }
}
