package io.letterbox.engine.partition;

import io.letterbox.keys.JournalKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.rows.JournalEntry;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows that describe partitions rather than owners (decision 0007), all deployment records
 * of the {@code state} space: the partition count, each partition's epoch, applied and delivered
 * marks, and where a store from before journals keeps its older log.
 */
public final class PartitionRecords {
  private static final String PARTITIONS = "partitions";

  private PartitionRecords() {}

  /** A partition's journal entry at its seq. */
  public record Entry(long seq, JournalEntry entry) {}

  /** @return the partition count recorded in the store, or 0 if none is */
  public static int recordedPartitions(StoreReads store) {
    byte[] v = store.get(Spaces.STATE, StateKey.meta(PARTITIONS));
    return v == null ? 0 : (int) Bytes.getLong(v, 0);
  }

  /**
   * Records {@code count} as the store's partition count unless one is recorded already.
   *
   * @return the count in force
   */
  public static int recordPartitions(KeyValueStore store, int count) {
    store.compareAndSet(Spaces.STATE, StateKey.meta(PARTITIONS), null, Bytes.ofLong(count));
    return recordedPartitions(store);
  }

  public static byte[] epochKey(int partition) {
    return StateKey.meta("epoch/" + partition);
  }

  /** @return the partition's epoch: 0 if no writer ever took it */
  public static long epoch(StoreReads store, int partition) {
    byte[] v = store.get(Spaces.STATE, epochKey(partition));
    return v == null ? 0 : Bytes.getLong(v, 0);
  }

  /**
   * Takes the partition's next epoch: a compare-and-set from the epoch read, so two writers taking
   * it at once get different epochs.
   */
  public static long nextEpoch(KeyValueStore store, int partition) {
    while (true) {
      byte[] now = store.get(Spaces.STATE, epochKey(partition));
      long next = (now == null ? 0 : Bytes.getLong(now, 0)) + 1;
      if (store.compareAndSet(Spaces.STATE, epochKey(partition), now, Bytes.ofLong(next))) {
        return next;
      }
    }
  }

  /** The mark "every entry up to this seq is applied", written last in each batch. */
  public static byte[] appliedKey(int partition) {
    return StateKey.meta("applied/" + partition);
  }

  public static long applied(StoreReads store, int partition) {
    byte[] v = store.get(Spaces.STATE, appliedKey(partition));
    return v == null ? 0 : Bytes.getLong(v, 0);
  }

  /** The mark "every delivery of entries up to this seq was acknowledged". */
  public static byte[] deliveredKey(int partition) {
    return StateKey.meta("delivered/" + partition);
  }

  public static long delivered(StoreReads store, int partition) {
    byte[] v = store.get(Spaces.STATE, deliveredKey(partition));
    return v == null ? 0 : Bytes.getLong(v, 0);
  }

  /**
   * A store logged before journals existed (one partition): its log up to this id, in id order,
   * comes before partition 0's first journal entry.
   */
  public static byte[] journalBaseKey() {
    return StateKey.meta("journal-base/0");
  }

  public static long journalBase(StoreReads store) {
    byte[] v = store.get(Spaces.STATE, journalBaseKey());
    return v == null ? 0 : Bytes.getLong(v, 0);
  }

  /** @return the partition's entries after {@code seq}, up to the first missing one, at most {@code limit} */
  public static List<Entry> entriesAfter(StoreReads store, int partition, long seq, int limit) {
    List<Entry> out = new ArrayList<>();
    long[] expected = {seq + 1};
    store.scan(Spaces.JOURNAL, JournalKey.from(partition, seq + 1), false, (k, v) -> {
      long s = JournalKey.seq(k);
      if (s != expected[0]) {
        return false;
      }
      out.add(new Entry(s, JournalEntry.decode(v)));
      expected[0]++;
      return out.size() < limit;
    });
    return out;
  }

  /** Every deployment record a {@code rebuild} keeps: none of them is derived from the log. */
  public static boolean isPartitionRecord(byte[] stateKey) {
    if (StateKey.isMeta(stateKey, PARTITIONS) || StateKey.isMeta(stateKey, "journal-base/0")) {
      return true;
    }
    for (String kind : new String[] {"epoch/", "delivered/"}) {
      byte[] prefix = StateKey.meta(kind);
      if (stateKey.length > prefix.length && java.util.Arrays.equals(stateKey, 0, prefix.length, prefix, 0, prefix.length)) {
        return true;
      }
    }
    return false;
  }
}
