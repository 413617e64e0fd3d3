package io.letterbox.bench.targets;

import io.letterbox.store.KeyValueStore;
import java.util.Map;

/**
 * Where the Letterbox target keeps its data: a store opened when the target starts and again
 * after each restart, on the same data.
 */
public interface LetterboxStorage {
  /** @return the store, on the data of every store opened before */
  KeyValueStore open();

  /** What a reader of the figures must know about durability. */
  String note();

  /** Rewrites {@code store}'s data compactly, as far as the bench may ask for it. */
  void compact(KeyValueStore store);

  /** @return the bytes {@code store} occupies; throws {@link Unsupported} if they cannot be known at once */
  long diskBytes(KeyValueStore store);

  /** @return {@code store}'s bytes by space; empty if they cannot be known at once */
  Map<String, Long> diskBytesBySpace(KeyValueStore store);

  /** Called after the last store was closed: removes the data unless the run keeps it. */
  void close();
}
