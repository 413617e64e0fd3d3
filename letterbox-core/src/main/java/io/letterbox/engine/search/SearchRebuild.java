package io.letterbox.engine.search;

import io.letterbox.engine.partition.Partitioning;
import io.letterbox.store.KeyValueStore;

/**
 * Writes the search postings of a whole store, on the caller's thread: what {@code rebuild} and
 * {@code migrate} leave a store with, so that it answers searches at once. The live
 * {@link SearchIndexer} follows the journals of a running node instead; both derive postings
 * with {@link SearchPostings}.
 */
public final class SearchRebuild {
  private SearchRebuild() {}

  /** Indexes every entry of every journal of {@code store} after its mark, and marks them. */
  public static void indexAll(KeyValueStore store, Partitioning partitioning) {
    for (int p = 0; p < partitioning.count(); p++) {
      long indexed = JournalPostings.mark(store, p);
      if (p == 0 && indexed == 0) {
        JournalPostings.indexLegacyLog(store, partitioning);
      }
      while (true) {
        PostingBatch postings = new PostingBatch();
        long upTo = JournalPostings.index(store, partitioning, p, indexed, Long.MAX_VALUE, postings);
        if (upTo == indexed) {
          break;
        }
        JournalPostings.load(store, postings);
        JournalPostings.writeMark(store, p, upTo).join();
        indexed = upTo;
      }
    }
  }
}
