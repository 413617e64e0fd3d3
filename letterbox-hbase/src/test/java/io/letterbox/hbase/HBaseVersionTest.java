package io.letterbox.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.Space;
import io.letterbox.store.StoreException;
import io.letterbox.store.StoreReads;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Cell versions on HBase (decision 0007): one version per batch, so that a batch sent late by a
 * paused writer cannot undo what was written after it; counters set from a read, so that a batch
 * sent twice counts once; a clock that moves past every version it reads.
 */
@ExtendWith(MiniHBaseExtension.class)
class HBaseVersionTest {
  private static final String NAMESPACE = "versions";
  private static final Space VALUES = Space.plain("values", 0);
  private static final Space COUNTS = Space.counters("counts", 0);
  private static final Space JOURNAL = Space.plain("journal", 0);
  private static final List<Space> SPACES = List.of(VALUES, COUNTS, JOURNAL);
  /** How far ahead of this JVM's clock another process's cells are written: more than any test takes. */
  private static final long AHEAD_MICROS = 300_000_000;

  @Test
  void everyCellOfABatchCarriesTheSameVersion(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore(NAMESPACE, SPACES)) {
      store.write(store.newBatch().put(VALUES, key(1), key(1)).increment(COUNTS, key(1), 3)).join();

      store.write(store.newBatch().put(VALUES, key(2), key(2)).commit(JOURNAL, key(1), key(1)).put(VALUES, key(3), key(3))
          .increment(COUNTS, key(1), 1).delete(VALUES, key(1)).put(VALUES, key(4), key(4))).join();

      Set<Long> versions = new HashSet<>();
      for (Space space : SPACES) {
        for (Result row : rawRows(hbase, space)) {
          versions.add(row.rawCells()[0].getTimestamp());
        }
      }
      assertThat(versions).hasSize(1);
      assertThat(store.counter(COUNTS, key(1))).isEqualTo(4);
    }
  }

  @Test
  void aBatchSentLateDoesNotUndoWhatALaterBatchWrote(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore(NAMESPACE, SPACES)) {
      store.write(store.newBatch().put(VALUES, key(1), key(0)).put(VALUES, key(2), key(0)).put(VALUES, key(3), key(0))
          .put(VALUES, key(4), key(0)).put(COUNTS, key(1), Bytes.ofLong(10))).join();
      // A writer takes its version, then pauses; another writer goes on meanwhile.
      long paused = CellClock.next();
      store.write(store.newBatch().put(VALUES, key(1), key(2)).delete(VALUES, key(2)).put(VALUES, key(3), key(2))
          .increment(COUNTS, key(1), 5)).join();

      store.write(store.newBatch().put(VALUES, key(1), key(1)).put(VALUES, key(2), key(1)).delete(VALUES, key(3))
          .delete(VALUES, key(4)), paused, () -> {});
      assertThatThrownBy(() -> store.write(store.newBatch().increment(COUNTS, key(1), 100).put(VALUES, key(5), key(1)),
          paused, () -> {})).as("a late increment of a counter set since").isInstanceOf(StoreException.class);

      assertThat(store.get(VALUES, key(1))).as("a late put of a row written since").isEqualTo(key(2));
      assertThat(store.get(VALUES, key(2))).as("a late put of a row deleted since").isNull();
      assertThat(store.get(VALUES, key(3))).as("a late delete of a row written since").isEqualTo(key(2));
      assertThat(store.get(VALUES, key(4))).as("a late delete of a row older than it").isNull();
      assertThat(store.counter(COUNTS, key(1))).isEqualTo(15);
      assertThat(store.get(VALUES, key(5))).isNull();
    }
  }

  /**
   * Decision 0007's case: an owner takes its commit point, reads its counters, and pauses; a new
   * owner (another process, here another store) commits the next batch over the same rows; then
   * the old one resumes and sends the rest of its batch.
   */
  @Test
  void aWriterPausedAfterItsCommitPointCannotUndoTheNextOwnersBatch(MiniHBase hbase) throws Exception {
    try (HBaseStore old = hbase.emptyStore(NAMESPACE, SPACES);
        HBaseStore next = HBaseStore.open(hbase.connection(), hbase.options(NAMESPACE).build(), SPACES)) {
      old.write(old.newBatch().put(VALUES, key(2), key(0)).put(COUNTS, key(1), Bytes.ofLong(10))).join();
      CountDownLatch committed = new CountDownLatch(1);
      CountDownLatch resume = new CountDownLatch(1);
      CompletableFuture<Void> late = CompletableFuture.runAsync(() -> old.write(old.newBatch()
          .commit(JOURNAL, key(1), key(1)).put(VALUES, key(1), key(1)).delete(VALUES, key(2))
          .increment(COUNTS, key(1), 100).put(VALUES, key(0), key(1)), null, () -> {
            committed.countDown();
            await(resume);
          }));
      assertThat(committed.await(1, TimeUnit.MINUTES)).isTrue();

      next.write(next.newBatch().commit(JOURNAL, key(2), key(2)).put(VALUES, key(1), key(2)).put(VALUES, key(2), key(2))
          .increment(COUNTS, key(1), 5).put(VALUES, key(0), key(2))).join();
      resume.countDown();
      late.get(1, TimeUnit.MINUTES);

      assertThat(next.get(VALUES, key(1))).isEqualTo(key(2));
      assertThat(next.get(VALUES, key(2))).isEqualTo(key(2));
      assertThat(next.get(VALUES, key(0))).as("the progress marker").isEqualTo(key(2));
      assertThat(next.counter(COUNTS, key(1))).isEqualTo(15);
    }
  }

  @Test
  void aBatchSentTwiceAtOneVersionCountsItsIncrementsOnce(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore(NAMESPACE, SPACES)) {
      store.write(store.newBatch().increment(COUNTS, key(1), 10)).join();
      var batch = store.newBatch().increment(COUNTS, key(1), 5).increment(COUNTS, key(2), 1).put(VALUES, key(1), key(1));
      long version = CellClock.next();

      store.write(batch, version, () -> {});
      store.write(batch, version, () -> {});

      assertThat(store.counter(COUNTS, key(1))).isEqualTo(15);
      assertThat(store.counter(COUNTS, key(2))).isEqualTo(1);
    }
  }

  @Test
  void everyKindOfReadMovesTheClockPastTheVersionsItReads(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore(NAMESPACE, SPACES)) {
      List<BiConsumer<StoreReads, byte[]>> reads = List.of(
          (s, k) -> s.get(VALUES, k),
          (s, k) -> s.multiGet(VALUES, List.of(k)),
          (s, k) -> s.scan(VALUES, KeyRange.prefix(k), false, 1),
          (s, k) -> s.scan(VALUES, KeyRange.prefix(k), true, (key, value) -> true));
      for (int i = 0; i < reads.size(); i++) {
        byte[] key = key(i);
        writeAhead(hbase, VALUES, key, key(-1)); // by a process whose clock is ahead

        reads.get(i).accept(store, key);
        store.write(store.newBatch().put(VALUES, key, key(i))).join();

        assertThat(store.get(VALUES, key)).as("read %s", i).isEqualTo(key(i));
      }
      writeAhead(hbase, COUNTS, key(1), Bytes.ofLong(7));
      assertThat(store.counter(COUNTS, key(1))).isEqualTo(7);
      store.write(store.newBatch().put(COUNTS, key(1), Bytes.ofLong(0))).join();
      assertThat(store.counter(COUNTS, key(1))).isZero();
    }
  }

  @Test
  void aBatchIncrementingACounterWrittenAheadOfItsVersionFailsThenCountsOnceWrittenAgain(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore(NAMESPACE, SPACES)) {
      writeAhead(hbase, COUNTS, key(1), Bytes.ofLong(7));
      var batch = store.newBatch().put(VALUES, key(1), key(1)).commit(JOURNAL, key(1), key(1))
          .increment(COUNTS, key(1), 1).put(VALUES, key(2), key(2));

      assertThatThrownBy(() -> store.write(batch)).isInstanceOf(StoreException.class)
          .hasMessageContaining("version after this batch's");
      assertThat(store.get(JOURNAL, key(1))).as("the commit point").isNull();
      assertThat(store.counter(COUNTS, key(1))).isEqualTo(7);

      store.write(batch).join();
      assertThat(store.counter(COUNTS, key(1))).isEqualTo(8);
      assertThat(store.get(VALUES, key(2))).isEqualTo(key(2));
    }
  }

  @Test
  void compareAndSetReplacesARowWrittenAheadOfTheClock(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore(NAMESPACE, SPACES)) {
      writeAhead(hbase, VALUES, key(1), key(1));

      assertThat(store.compareAndSet(VALUES, key(1), key(1), key(2))).isTrue();

      assertThat(store.get(VALUES, key(1))).isEqualTo(key(2));
    }
  }

  @Test
  void compareAndSetTellsAnEmptyValueFromNone(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore(NAMESPACE, SPACES)) {
      store.write(store.newBatch().put(VALUES, key(1), new byte[0])).join();

      assertThat(store.compareAndSet(VALUES, key(1), null, key(1))).isFalse();
      assertThat(store.compareAndSet(VALUES, key(2), new byte[0], key(2))).isFalse();

      assertThat(store.get(VALUES, key(1))).isEmpty();
      assertThat(store.get(VALUES, key(2))).isNull();
      assertThat(store.compareAndSet(VALUES, key(1), new byte[0], key(1))).isTrue();
    }
  }

  /** Puts a cell stamped ahead of this JVM's clock, as another process with a faster clock would. */
  private static void writeAhead(MiniHBase hbase, Space space, byte[] key, byte[] value) {
    long ahead = CellClock.next() + AHEAD_MICROS;
    hbase.connection().getTable(TableName.valueOf(NAMESPACE, space.name()))
        .put(new Put(Salt.row(key, space.prefixLength(), 16), ahead).addColumn(SpaceTable.FAMILY, SpaceTable.QUALIFIER, value))
        .join();
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(1, TimeUnit.MINUTES)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static List<Result> rawRows(MiniHBase hbase, Space space) {
    return hbase.connection().getTable(TableName.valueOf(NAMESPACE, space.name())).scanAll(new Scan()).join();
  }

  private static byte[] key(long n) {
    return Bytes.ofLong(n);
  }
}
