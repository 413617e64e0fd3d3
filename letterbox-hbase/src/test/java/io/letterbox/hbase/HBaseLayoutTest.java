package io.letterbox.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** How the store lays out its tables and rows on the cluster. */
@ExtendWith(MiniHBaseExtension.class)
class HBaseLayoutTest {
  private static final String NAMESPACE = "layout";
  private static final Space TIMELINES = Space.plain("timelines", 8);
  private static final Space LOG = Space.plain("log", 0);
  private static final List<Space> SPACES = List.of(TIMELINES, LOG);

  @Test
  void eachSpaceIsATableOfTheNamespacePreSplitIntoOneRegionPerSalt(MiniHBase hbase) {
    hbase.emptyStore(NAMESPACE, SPACES).close();

    for (Space space : SPACES) {
      List<HRegionLocation> regions = regions(hbase, space);
      assertThat(regions).hasSize(16);
      assertThat(regions).extracting(r -> r.getRegion().getStartKey().length == 0 ? 0 : r.getRegion().getStartKey()[0] & 0xFF)
          .containsExactlyInAnyOrderElementsOf(java.util.stream.IntStream.range(0, 16).boxed().toList());
    }
  }

  @Test
  void differentPrefixesSpreadOverEveryRegion(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore(NAMESPACE, SPACES)) {
      WriteBatch batch = store.newBatch();
      for (long owner = 1; owner <= 800; owner++) {
        batch.put(TIMELINES, key(owner, 1), Bytes.ofLong(owner));
      }
      store.write(batch).join();

      assertThat(rowsPerSalt(hbase, TIMELINES)).hasSize(16).allSatisfy((salt, rows) -> assertThat(rows).isBetween(25L, 75L));
    }
  }

  @Test
  void oneOwnersKeysStayInOneRegionAndScanNewestFirst(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore(NAMESPACE, SPACES)) {
      WriteBatch batch = store.newBatch();
      for (long id = 1; id <= 500; id++) {
        batch.put(TIMELINES, key(7, id), Bytes.ofLong(id));
      }
      store.write(batch).join();

      assertThat(rowsPerSalt(hbase, TIMELINES)).hasSize(1);
      assertThat(store.scan(TIMELINES, KeyRange.prefix(Bytes.ofLong(7)), true, 3))
          .extracting(kv -> Bytes.getLong(kv.value(), 0)).containsExactly(500L, 499L, 498L);
    }
  }

  @Test
  void consecutiveLogIdsSpreadOverEveryRegionAndStillScanInOrder(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore(NAMESPACE, SPACES)) {
      long first = 1L << 42;
      WriteBatch batch = store.newBatch();
      for (long id = first; id < first + 800; id++) {
        batch.put(LOG, Bytes.ofLong(id), Bytes.ofLong(id));
      }
      store.write(batch).join();

      assertThat(rowsPerSalt(hbase, LOG)).hasSize(16);
      List<KeyValue> newest = store.scan(LOG, new KeyRange(new byte[0], null), true, 1);
      assertThat(Bytes.getLong(newest.get(0).key(), 0)).isEqualTo(first + 799);
      List<Long> ids = store.scan(LOG, new KeyRange(Bytes.ofLong(first + 100), Bytes.ofLong(first + 700)), false, 1000)
          .stream().map(kv -> Bytes.getLong(kv.key(), 0)).toList();
      assertThat(ids).hasSize(600).isSorted().startsWith(first + 100).endsWith(first + 699);
    }
  }

  @Test
  void aTableKeepsTheSaltBucketsItWasCreatedWith(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore(NAMESPACE, SPACES)) {
      store.write(store.newBatch().put(TIMELINES, key(3, 3), Bytes.ofLong(3))).join();
    }

    try (HBaseStore reopened = HBaseStore.open(hbase.connection(), hbase.options(NAMESPACE).saltBuckets(4).build(), SPACES)) {
      assertThat(reopened.get(TIMELINES, key(3, 3))).isEqualTo(Bytes.ofLong(3));
      assertThat(reopened.toString()).contains("timelines/16");
    }
  }

  @Test
  void aTableCreatedForAnotherKindOfSpaceIsRefused(MiniHBase hbase) {
    hbase.emptyStore(NAMESPACE, SPACES).close();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> HBaseStore.open(hbase.connection(), hbase.options(NAMESPACE).build(),
            List.of(Space.plain("timelines", 16))))
        .withMessageContaining("prefix length 8");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> HBaseStore.open(hbase.connection(), hbase.options(NAMESPACE).build(),
            List.of(Space.counters("log", 0))))
        .withMessageContaining("without counters");
  }

  @Test
  void diskBytesCountTheStoresTablesAsTheRegionServersReportThem(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore(NAMESPACE, SPACES)) {
      WriteBatch batch = store.newBatch();
      for (long owner = 1; owner <= 64; owner++) {
        batch.put(TIMELINES, key(owner, 1), new byte[32 * 1024]);
      }
      store.write(batch).join();

      // Region servers report their sizes every few seconds; a busy machine may take far longer.
      Awaitility.await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(200))
          .until(store::diskBytes, bytes -> bytes >= 2L << 20);
    }
  }

  private static List<HRegionLocation> regions(MiniHBase hbase, Space space) {
    return hbase.connection().getRegionLocator(TableName.valueOf(NAMESPACE, space.name())).getAllRegionLocations().join();
  }

  /** Rows per salt byte, read from the table itself. */
  private static Map<Integer, Long> rowsPerSalt(MiniHBase hbase, Space space) {
    List<Result> rows = hbase.connection().getTable(TableName.valueOf(NAMESPACE, space.name()))
        .scanAll(new Scan().setFilter(new KeyOnlyFilter())).join();
    return rows.stream().collect(Collectors.groupingBy(r -> r.getRow()[0] & 0xFF, TreeMap::new, Collectors.counting()));
  }

  private static byte[] key(long owner, long id) {
    byte[] key = new byte[16];
    Bytes.putLong(key, 0, owner);
    Bytes.putLong(key, 8, id);
    return key;
  }
}
