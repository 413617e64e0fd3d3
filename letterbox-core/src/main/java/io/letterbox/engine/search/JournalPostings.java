package io.letterbox.engine.search;

import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.partition.PartitionRecords;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.SortedLoad;
import java.util.ArrayList;
import java.util.List;

/**
 * A partition's search postings as its journal gives them ({@link SearchPostings} for each
 * entry's actions), and each partition's mark: every entry up to it has its postings written.
 * What the live {@link SearchIndexer} and the {@link SearchRebuild} share.
 */
public final class JournalPostings {
  /** Entries read at a time. */
  private static final int ENTRIES_PER_READ = 256;
  /** A load is written once it holds this many postings (a big import is indexed in parts). */
  static final int POSTINGS_PER_BATCH = 200_000;

  private JournalPostings() {}

  /** The key of partition {@code partition}'s mark. */
  public static byte[] markKey(int partition) {
    return StateKey.meta("indexed/" + partition);
  }

  /** Partition {@code partition}'s mark: 0 before any entry was indexed. */
  public static long mark(KeyValueStore store, int partition) {
    byte[] v = store.get(Spaces.STATE, markKey(partition));
    return v == null ? 0 : Bytes.getLong(v, 0);
  }

  /**
   * Adds to {@code postings} those of partition {@code p}'s entries after {@code after}, up to
   * {@code durable} and until there are enough for one load.
   *
   * @return the last entry covered
   */
  static long index(KeyValueStore journals, Partitioning partitioning, int p, long after, long durable,
      PostingBatch postings) {
    long last = after;
    while (last < durable && postings.size() < POSTINGS_PER_BATCH) {
      int want = (int) Math.min(ENTRIES_PER_READ, durable - last);
      List<PartitionRecords.Entry> entries = PartitionRecords.entriesAfter(journals, p, last, want);
      if (entries.isEmpty()) {
        break;
      }
      for (PartitionRecords.Entry e : entries) {
        long[] applied = e.entry().applied();
        if (applied.length > 0) {
          List<byte[]> keys = new ArrayList<>(applied.length);
          for (long id : applied) {
            keys.add(LogKey.of(Math.abs(id)));
          }
          List<byte[]> values = journals.multiGet(Spaces.LOG, keys);
          for (int i = 0; i < applied.length; i++) {
            if (values.get(i) != null) {
              SearchPostings.derive(journals, partitioning, p, ActionCodec.decode(values.get(i)), postings);
            }
          }
        }
        last = e.seq();
        if (postings.size() >= POSTINGS_PER_BATCH) {
          break;
        }
      }
    }
    return last;
  }

  /**
   * Indexes the log of a store from before journals (one partition): its actions up to the
   * journal base come before partition 0's first entry. Done whole before that entry, again
   * after a crash (puts of the same keys).
   */
  static void indexLegacyLog(KeyValueStore store, Partitioning partitioning) {
    long base = PartitionRecords.journalBase(store);
    if (base == 0) {
      return;
    }
    PostingBatch postings = new PostingBatch();
    store.scan(Spaces.LOG, new KeyRange(LogKey.of(0), LogKey.of(base + 1)), false, (k, v) -> {
      SearchPostings.derive(store, partitioning, 0, ActionCodec.decode(v), postings);
      if (postings.size() >= POSTINGS_PER_BATCH) {
        load(store, postings);
        postings.clear();
      }
      return true;
    });
    load(store, postings);
  }

  private static List<byte[]> keys(List<Long> ids) {
    List<byte[]> keys = new java.util.ArrayList<>(ids.size());
    for (long id : ids) {
      keys.add(LogKey.of(id));
    }
    return keys;
  }

  /** Writes {@code postings} in one sorted load; durable when it returns. */
  static void load(KeyValueStore store, PostingBatch postings) {
    if (!postings.isEmpty()) {
      try (SortedLoad l = store.newSortedLoad(Spaces.POSTINGS)) {
        postings.forEachInOrder(l::put);
        l.commit().join();
      }
    }
  }

  /** Marks partition {@code p}'s postings written up to {@code upTo}; the write is not waited for. */
  static java.util.concurrent.CompletableFuture<Void> writeMark(KeyValueStore store, int p, long upTo) {
    return store.write(store.newBatch().put(Spaces.STATE, markKey(p), Bytes.ofLong(upTo)));
  }

  /**
   * Deletes the postings just written of messages whose content was removed meanwhile (decision
   * 0042): a removal deletes the postings there are when it is applied, and its log entry is
   * redacted in the same batch, so postings derived from the entry before that and written after
   * are found here, by reading whether it is redacted now that they are written.
   */
  static void dropRemoved(KeyValueStore store, PostingBatch postings) {
    if (postings.isEmpty()) {
      return;
    }
    java.util.Set<Long> removed = new java.util.HashSet<>();
    List<Long> logged = new java.util.ArrayList<>();
    List<Long> imported = new java.util.ArrayList<>();
    for (long id : postings.ids()) {
      (io.letterbox.id.Ids.isImported(id) ? imported : logged).add(id);
    }
    List<byte[]> entries = store.multiGet(Spaces.LOG, keys(logged));
    for (int i = 0; i < logged.size(); i++) {
      if (ActionCodec.isRedacted(entries.get(i))) {
        removed.add(logged.get(i));
      }
    }
    // Imported history is redacted in its content row (and inside its import's entry).
    List<byte[]> rows = imported.isEmpty() ? List.of() : store.multiGet(Spaces.IMPORTED, keys(imported));
    for (int i = 0; i < imported.size(); i++) {
      if (rows.get(i) != null && io.letterbox.rows.ImportedRow.removed(rows.get(i))) {
        removed.add(imported.get(i));
      }
    }
    if (!removed.isEmpty()) {
      io.letterbox.store.WriteBatch batch = store.newBatch();
      postings.forEachKeyOf(removed, key -> batch.delete(Spaces.POSTINGS, key));
      store.write(batch).join();
    }
  }
}
