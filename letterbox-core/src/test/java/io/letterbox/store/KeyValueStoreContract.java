package io.letterbox.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * What every {@link KeyValueStore} backend promises. A backend's test class implements this
 * interface and supplies {@link #store()}; the default methods are the tests (the pattern of
 * Apache James' {@code SubscriptionManagerContract}).
 *
 * <p>{@link #store()} must return a fresh, empty store opened with exactly {@link #SPACES}, and the
 * same instance for every call within one test: open it in a {@code @BeforeEach} method and close
 * it in an {@code @AfterEach} method. Tests rely on the store being empty when they start.
 */
public interface KeyValueStoreContract {
  Space PLAIN = Space.plain("plain", 0);
  /** Prefix length 4, so that backends with prefix bloom filters exercise them. */
  Space PREFIXED = Space.plain("prefixed", 4);
  Space OTHER = Space.plain("other", 0);
  Space COUNTS = Space.counters("counts", 0);
  Space PREFIXED_COUNTS = Space.counters("prefixed_counts", 4);
  /** Written as its writers promise: a key put only where absent, deleted only where present. */
  Space PUT_ONCE = Space.putOnce("put_once", 4);

  /** The spaces the store under test is opened with, and no others. */
  List<Space> SPACES = List.of(PLAIN, PREFIXED, OTHER, COUNTS, PREFIXED_COUNTS, PUT_ONCE);

  /** @return the store under test: fresh and empty per test, the same instance within a test */
  KeyValueStore store();

  // ---- point reads and writes ----

  @Test
  default void getReturnsTheValuePut() {
    write(b -> b.put(PLAIN, bytes(1, 2), bytes(10)));

    assertThat(store().get(PLAIN, bytes(1, 2))).containsExactly(10);
  }

  @Test
  default void getOfAnAbsentKeyIsNull() {
    write(b -> b.put(PLAIN, bytes(1, 2), bytes(10)));

    assertThat(store().get(PLAIN, bytes(1))).isNull();
    assertThat(store().get(PLAIN, bytes(1, 2, 0))).isNull();
  }

  @Test
  default void aLaterPutOverwritesAnEarlierOne() {
    write(b -> b.put(PLAIN, bytes(1), bytes(10)));
    write(b -> b.put(PLAIN, bytes(1), bytes(20)));

    assertThat(store().get(PLAIN, bytes(1))).containsExactly(20);
    assertThat(entries(store().scan(PLAIN, all(), false, 10))).containsExactly("01=14");
  }

  @Test
  default void theLastMutationOfAKeyInOneBatchWins() {
    write(b -> b.put(PLAIN, bytes(1), bytes(10)).delete(PLAIN, bytes(1)).put(PLAIN, bytes(1), bytes(30))
        .put(PLAIN, bytes(2), bytes(10)).delete(PLAIN, bytes(2)));

    assertThat(store().get(PLAIN, bytes(1))).containsExactly(30);
    assertThat(store().get(PLAIN, bytes(2))).isNull();
  }

  @Test
  default void aKeyOfASpacePutOnceMovesAndComesBackWithItsLastValue() {
    // An index entry's life: put, moved (deleted, put elsewhere), rewritten in place (deleted, then
    // put again), moved back to a key it left, and put and deleted within one batch.
    write(b -> b.put(PUT_ONCE, ownerKey(1, 5), bytes(5)).put(PUT_ONCE, ownerKey(1, 6), bytes(6)));
    write(b -> b.delete(PUT_ONCE, ownerKey(1, 5)).put(PUT_ONCE, ownerKey(1, 7), bytes(7)));
    write(b -> b.delete(PUT_ONCE, ownerKey(1, 6)).put(PUT_ONCE, ownerKey(1, 6), bytes(66)));
    write(b -> b.delete(PUT_ONCE, ownerKey(1, 7)).put(PUT_ONCE, ownerKey(1, 5), bytes(55)));
    write(b -> b.put(PUT_ONCE, ownerKey(1, 8), bytes(8)).delete(PUT_ONCE, ownerKey(1, 8)));

    assertThat(entries(store().scan(PUT_ONCE, KeyRange.prefix(bytes(0, 0, 0, 1)), false, 10)))
        .containsExactly("000000010000000000000005=37", "000000010000000000000006=42");
    assertThat(store().get(PUT_ONCE, ownerKey(1, 7))).isNull();
    assertThat(store().get(PUT_ONCE, ownerKey(1, 8))).isNull();
    assertThat(store().multiGet(PUT_ONCE, List.of(ownerKey(1, 6), ownerKey(1, 8))))
        .satisfiesExactly(v -> assertThat(v).containsExactly(66), v -> assertThat(v).isNull());
  }

  @Test
  default void aSortedLoadIntoASpacePutOnceIsRejected() {
    assertThatIllegalArgumentException().isThrownBy(() -> store().newSortedLoad(PUT_ONCE));
  }

  @Test
  default void deleteRangeRemovesExactlyTheKeysOfItsRangeInItsSpace() {
    for (Space space : List.of(PLAIN, PREFIXED, PUT_ONCE)) {
      write(b -> b.put(space, bytes(1, 0, 0, 0, 9), bytes(10)).put(space, bytes(2, 0, 0, 0, 1), bytes(20))
          .put(space, bytes(2, 0, 0, 0, 2), bytes(21)).put(space, bytes(3), bytes(30)).put(space, bytes(4, 0, 0, 0), bytes(40)));
      write(b -> b.put(OTHER, bytes(2, 0, 0, 0, 1), bytes(99)));

      store().deleteRange(space, new KeyRange(bytes(2), bytes(4)));

      assertThat(entries(store().scan(space, all(), false, 10))).as(space.name())
          .containsExactly("0100000009=0a", "04000000=28");
      assertThat(store().get(space, bytes(2, 0, 0, 0, 1))).isNull();
      assertThat(store().get(OTHER, bytes(2, 0, 0, 0, 1))).containsExactly(99);

      store().deleteRange(space, new KeyRange(bytes(4), null));
      assertThat(entries(store().scan(space, all(), false, 10))).containsExactly("0100000009=0a");
    }
  }

  @Test
  default void deleteRemovesTheKeyFromGetsAndScans() {
    write(b -> b.put(PLAIN, bytes(1), bytes(10)).put(PLAIN, bytes(2), bytes(20)));
    write(b -> b.delete(PLAIN, bytes(1)));

    assertThat(store().get(PLAIN, bytes(1))).isNull();
    assertThat(entries(store().scan(PLAIN, all(), false, 10))).containsExactly("02=14");
  }

  @Test
  default void deletingAnAbsentKeyIsHarmless() {
    write(b -> b.delete(PLAIN, bytes(9)));

    assertThat(store().get(PLAIN, bytes(9))).isNull();
  }

  @Test
  default void multiGetReturnsValuesInRequestOrderWithNullsWhereAbsent() {
    write(b -> b.put(PLAIN, bytes(1), bytes(10)).put(PLAIN, bytes(3), bytes(30)));

    List<byte[]> values = store().multiGet(PLAIN, List.of(bytes(3), bytes(2), bytes(1), bytes(3)));

    assertThat(values).hasSize(4);
    assertThat(values.get(0)).containsExactly(30);
    assertThat(values.get(1)).isNull();
    assertThat(values.get(2)).containsExactly(10);
    assertThat(values.get(3)).containsExactly(30);
  }

  @Test
  default void multiGetOfNoKeysIsEmpty() {
    assertThat(store().multiGet(PLAIN, List.of())).isEmpty();
  }

  @Test
  default void emptyKeysAndValuesAreStoredLikeAnyOther() {
    write(b -> b.put(PLAIN, bytes(), bytes(1)).put(PLAIN, bytes(2), bytes()));

    assertThat(store().get(PLAIN, bytes())).containsExactly(1);
    assertThat(store().get(PLAIN, bytes(2))).isEmpty();
    assertThat(entries(store().scan(PLAIN, all(), false, 10))).containsExactly("=01", "02=");

    write(b -> b.delete(PLAIN, bytes()));
    assertThat(store().get(PLAIN, bytes())).isNull();
  }

  @Test
  default void valuesOfOneMegabyteRoundTrip() {
    byte[] big = new byte[1 << 20];
    new Random(1).nextBytes(big);
    write(b -> b.put(PLAIN, bytes(1), big).put(PLAIN, bytes(2), big));

    assertThat(store().get(PLAIN, bytes(1))).isEqualTo(big);
    List<KeyValue> scanned = store().scan(PLAIN, all(), true, 10);
    assertThat(scanned).hasSize(2);
    assertThat(scanned.get(0).value()).isEqualTo(big);
  }

  @Test
  default void spacesAreIsolatedFromEachOther() {
    write(b -> b.put(PLAIN, bytes(1), bytes(10)).put(OTHER, bytes(1), bytes(11)).put(OTHER, bytes(2), bytes(12)));
    write(b -> b.delete(PLAIN, bytes(1)));

    assertThat(store().get(PLAIN, bytes(1))).isNull();
    assertThat(store().get(OTHER, bytes(1))).containsExactly(11);
    assertThat(store().scan(PLAIN, all(), false, 10)).isEmpty();
    assertThat(entries(store().scan(OTHER, all(), false, 10))).containsExactly("01=0b", "02=0c");
  }

  @Test
  default void anUnknownSpaceIsRejected() {
    Space unknown = Space.plain("unknown", 0);
    Space unknownCounters = Space.counters("unknown_counts", 0);
    KeyValueStore s = store();

    assertThatIllegalArgumentException().isThrownBy(() -> s.get(unknown, bytes(1)));
    assertThatIllegalArgumentException().isThrownBy(() -> s.multiGet(unknown, List.of(bytes(1))));
    assertThatIllegalArgumentException().isThrownBy(() -> s.scan(unknown, all(), false, 1));
    assertThatIllegalArgumentException().isThrownBy(() -> s.counter(unknownCounters, bytes(1)));
    assertThatIllegalArgumentException().isThrownBy(() -> s.write(s.newBatch().put(unknown, bytes(1), bytes(1))));
    assertThatIllegalArgumentException().isThrownBy(() -> s.write(s.newBatch().delete(unknown, bytes(1))));
    assertThatIllegalArgumentException()
        .isThrownBy(() -> s.write(s.newBatch().increment(unknownCounters, bytes(1), 1)));
  }

  @Test
  default void compactingKeepsEveryEntry() {
    write(b -> {
      for (int i = 0; i < 100; i++) {
        b.put(PREFIXED, Bytes.ofLong(i), Bytes.ofLong(-i)).increment(COUNTS, Bytes.ofLong(i), i);
      }
    });

    store().compact();

    assertThat(store().scan(PREFIXED, all(), false, 1000)).hasSize(100);
    assertThat(store().get(PREFIXED, Bytes.ofLong(42))).isEqualTo(Bytes.ofLong(-42));
    assertThat(store().counter(COUNTS, Bytes.ofLong(42))).isEqualTo(42);
  }

  // ---- scans ----

  @Test
  default void forwardScanYieldsKeysFromInclusiveToExclusiveInAscendingOrder() {
    write(b -> {
      for (int i = 9; i >= 1; i--) {
        b.put(PLAIN, bytes(i), bytes(i * 10));
      }
    });

    assertThat(keys(store().scan(PLAIN, new KeyRange(bytes(3), bytes(7)), false, 100)))
        .containsExactly("03", "04", "05", "06");
  }

  @Test
  default void reverseScanYieldsNewestFirstWithinBounds() {
    // Timeline-style keys: a 4-byte owner, then a big-endian message id.
    write(b -> {
      for (int owner = 6; owner <= 8; owner++) {
        for (long id = 1; id <= 10; id++) {
          b.put(PREFIXED, ownerKey(owner, id), Bytes.ofLong(id));
        }
      }
    });

    List<KeyValue> newestFirst =
        store().scan(PREFIXED, new KeyRange(ownerKey(7, 3), ownerKey(7, 8)), true, 100);

    assertThat(newestFirst).extracting(kv -> Bytes.getLong(kv.value(), 0)).containsExactly(7L, 6L, 5L, 4L, 3L);
  }

  @Test
  default void aNullUpperBoundScansToTheLastKey() {
    write(b -> b.put(PLAIN, bytes(1), bytes(1)).put(PLAIN, bytes(3), bytes(3)).put(PLAIN, bytes(5), bytes(5))
        .put(PLAIN, bytes(0xFF, 0xFF), bytes(6)));

    KeyRange from3 = new KeyRange(bytes(3), null);
    assertThat(keys(store().scan(PLAIN, from3, false, 100))).containsExactly("03", "05", "ffff");
    assertThat(keys(store().scan(PLAIN, from3, true, 100))).containsExactly("ffff", "05", "03");
  }

  @Test
  default void aPrefixRangeYieldsExactlyTheKeysWithThatPrefix() {
    for (Space space : List.of(PLAIN, PREFIXED)) {
      write(b -> {
        for (byte[] key : List.of(bytes(0, 0, 0), bytes(0, 0, 0, 1, 9), bytes(0, 0, 0, 2), bytes(0, 0, 0, 2, 0),
            bytes(0, 0, 0, 2, 0xFF, 0xFF), bytes(0, 0, 0, 3), bytes(0, 0, 0, 3, 0))) {
          b.put(space, key, bytes(1));
        }
      });
      KeyRange prefix = KeyRange.prefix(bytes(0, 0, 0, 2));

      assertThat(keys(store().scan(space, prefix, false, 100))).as(space.name())
          .containsExactly("00000002", "0000000200", "00000002ffff");
      assertThat(keys(store().scan(space, prefix, true, 100))).as(space.name())
          .containsExactly("00000002ffff", "0000000200", "00000002");
    }
  }

  @Test
  default void prefixRangesEndingInFFBytesIncludeTheirLastKeys() {
    for (Space space : List.of(PLAIN, PREFIXED)) {
      write(b -> {
        for (byte[] key : List.of(bytes(1, 0xFE, 0xFF, 0xFF), bytes(1, 0xFF), bytes(1, 0xFF, 0), bytes(1, 0xFF, 0xFF, 0xFF),
            bytes(2), bytes(2, 0), bytes(0xFF, 0xFE), bytes(0xFF, 0xFF), bytes(0xFF, 0xFF, 0xFF, 0xFF, 0xFF))) {
          b.put(space, key, bytes(1));
        }
      });

      KeyRange oneFF = KeyRange.prefix(bytes(1, 0xFF));
      assertThat(keys(store().scan(space, oneFF, false, 100))).as(space.name())
          .containsExactly("01ff", "01ff00", "01ffffff");
      assertThat(keys(store().scan(space, oneFF, true, 100))).as(space.name())
          .containsExactly("01ffffff", "01ff00", "01ff");
      KeyRange allFF = KeyRange.prefix(bytes(0xFF, 0xFF));
      assertThat(allFF.to()).isNull();
      assertThat(keys(store().scan(space, allFF, false, 100))).as(space.name())
          .containsExactly("ffff", "ffffffffff");
      assertThat(keys(store().scan(space, allFF, true, 100))).as(space.name())
          .containsExactly("ffffffffff", "ffff");
    }
  }

  @Test
  default void rangesAcrossPrefixesYieldEveryPrefixInBetween() {
    write(b -> {
      for (int owner = 1; owner <= 5; owner++) {
        for (long id = 1; id <= 3; id++) {
          b.put(PREFIXED, ownerKey(owner, id), bytes(owner));
        }
      }
      b.put(PREFIXED, bytes(0, 0, 0), bytes(0)).put(PREFIXED, bytes(0, 0, 3), bytes(0));
    });
    KeyRange range = new KeyRange(ownerKey(2, 2), ownerKey(4, 2));

    assertThat(store().scan(PREFIXED, range, false, 100)).extracting(kv -> (int) kv.value()[0])
        .containsExactly(2, 2, 3, 3, 3, 4);
    assertThat(store().scan(PREFIXED, range, true, 100)).extracting(kv -> (int) kv.value()[0])
        .containsExactly(4, 3, 3, 3, 2, 2);
    // Keys shorter than the prefix length sort among the others as usual.
    assertThat(keys(store().scan(PREFIXED, new KeyRange(bytes(0, 0, 0), ownerKey(1, 2)), true, 100)))
        .containsExactly("000000010000000000000001", "000000");
    assertThat(keys(store().scan(PREFIXED, new KeyRange(ownerKey(5, 3), null), false, 100)))
        .containsExactly("000000050000000000000003", "000003");
  }

  @Test
  default void keysCompareAsUnsignedBytes() {
    write(b -> {
      for (byte[] key : List.of(bytes(0xFF), bytes(0x80), bytes(0x7F, 0xFF), bytes(0x7F), bytes(0x00))) {
        b.put(PLAIN, key, bytes(1));
      }
    });

    assertThat(keys(store().scan(PLAIN, all(), false, 100))).containsExactly("00", "7f", "7fff", "80", "ff");
    assertThat(keys(store().scan(PLAIN, new KeyRange(bytes(0x7F, 0xFF, 0), bytes(0x81)), false, 100)))
        .containsExactly("80");
  }

  @Test
  default void bigEndianLongKeysScanInNumericOrder() {
    Random random = new Random(7);
    List<Long> ids = new ArrayList<>();
    write(b -> {
      for (int i = 0; i < 200; i++) {
        long id = random.nextLong() >>> 1;
        ids.add(id);
        b.put(PLAIN, Bytes.ofLong(id), bytes());
      }
    });

    assertThat(store().scan(PLAIN, all(), false, 1000)).extracting(kv -> Bytes.getLong(kv.key(), 0))
        .containsExactlyElementsOf(ids.stream().sorted().distinct().toList());
  }

  @Test
  default void aLimitStopsTheScanAfterThatManyEntries() {
    write(b -> {
      for (int i = 1; i <= 9; i++) {
        b.put(PLAIN, bytes(i), bytes(i));
      }
    });

    assertThat(keys(store().scan(PLAIN, new KeyRange(bytes(2), bytes(8)), false, 2))).containsExactly("02", "03");
    assertThat(keys(store().scan(PLAIN, new KeyRange(bytes(2), bytes(8)), true, 2))).containsExactly("07", "06");
    assertThatIllegalArgumentException().isThrownBy(() -> store().scan(PLAIN, all(), false, 0));
  }

  @Test
  default void aVisitorReturningFalseStopsTheScan() {
    write(b -> {
      for (int i = 1; i <= 9; i++) {
        b.put(PLAIN, bytes(i), bytes(i));
      }
    });
    List<String> seen = new ArrayList<>();

    store().scan(PLAIN, all(), true, (key, value) -> {
      seen.add(hex(key));
      return seen.size() < 3;
    });

    assertThat(seen).containsExactly("09", "08", "07");
  }

  @Test
  default void anEmptyRangeOrAnEmptySpaceYieldsNothing() {
    assertThat(store().scan(PLAIN, all(), false, 10)).isEmpty();
    assertThat(store().scan(PLAIN, all(), true, 10)).isEmpty();

    write(b -> b.put(PLAIN, bytes(5), bytes(5)));

    assertThat(store().scan(PLAIN, new KeyRange(bytes(5), bytes(5)), false, 10)).isEmpty();
    assertThat(store().scan(PLAIN, new KeyRange(bytes(5), bytes(5)), true, 10)).isEmpty();
    assertThat(store().scan(PLAIN, new KeyRange(bytes(6), null), true, 10)).isEmpty();
  }

  /** A model check: random keys, deletes and ranges over edge-case bytes, against a sorted map. */
  @Test
  default void scansAgreeWithASortedMapForRandomKeysAndRanges() {
    for (Space space : List.of(PLAIN, PREFIXED)) {
      Random random = new Random(42);
      NavigableMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
      for (int round = 0; round < 4; round++) {
        WriteBatch batch = store().newBatch();
        for (int i = 0; i < 300; i++) {
          byte[] key = randomKey(random);
          if (random.nextInt(5) == 0) {
            batch.delete(space, key);
            model.remove(key);
          } else {
            byte[] value = Bytes.ofLong(random.nextLong());
            batch.put(space, key, value);
            model.put(key, value);
          }
        }
        await(store().write(batch));
        if (round == 1) {
          store().compact(); // so that backends with files scan files and memory together
        }
        for (int q = 0; q < 200; q++) {
          KeyRange range = randomRange(random);
          boolean reverse = random.nextBoolean();
          int limit = 1 + random.nextInt(40);
          NavigableMap<byte[], byte[]> inRange = range.to() == null
              ? model.tailMap(range.from(), true)
              : model.subMap(range.from(), true, range.to(), false);
          List<String> expected = (reverse ? inRange.descendingMap() : inRange).entrySet().stream()
              .limit(limit).map(e -> hex(e.getKey()) + "=" + hex(e.getValue())).toList();

          assertThat(entries(store().scan(space, range, reverse, limit)))
              .as("%s [%s, %s) reverse=%s", space.name(), hex(range.from()), range.to() == null ? "null" : hex(range.to()), reverse)
              .isEqualTo(expected);
        }
      }
    }
  }

  // ---- commit points and compare-and-set ----

  @Test
  default void aBatchWithAFreeCommitPointIsWrittenWhole() {
    write(b -> b.put(PLAIN, bytes(1), bytes(10)).commit(OTHER, bytes(7), bytes(70))
        .put(PLAIN, bytes(2), bytes(20)).increment(COUNTS, bytes(3), 4).put(PLAIN, bytes(9), bytes(90)));
    assertThat(store().get(PLAIN, bytes(1))).isEqualTo(bytes(10));
    assertThat(store().get(OTHER, bytes(7))).isEqualTo(bytes(70));
    assertThat(store().get(PLAIN, bytes(2))).isEqualTo(bytes(20));
    assertThat(store().get(PLAIN, bytes(9))).isEqualTo(bytes(90));
    assertThat(store().counter(COUNTS, bytes(3))).isEqualTo(4);
  }

  @Test
  default void aTakenCommitPointFencesTheBatchAndNothingAfterItIsWritten() {
    write(b -> b.put(OTHER, bytes(7), bytes(1)).increment(COUNTS, bytes(3), 2));
    WriteBatch fenced = store().newBatch().commit(OTHER, bytes(7), bytes(2))
        .put(PLAIN, bytes(2), bytes(20)).increment(COUNTS, bytes(3), 5).delete(OTHER, bytes(7));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> store().write(fenced).join())
        .isInstanceOf(FencedException.class);
    assertThat(store().get(OTHER, bytes(7))).isEqualTo(bytes(1));
    assertThat(store().get(PLAIN, bytes(2))).isNull();
    assertThat(store().counter(COUNTS, bytes(3))).isEqualTo(2);
  }

  @Test
  default void aSectionHasAtMostOneCommitPoint() {
    WriteBatch batch = store().newBatch().commit(OTHER, bytes(1), bytes(1));
    assertThatIllegalStateException().isThrownBy(() -> batch.commit(OTHER, bytes(2), bytes(2)));
  }

  @Test
  default void eachSectionOfABatchHasItsOwnCommitPoint() {
    WriteBatch batch = store().newBatch().commit(OTHER, bytes(1), bytes(1)).section().commit(OTHER, bytes(2), bytes(2));
    assertThatIllegalStateException().isThrownBy(() -> batch.commit(OTHER, bytes(3), bytes(3)));
  }

  @Test
  default void theSectionsOfABatchWithFreeCommitPointsAreAllWritten() {
    write(b -> b.put(PLAIN, bytes(1), bytes(10)).commit(OTHER, bytes(1), bytes(1)).increment(COUNTS, bytes(1), 3)
        .put(PLAIN, bytes(11), bytes(11))
        .section().put(PLAIN, bytes(2), bytes(20)).commit(OTHER, bytes(2), bytes(2)).increment(COUNTS, bytes(2), 4)
        .put(PLAIN, bytes(12), bytes(12))
        .section().put(PLAIN, bytes(3), bytes(30)).increment(COUNTS, bytes(3), 5));
    assertThat(store().get(PLAIN, bytes(1))).isEqualTo(bytes(10));
    assertThat(store().get(PLAIN, bytes(2))).isEqualTo(bytes(20));
    assertThat(store().get(PLAIN, bytes(3))).isEqualTo(bytes(30));
    assertThat(store().get(OTHER, bytes(1))).isEqualTo(bytes(1));
    assertThat(store().get(OTHER, bytes(2))).isEqualTo(bytes(2));
    assertThat(store().get(PLAIN, bytes(11))).isEqualTo(bytes(11));
    assertThat(store().get(PLAIN, bytes(12))).isEqualTo(bytes(12));
    assertThat(store().counter(COUNTS, bytes(1))).isEqualTo(3);
    assertThat(store().counter(COUNTS, bytes(2))).isEqualTo(4);
    assertThat(store().counter(COUNTS, bytes(3))).isEqualTo(5);
  }

  @Test
  default void aTakenCommitPointFencesOnlyItsOwnSectionAndTheOthersAreWritten() {
    write(b -> b.put(OTHER, bytes(2), bytes(9)).increment(COUNTS, bytes(2), 1));
    WriteBatch batch = store().newBatch()
        .commit(OTHER, bytes(1), bytes(1)).put(PLAIN, bytes(1), bytes(10)).increment(COUNTS, bytes(1), 3)
        .put(PLAIN, bytes(21), bytes(1))
        .section().commit(OTHER, bytes(2), bytes(2)).put(PLAIN, bytes(2), bytes(20)).increment(COUNTS, bytes(2), 4)
        .put(PLAIN, bytes(22), bytes(2))
        .section().put(PLAIN, bytes(3), bytes(30)).commit(OTHER, bytes(3), bytes(3)).put(PLAIN, bytes(23), bytes(3));
    FencedException fenced = org.assertj.core.api.Assertions.catchThrowableOfType(
        () -> store().write(batch).join(), FencedException.class);
    assertThat(fenced).isNotNull();
    assertThat(fenced.taken()).containsExactly(1);
    assertThat(fenced.taken(1)).isTrue();
    assertThat(fenced.taken(0)).isFalse();
    await(fenced.written());
    assertThat(store().get(OTHER, bytes(2))).isEqualTo(bytes(9));
    assertThat(store().get(PLAIN, bytes(2))).isNull();
    assertThat(store().get(PLAIN, bytes(22))).isNull();
    assertThat(store().counter(COUNTS, bytes(2))).isEqualTo(1);
    assertThat(store().get(OTHER, bytes(1))).isEqualTo(bytes(1));
    assertThat(store().get(PLAIN, bytes(1))).isEqualTo(bytes(10));
    assertThat(store().get(PLAIN, bytes(21))).isEqualTo(bytes(1));
    assertThat(store().counter(COUNTS, bytes(1))).isEqualTo(3);
    assertThat(store().get(OTHER, bytes(3))).isEqualTo(bytes(3));
    assertThat(store().get(PLAIN, bytes(3))).isEqualTo(bytes(30));
    assertThat(store().get(PLAIN, bytes(23))).isEqualTo(bytes(3));
  }

  @Test
  default void writersRacingForOneCommitPointCommitExactlyOneAndThoseOfOtherCommitPointsAllCommit() throws Exception {
    int writers = 4;
    int points = 40;
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Integer>> committed = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        committed.add(pool.submit(() -> {
          start.await();
          int n = 0;
          for (int point = 1; point <= points; point++) {
            // Every writer races for the shared points; each also commits one point of its own.
            byte[] own = bytes(100 + writer, point);
            WriteBatch batch = store().newBatch().put(PLAIN, bytes(writer, point), bytes(writer))
                .commit(OTHER, bytes(point), bytes(writer)).section().commit(OTHER, own, bytes(writer));
            try {
              store().write(batch).join();
              n++;
            } catch (FencedException e) {
              e.written().join();
              assertThat(e.taken()).containsExactly(0);
            }
          }
          return n;
        }));
      }
      start.countDown();
      int won = 0;
      for (Future<Integer> f : committed) {
        won += f.get(60, TimeUnit.SECONDS);
      }
      assertThat(won).as("batches that took their shared commit point").isEqualTo(points);
      for (int w = 0; w < writers; w++) {
        for (int point = 1; point <= points; point++) {
          assertThat(store().get(OTHER, bytes(100 + w, point))).isEqualTo(bytes(w));
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  default void countersAddUpAcrossCommittedBatches() {
    for (int i = 1; i <= 3; i++) {
      int seq = i;
      write(b -> b.commit(OTHER, bytes(seq), bytes(seq)).increment(COUNTS, bytes(5), 10).put(PLAIN, bytes(0), bytes(seq)));
    }
    assertThat(store().counter(COUNTS, bytes(5))).isEqualTo(30);
  }

  @Test
  default void compareAndSetSetsOnlyWhenTheValueIsTheExpectedOne() {
    assertThat(store().compareAndSet(PLAIN, bytes(1), bytes(9), bytes(2))).isFalse();
    assertThat(store().get(PLAIN, bytes(1))).isNull();
    assertThat(store().compareAndSet(PLAIN, bytes(1), null, bytes(2))).isTrue();
    assertThat(store().compareAndSet(PLAIN, bytes(1), null, bytes(3))).isFalse();
    assertThat(store().compareAndSet(PLAIN, bytes(1), bytes(2), bytes(3))).isTrue();
    assertThat(store().get(PLAIN, bytes(1))).isEqualTo(bytes(3));
  }

  @Test
  default void concurrentCompareAndSetsFromOneValueLetExactlyOneWin() throws Exception {
    write(b -> b.put(PLAIN, bytes(1), bytes(0)));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> tries = new ArrayList<>();
      for (int i = 1; i <= 8; i++) {
        byte[] mine = bytes(i);
        tries.add(pool.submit(() -> store().compareAndSet(PLAIN, bytes(1), bytes(0), mine)));
      }
      int won = 0;
      for (Future<Boolean> f : tries) {
        won += f.get(60, TimeUnit.SECONDS) ? 1 : 0;
      }
      assertThat(won).isEqualTo(1);
    } finally {
      pool.shutdownNow();
    }
  }

  // ---- counters ----

  @Test
  default void anAbsentCounterIsZero() {
    assertThat(store().counter(COUNTS, bytes(1))).isZero();
  }

  @Test
  default void countersAreReadTogetherInTheOrderAskedWithZeroForAbsentOnes() {
    write(b -> b.increment(COUNTS, bytes(1), 5).increment(COUNTS, bytes(3), -2).increment(COUNTS, bytes(3), 9));
    assertThat(store().counters(COUNTS, List.of(bytes(3), bytes(2), bytes(1), bytes(3)))).containsExactly(7, 0, 5, 7);
    assertThat(store().counters(COUNTS, List.of())).isEmpty();
  }

  @Test
  default void incrementsAddUpAndMayBeNegative() {
    write(b -> b.increment(COUNTS, bytes(1), 5).increment(COUNTS, bytes(1), 7));
    assertThat(store().counter(COUNTS, bytes(1))).isEqualTo(12);

    write(b -> b.increment(COUNTS, bytes(1), -20));
    assertThat(store().counter(COUNTS, bytes(1))).isEqualTo(-8);

    write(b -> b.increment(COUNTS, bytes(2), -1));
    assertThat(store().counter(COUNTS, bytes(2))).isEqualTo(-1);
  }

  @Test
  default void countersScanAsEightByteBigEndianLongs() {
    write(b -> b.increment(COUNTS, bytes(1), 1).increment(COUNTS, bytes(2), 258).increment(COUNTS, bytes(3), -2));
    write(b -> b.increment(COUNTS, bytes(2), 1));

    assertThat(entries(store().scan(COUNTS, all(), false, 10)))
        .containsExactly("01=0000000000000001", "02=0000000000000103", "03=fffffffffffffffe");
    assertThat(entries(store().scan(COUNTS, all(), true, 1))).containsExactly("03=fffffffffffffffe");
  }

  @Test
  default void countersInAPrefixedSpaceScanByPrefix() {
    write(b -> {
      for (int owner = 1; owner <= 3; owner++) {
        for (long peer = 1; peer <= 3; peer++) {
          b.increment(PREFIXED_COUNTS, ownerKey(owner, peer), owner * 10 + peer);
        }
      }
    });

    assertThat(store().scan(PREFIXED_COUNTS, KeyRange.prefix(Arrays.copyOf(ownerKey(2, 0), 4)), true, 10))
        .extracting(kv -> Bytes.getLong(kv.value(), 0)).containsExactly(23L, 22L, 21L);
    assertThat(store().counter(PREFIXED_COUNTS, ownerKey(3, 1))).isEqualTo(31);
  }

  @Test
  default void deletingACounterResetsItToZero() {
    write(b -> b.increment(COUNTS, bytes(1), 5));
    write(b -> b.delete(COUNTS, bytes(1)));
    assertThat(store().counter(COUNTS, bytes(1))).isZero();

    write(b -> b.increment(COUNTS, bytes(1), 3));
    assertThat(store().counter(COUNTS, bytes(1))).isEqualTo(3);
  }

  // ---- batches and durability ----

  @Test
  default void aBatchCountsItsMutations() {
    WriteBatch batch = store().newBatch();
    assertThat(batch.isEmpty()).isTrue();

    batch.put(PLAIN, bytes(1), bytes(1)).delete(PLAIN, bytes(2)).increment(COUNTS, bytes(3), 1);

    assertThat(batch.size()).isEqualTo(3);
  }

  @Test
  default void theFutureOfAWriteCompletesNormally() {
    assertThat(store().write(store().newBatch().put(PLAIN, bytes(1), bytes(1)))).succeedsWithin(Duration.ofSeconds(10));
    assertThat(store().write(store().newBatch())).succeedsWithin(Duration.ofSeconds(10));
  }

  @Test
  default void aBatchIsVisibleAsAWholeWhenWriteReturns() {
    write(b -> b.put(PLAIN, bytes(9), bytes(9)));
    WriteBatch batch = store().newBatch().put(PLAIN, bytes(1), bytes(1)).put(PREFIXED, ownerKey(1, 1), bytes(2))
        .put(OTHER, bytes(3), bytes(3)).increment(COUNTS, bytes(4), 4).delete(PLAIN, bytes(9));

    CompletableFuture<Void> durable = store().write(batch); // visibility must not wait for durability

    assertThat(store().get(PLAIN, bytes(1))).containsExactly(1);
    assertThat(store().get(PREFIXED, ownerKey(1, 1))).containsExactly(2);
    assertThat(store().get(OTHER, bytes(3))).containsExactly(3);
    assertThat(store().counter(COUNTS, bytes(4))).isEqualTo(4);
    assertThat(store().get(PLAIN, bytes(9))).isNull();
    await(durable);
  }

  @Test
  default void concurrentWritersAllLand() throws Exception {
    int threads = 8;
    int batchesEach = 100;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<List<CompletableFuture<Void>>>> writers = new ArrayList<>();
    try {
      for (int t = 0; t < threads; t++) {
        int thread = t;
        writers.add(pool.submit(() -> {
          start.await();
          List<CompletableFuture<Void>> futures = new ArrayList<>();
          for (int i = 0; i < batchesEach; i++) {
            futures.add(store().write(store().newBatch().put(PLAIN, ownerKey(thread, i), bytes(thread))
                .increment(COUNTS, bytes(0), 1)));
          }
          return futures;
        }));
      }
      start.countDown();
      for (Future<List<CompletableFuture<Void>>> writer : writers) {
        writer.get(3, TimeUnit.MINUTES).forEach(KeyValueStoreContract::await);
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(store().scan(PLAIN, all(), false, 10_000)).hasSize(threads * batchesEach);
    assertThat(store().counter(COUNTS, bytes(0))).isEqualTo(threads * batchesEach);
  }

  // ---- sorted loads ----

  @Test
  default void aCommittedSortedLoadIsVisibleInGetsAndScans() {
    int owners = 50;
    int each = 400; // 20,000 entries: more than one batch of a backend without a bulk path
    try (SortedLoad load = store().newSortedLoad(PREFIXED)) {
      for (int owner = 0; owner < owners; owner++) {
        for (int id = 0; id < each; id++) {
          load.put(ownerKey(owner, id), bytes(owner, id & 0xFF));
        }
      }
      assertThat(load.size()).isEqualTo((long) owners * each);
      await(load.commit());
    }

    assertThat(store().get(PREFIXED, ownerKey(7, 300))).containsExactly(7, 300 & 0xFF);
    assertThat(store().get(PREFIXED, ownerKey(owners, 0))).isNull();
    List<KeyValue> one = store().scan(PREFIXED, KeyRange.prefix(Arrays.copyOf(ownerKey(12, 0), 4)), true, 10_000);
    assertThat(one).hasSize(each);
    assertThat(one.get(0).key()).isEqualTo(ownerKey(12, each - 1));
    assertThat(store().scan(PREFIXED, all(), false, 100_000)).hasSize(owners * each);
  }

  @Test
  default void aSortedLoadWinsOverEarlierValuesAndLaterWritesWinOverIt() {
    write(b -> b.put(PLAIN, bytes(1), bytes(0)).put(PLAIN, bytes(3), bytes(0)));
    try (SortedLoad load = store().newSortedLoad(PLAIN)) {
      load.put(bytes(1), bytes(1));
      load.put(bytes(2), bytes(2));
      await(load.commit());
    }
    assertThat(store().get(PLAIN, bytes(1))).containsExactly(1);
    assertThat(store().get(PLAIN, bytes(3))).containsExactly(0);

    write(b -> b.put(PLAIN, bytes(1), bytes(9)).delete(PLAIN, bytes(2)));
    assertThat(store().get(PLAIN, bytes(1))).containsExactly(9);
    assertThat(store().get(PLAIN, bytes(2))).isNull();
  }

  @Test
  default void aSortedLoadRejectsKeysThatDoNotAscend() {
    try (SortedLoad load = store().newSortedLoad(PLAIN)) {
      load.put(bytes(1, 0x80), bytes());
      assertThatIllegalArgumentException().isThrownBy(() -> load.put(bytes(1, 0x80), bytes()));
      assertThatIllegalArgumentException().isThrownBy(() -> load.put(bytes(1, 0x7F), bytes()));
      load.put(bytes(1, 0x81), bytes()); // unsigned order: 0x81 follows 0x80
      await(load.commit());
    }
    assertThat(store().scan(PLAIN, all(), false, 10)).hasSize(2);
  }

  @Test
  default void anEmptySortedLoadCommitsAtOnceAndACommittedOneTakesNoMore() {
    SortedLoad load = store().newSortedLoad(PLAIN);
    await(load.commit());
    assertThatIllegalStateException().isThrownBy(() -> load.put(bytes(1), bytes(1)));
    assertThatIllegalStateException().isThrownBy(load::commit);
    load.close();
    assertThat(store().scan(PLAIN, all(), false, 10)).isEmpty();
  }

  @Test
  default void aSealedSortedLoadTakesNoMoreAndCommitsWhatItHeldFromAnotherThread() throws Exception {
    // A few entries (RocksDB writes them as a batch) and many (a table file; batches elsewhere).
    int[] sizes = {3, 20_000};
    for (int owner = 0; owner < sizes.length; owner++) {
      SortedLoad load = store().newSortedLoad(PREFIXED);
      for (int id = 0; id < sizes[owner]; id++) {
        load.put(ownerKey(owner, id), Bytes.ofLong(id));
      }
      load.seal();
      byte[] next = ownerKey(owner, sizes[owner]);
      assertThatIllegalStateException().isThrownBy(() -> load.put(next, Bytes.ofLong(0)));
      assertThatIllegalStateException().isThrownBy(load::seal);

      ExecutorService other = Executors.newSingleThreadExecutor();
      try {
        other.submit(() -> {
          try (load) {
            await(load.commit());
          }
        }).get();
      } finally {
        other.shutdown();
      }
      assertThat(store().scan(PREFIXED, KeyRange.prefix(Arrays.copyOf(ownerKey(owner, 0), 4)), false, 100_000))
          .hasSize(sizes[owner]);
      assertThat(store().get(PREFIXED, ownerKey(owner, sizes[owner] - 1))).isEqualTo(Bytes.ofLong(sizes[owner] - 1));
    }
  }

  @Test
  default void aSortedLoadOfCountersIsRejected() {
    assertThatIllegalArgumentException().isThrownBy(() -> store().newSortedLoad(COUNTS));
  }

  // ---- disk use ----

  @Test
  default void diskBytesBySpaceNamesEverySpaceAndCountsWhatOneSpaceGrewBy() {
    Map<String, Long> before = store().diskBytesBySpace();
    // 32 MiB of random values (nothing for a compression to take) in one space: enough for HBase,
    // whose region servers report whole megabytes a region (16 regions here).
    Random random = new Random(7);
    for (int part = 0; part < 4; part++) {
      int first = part * 16;
      write(b -> {
        for (int i = first; i < first + 16; i++) {
          byte[] value = new byte[512 * 1024];
          random.nextBytes(value);
          b.put(PREFIXED, ownerKey(i, 1), value);
        }
      });
    }
    store().compact(); // to files, where a backend counts its data at rest

    // HBase's region servers report their sizes every few seconds; a busy machine may take far longer.
    Awaitility.await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(200))
        .untilAsserted(() -> {
          Map<String, Long> after = store().diskBytesBySpace();
          assertThat(after).containsOnlyKeys(SPACES.stream().map(Space::name).toList());
          assertThat(after.get(PREFIXED.name()) - before.get(PREFIXED.name())).isGreaterThanOrEqualTo(8L << 20);
          assertThat(after).allSatisfy((space, bytes) -> {
            assertThat(bytes).as(space).isNotNegative();
            if (!space.equals(PREFIXED.name())) {
              assertThat(bytes - before.get(space)).as(space).isLessThan(8L << 20);
            }
          });
        });
  }

  // ---- helpers ----

  private void write(Consumer<WriteBatch> mutations) {
    WriteBatch batch = store().newBatch();
    mutations.accept(batch);
    await(store().write(batch));
  }

  private static void await(CompletableFuture<Void> future) {
    assertThat(future).succeedsWithin(Duration.ofSeconds(10));
  }

  private static KeyRange all() {
    return new KeyRange(bytes(), null);
  }

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }

  /** A 4-byte owner then an 8-byte id, like a timeline key. */
  private static byte[] ownerKey(int owner, long id) {
    byte[] key = new byte[12];
    key[0] = (byte) (owner >>> 24);
    key[1] = (byte) (owner >>> 16);
    key[2] = (byte) (owner >>> 8);
    key[3] = (byte) owner;
    Bytes.putLong(key, 4, id);
    return key;
  }

  /** Short keys over a few edge-case bytes, so that prefixes, 0xFF runs and sign bits collide often. */
  private static byte[] randomKey(Random random) {
    int[] edgeBytes = {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF};
    byte[] key = new byte[random.nextInt(8)];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) edgeBytes[random.nextInt(edgeBytes.length)];
    }
    return key;
  }

  private static KeyRange randomRange(Random random) {
    switch (random.nextInt(3)) {
      case 0:
        return KeyRange.prefix(Arrays.copyOf(randomKey(random), random.nextInt(6)));
      case 1:
        return new KeyRange(randomKey(random), null);
      default:
        byte[] a = randomKey(random);
        byte[] b = randomKey(random);
        return Arrays.compareUnsigned(a, b) <= 0 ? new KeyRange(a, b) : new KeyRange(b, a);
    }
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  private static List<String> keys(List<KeyValue> entries) {
    return entries.stream().map(kv -> hex(kv.key())).toList();
  }

  private static List<String> entries(List<KeyValue> entries) {
    return entries.stream().map(kv -> hex(kv.key()) + "=" + hex(kv.value())).toList();
  }
}
