package io.letterbox.rocksdb;

import io.letterbox.store.Space;
import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serializes the conditional writes that name the same key, and only those: a write whose commit
 * points are absent checks them and writes under the locks of their keys, so two writers of one
 * partition's journal (an old owner and its successor) never both pass the check of one entry,
 * while the writers of other partitions write at the same time and RocksDB joins them in one
 * write group. Keys map onto a fixed set of stripes; a write takes its stripes in ascending order,
 * so two writes never wait for each other in a cycle.
 */
final class CommitLocks {
  private static final int STRIPES = 256;
  private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];

  CommitLocks() {
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new ReentrantLock();
    }
  }

  /** The stripe of a key of a space. */
  static int stripe(Space space, byte[] key) {
    int h = 31 * space.name().hashCode() + Arrays.hashCode(key);
    h ^= h >>> 16;
    return Math.floorMod(h * 0x9E3779B9, STRIPES);
  }

  /**
   * Locks the given stripes (any order, repeats allowed).
   *
   * @return the stripes locked, ascending and distinct: hand them to {@link #unlock}
   */
  int[] lock(int[] wanted) {
    int[] held = Arrays.stream(wanted).sorted().distinct().toArray();
    for (int i = 0; i < held.length; i++) {
      stripes[held[i]].lock();
    }
    return held;
  }

  void unlock(int[] held) {
    for (int i = held.length - 1; i >= 0; i--) {
      stripes[held[i]].unlock();
    }
  }
}
