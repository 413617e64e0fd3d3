package io.letterbox.engine.read;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Which entries a heap cache admits: those read a second time within a while (TinyLFU's
 * "doorkeeper"). A first read only sets a bit for the key in a fixed array; a read that finds its
 * bit set is admitted. After half the bits have been set the array is cleared, so a key must be
 * read twice within about that many first reads of other keys.
 *
 * <p>Why: an entry a heap cache holds is copied by every young collection it lives through. Read
 * at random over more than the cache holds (a seeded history, a long tail of conversations), a
 * cache admitting every read churns, and the young collections then copy what it admitted since
 * the last one: session 34 measured 36–99 ms pauses every few seconds under {@code mixed}. A key
 * read once costs one bit here instead; a key read again is cached as before.
 *
 * <p>Thread-safe without locks. Races lose nothing that matters: a bit set twice, or a clear
 * meeting a set, only makes a key wait for one more read.
 */
final class SecondReadAdmission {
  private final AtomicLongArray words;
  private final int mask;
  private final int clearAfter;
  private final AtomicInteger marked = new AtomicInteger();

  /** @param bits the filter's size, rounded up to a power of two of at least 64 */
  SecondReadAdmission(long bits) {
    int size = (int) Math.max(64, Math.min(1L << 30, Long.highestOneBit(Math.max(1, bits - 1)) << 1));
    this.words = new AtomicLongArray(size / 64);
    this.mask = size - 1;
    this.clearAfter = size / 2;
  }

  /**
   * Marks {@code key} as read.
   *
   * @param key well mixed already (its low bits pick the bit)
   * @return whether it had been read before, since the last clear: admit it
   */
  boolean readAgain(long key) {
    int bit = (int) key & mask;
    int word = bit >>> 6;
    long m = 1L << bit;
    if ((words.get(word) & m) != 0) {
      return true;
    }
    if ((words.getAndAccumulate(word, m, (a, b) -> a | b) & m) != 0) {
      return true;
    }
    if (marked.incrementAndGet() >= clearAfter) {
      marked.set(0);
      for (int i = 0; i < words.length(); i++) {
        words.set(i, 0);
      }
    }
    return false;
  }

  /** The filter's size in bits. */
  int bits() {
    return mask + 1;
  }
}
