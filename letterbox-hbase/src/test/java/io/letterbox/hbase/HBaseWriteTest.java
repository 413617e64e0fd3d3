package io.letterbox.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.store.Bytes;
import io.letterbox.store.FencedException;
import io.letterbox.store.KeyRange;
import io.letterbox.store.Space;
import io.letterbox.store.StoreException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncAdmin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * How writes behave on HBase, beyond the SPI contract: the steps of a batch and what lands when
 * one fails (a table really disabled on the cluster), stamps, refusals.
 */
@ExtendWith(MiniHBaseExtension.class)
class HBaseWriteTest {
  private static final Space VALUES = Space.plain("values", 0);
  private static final Space COUNTS = Space.counters("counts", 0);
  private static final Space JOURNAL = Space.plain("journal", 0);
  private static final List<Space> SPACES = List.of(VALUES, COUNTS, JOURNAL);

  @Test
  void aPutRightAfterADeleteOfTheSameKeyWinsEvenInTheSameMillisecond(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore("writes", SPACES)) {
      for (int i = 0; i < 100; i++) {
        byte[] key = Bytes.ofLong(i);
        store.write(store.newBatch().put(VALUES, key, Bytes.ofLong(1)).delete(VALUES, key)).join();
        assertThat(store.get(VALUES, key)).as("deleted %s", i).isNull();
        store.write(store.newBatch().put(VALUES, key, Bytes.ofLong(2))).join();
        assertThat(store.get(VALUES, key)).as("put again %s", i).isEqualTo(Bytes.ofLong(2));
      }
      store.compact(); // the same from store files as from memstores

      assertThat(store.scan(VALUES, new KeyRange(new byte[0], null), false, 1000)).hasSize(100)
          .allSatisfy(kv -> assertThat(kv.value()).isEqualTo(Bytes.ofLong(2)));
    }
  }

  @Test
  void anIncrementRightAfterADeleteCountsFromZero(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore("writes", SPACES)) {
      for (int i = 0; i < 100; i++) {
        byte[] key = Bytes.ofLong(i);
        store.write(store.newBatch().increment(COUNTS, key, 5).increment(COUNTS, key, 5).delete(COUNTS, key)
            .increment(COUNTS, key, 3)).join();
        assertThat(store.counter(COUNTS, key)).as("counter %s", i).isEqualTo(3);
        store.write(store.newBatch().put(COUNTS, key, Bytes.ofLong(40)).increment(COUNTS, key, 2)).join();
        assertThat(store.counter(COUNTS, key)).as("counter %s", i).isEqualTo(42);
      }
    }
  }

  @Test
  void aFailureAfterTheCommitPointLeavesTheBatchsLastMutationUnwritten(MiniHBase hbase) {
    try (HBaseStore store = orderingStore(hbase)) {
      var batch = store.newBatch().put(VALUES, Bytes.ofLong(1), Bytes.ofLong(1)).commit(JOURNAL, Bytes.ofLong(1), Bytes.ofLong(1))
          .put(COUNTS, Bytes.ofLong(1), Bytes.ofLong(5)).put(VALUES, Bytes.ofLong(2), Bytes.ofLong(2))
          .put(VALUES, Bytes.ofLong(3), Bytes.ofLong(3));

      whileDisabled(hbase, COUNTS, () -> assertThatThrownBy(() -> store.write(batch))
          .isInstanceOf(StoreException.class).hasMessageContaining("last mutation was not sent"));

      assertThat(store.get(VALUES, Bytes.ofLong(1))).as("before the commit point").isEqualTo(Bytes.ofLong(1));
      assertThat(store.get(JOURNAL, Bytes.ofLong(1))).as("the commit point").isEqualTo(Bytes.ofLong(1));
      assertThat(store.get(VALUES, Bytes.ofLong(2))).as("the failed step's call to another table").isEqualTo(Bytes.ofLong(2));
      assertThat(store.get(VALUES, Bytes.ofLong(3))).as("the last mutation").isNull();
    }
  }

  @Test
  void aFailureBeforeTheCommitPointSendsNeitherItNorAnythingAfterIt(MiniHBase hbase) {
    try (HBaseStore store = orderingStore(hbase)) {
      var batch = store.newBatch().put(COUNTS, Bytes.ofLong(1), Bytes.ofLong(5)).commit(JOURNAL, Bytes.ofLong(1), Bytes.ofLong(1))
          .put(VALUES, Bytes.ofLong(2), Bytes.ofLong(2)).put(VALUES, Bytes.ofLong(3), Bytes.ofLong(3));

      whileDisabled(hbase, COUNTS, () -> assertThatThrownBy(() -> store.write(batch))
          .isInstanceOf(StoreException.class).hasMessageContaining("before the commit point"));

      assertThat(store.get(JOURNAL, Bytes.ofLong(1))).isNull();
      assertThat(store.get(VALUES, Bytes.ofLong(2))).isNull();
      assertThat(store.get(VALUES, Bytes.ofLong(3))).isNull();
    }
  }

  @Test
  void aBatchWhoseCountersCannotBeReadWritesNothing(MiniHBase hbase) {
    try (HBaseStore store = orderingStore(hbase)) {
      var batch = store.newBatch().put(VALUES, Bytes.ofLong(1), Bytes.ofLong(1)).increment(COUNTS, Bytes.ofLong(1), 1)
          .put(VALUES, Bytes.ofLong(2), Bytes.ofLong(2));

      whileDisabled(hbase, COUNTS, () -> assertThatThrownBy(() -> store.write(batch))
          .isInstanceOf(StoreException.class).hasMessageContaining("reading the counters"));

      assertThat(store.get(VALUES, Bytes.ofLong(1))).isNull();
      assertThat(store.get(VALUES, Bytes.ofLong(2))).isNull();
    }
  }

  @Test
  void aTakenCommitPointKeepsWhatWasAddedBeforeItAndSendsNothingAfterIt(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore("writes", SPACES)) {
      store.write(store.newBatch().put(JOURNAL, Bytes.ofLong(1), Bytes.ofLong(1))).join();

      assertThatThrownBy(() -> store.write(store.newBatch().put(VALUES, Bytes.ofLong(1), Bytes.ofLong(1))
              .commit(JOURNAL, Bytes.ofLong(1), Bytes.ofLong(2)).increment(COUNTS, Bytes.ofLong(1), 1)
              .put(VALUES, Bytes.ofLong(2), Bytes.ofLong(2))))
          .isInstanceOf(FencedException.class);

      assertThat(store.get(VALUES, Bytes.ofLong(1))).as("added before the commit point").isEqualTo(Bytes.ofLong(1));
      assertThat(store.get(JOURNAL, Bytes.ofLong(1))).isEqualTo(Bytes.ofLong(1));
      assertThat(store.counter(COUNTS, Bytes.ofLong(1))).isZero();
      assertThat(store.get(VALUES, Bytes.ofLong(2))).isNull();
    }
  }

  @Test
  void aValueLargerThanTheClientsLargestCellIsRefusedBeforeAnythingIsWritten(MiniHBase hbase) {
    HBaseStoreOptions options = hbase.options("writes").clientProperties(Map.of("hbase.client.keyvalue.maxsize", "1000"))
        .build();
    try (HBaseStore store = HBaseStore.open(options, SPACES)) { // its own connection, through the quorum
      var batch = store.newBatch().put(VALUES, Bytes.ofLong(7), new byte[900]);

      assertThatIllegalArgumentException().isThrownBy(() -> batch.put(VALUES, Bytes.ofLong(8), new byte[1000]))
          .withMessageContaining("hbase.client.keyvalue.maxsize");
      assertThatIllegalArgumentException().isThrownBy(() -> batch.put(VALUES, new byte[40_000], new byte[1]));
      assertThat(batch.size()).isEqualTo(1);
    }
  }

  /** One region a table, so that disabling one is quick; a short timeout, so that a call to it fails quickly. */
  private static HBaseStore orderingStore(MiniHBase hbase) {
    return hbase.emptyStore(hbase.options("ordering").saltBuckets(1).operationTimeout(Duration.ofSeconds(3)).build(), SPACES);
  }

  private static void whileDisabled(MiniHBase hbase, Space space, Runnable action) {
    TableName table = TableName.valueOf("ordering", space.name());
    AsyncAdmin admin = hbase.connection().getAdmin();
    admin.disableTable(table).join();
    try {
      action.run();
    } finally {
      admin.enableTable(table).join();
    }
  }
}
