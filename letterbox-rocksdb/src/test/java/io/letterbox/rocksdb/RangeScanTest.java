package io.letterbox.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scans of a prefixed space whose data lies in several files, each holding only some prefixes:
 * the case where a wrongly used prefix bloom filter would skip a file that has keys in range.
 */
class RangeScanTest {
  private static final Space TIMELINES = Space.plain("timelines", 4);
  private static final HexFormat HEX = HexFormat.of();

  @TempDir
  Path dir;

  @Test
  void aRangeIsWithinOnePrefixWhenBothEndsShareItOrTheUpperEndsIt() {
    assertThat(RangeScan.withinOnePrefix(2, KeyRange.prefix(bytes(1, 2)))).isTrue();
    assertThat(RangeScan.withinOnePrefix(2, new KeyRange(bytes(1, 2, 5), bytes(1, 2, 9)))).isTrue();
    assertThat(RangeScan.withinOnePrefix(2, KeyRange.prefix(bytes(1, 0xFF)))).isTrue();

    assertThat(RangeScan.withinOnePrefix(0, KeyRange.prefix(bytes(1, 2)))).isFalse();
    assertThat(RangeScan.withinOnePrefix(2, KeyRange.prefix(bytes(1)))).isFalse();
    assertThat(RangeScan.withinOnePrefix(2, new KeyRange(bytes(1, 2), bytes(1, 4)))).isFalse();
    assertThat(RangeScan.withinOnePrefix(2, new KeyRange(bytes(1, 2), null))).isFalse();
    assertThat(RangeScan.withinOnePrefix(2, KeyRange.prefix(bytes(0xFF, 0xFF)))).isFalse();
  }

  @Test
  void scansOverManyFilesAgreeWithASortedMap() {
    Random random = new Random(3);
    NavigableMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
    try (RocksStore store = RocksStore.open(dir, List.of(TIMELINES), TestStores.SMALL)) {
      for (int file = 0; file < 6; file++) {
        WriteBatch batch = store.newBatch();
        for (int i = 0; i < 200; i++) {
          // Each file gets its own owners, plus owner 100 that every file shares.
          int owner = random.nextInt(4) == 0 ? 100 : file * 10 + random.nextInt(3);
          byte[] key = timelineKey(owner, random.nextInt(50));
          byte[] value = Bytes.ofLong(random.nextLong());
          batch.put(TIMELINES, key, value);
          model.put(key, value);
        }
        store.write(batch).join();
        store.flush();
      }

      for (int owner = 0; owner <= 100; owner++) {
        byte[] prefix = Arrays.copyOf(timelineKey(owner, 0), 4);
        check(store, model, KeyRange.prefix(prefix));
        check(store, model, new KeyRange(timelineKey(owner, 10), timelineKey(owner, 30)));
        check(store, model, new KeyRange(timelineKey(owner, 10), Bytes.prefixEnd(prefix)));
        check(store, model, new KeyRange(timelineKey(owner, 40), timelineKey(owner + 7, 5)));
        check(store, model, new KeyRange(timelineKey(owner, 40), null));
      }
    }
  }

  private static void check(RocksStore store, NavigableMap<byte[], byte[]> model, KeyRange range) {
    NavigableMap<byte[], byte[]> inRange = range.to() == null
        ? model.tailMap(range.from(), true)
        : model.subMap(range.from(), true, range.to(), false);
    for (boolean reverse : new boolean[] {false, true}) {
      List<String> expected = (reverse ? inRange.descendingMap() : inRange).keySet().stream()
          .limit(1000).map(HEX::formatHex).toList();
      List<KeyValue> actual = store.scan(TIMELINES, range, reverse, 1000);
      assertThat(actual).extracting(kv -> HEX.formatHex(kv.key()))
          .as("[%s, %s) reverse=%s", HEX.formatHex(range.from()), range.to() == null ? null : HEX.formatHex(range.to()), reverse)
          .isEqualTo(expected);
    }
  }

  private static byte[] timelineKey(int owner, long id) {
    byte[] key = new byte[12];
    key[0] = (byte) (owner >>> 24);
    key[1] = (byte) (owner >>> 16);
    key[2] = (byte) (owner >>> 8);
    key[3] = (byte) owner;
    Bytes.putLong(key, 4, id);
    return key;
  }

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }
}
