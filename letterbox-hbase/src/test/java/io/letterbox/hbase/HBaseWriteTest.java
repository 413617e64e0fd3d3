package io.letterbox.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.store.Bytes;
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

/** How writes behave on HBase, beyond the SPI contract: ordering, stamps, refusals. */
@ExtendWith(MiniHBaseExtension.class)
class HBaseWriteTest {
  private static final Space VALUES = Space.plain("values", 0);
  private static final Space COUNTS = Space.counters("counts", 0);
  private static final List<Space> SPACES = List.of(VALUES, COUNTS);

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
  void aFailedMutationLeavesTheOnesBeforeItAppliedAndTheOnesAfterItUnsent(MiniHBase hbase) {
    HBaseStoreOptions options = hbase.options("ordering").saltBuckets(1).operationTimeout(Duration.ofSeconds(3)).build();
    TableName counts = TableName.valueOf("ordering", COUNTS.name());
    AsyncAdmin admin = hbase.connection().getAdmin();
    try (HBaseStore store = HBaseStore.open(hbase.connection(), options, SPACES)) {
      admin.disableTable(counts).join();
      try {
        assertThatThrownBy(() -> store.write(store.newBatch().put(VALUES, Bytes.ofLong(1), Bytes.ofLong(1))
                .increment(COUNTS, Bytes.ofLong(1), 1).put(VALUES, Bytes.ofLong(2), Bytes.ofLong(2))))
            .isInstanceOf(StoreException.class).hasMessageContaining("mutation 2 of 3");
      } finally {
        admin.enableTable(counts).join();
      }

      assertThat(store.get(VALUES, Bytes.ofLong(1))).isEqualTo(Bytes.ofLong(1));
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
}
