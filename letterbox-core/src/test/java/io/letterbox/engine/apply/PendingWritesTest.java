package io.letterbox.engine.apply;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.MemoryStore;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The pending batch reads exactly as the store will read once the batch is written: checked
 * against a second store that applies every mutation at once, over random mutations and reads.
 */
class PendingWritesTest {
  private static final Space PLAIN = Space.plain("plain", 1);
  private static final Space COUNTS = Space.counters("counts", 1);
  private static final List<Space> SPACES = List.of(PLAIN, COUNTS);

  @Test
  void everyReadAnswersAsTheStoreWillOnceTheBatchIsWritten() {
    for (long seed = 1; seed <= 40; seed++) {
      Random r = new Random(seed);
      KeyValueStore base = new MemoryStore(SPACES);
      KeyValueStore expected = new MemoryStore(SPACES);
      for (int i = 0; i < 60; i++) {
        Consumer<WriteBatch> m = mutation(r);
        base.write(apply(base.newBatch(), m)).join();
        expected.write(apply(expected.newBatch(), m)).join();
      }
      PendingWrites pending = new PendingWrites(base);
      for (int step = 0; step < 300; step++) {
        if (r.nextInt(3) > 0) {
          Consumer<WriteBatch> m = mutation(r);
          m.accept(pending);
          expected.write(apply(expected.newBatch(), m)).join();
        } else {
          compareReads(r, pending, expected, "seed " + seed + " step " + step);
        }
        if (r.nextInt(100) == 0) {
          pending.write().join();
        }
      }
      pending.write().join();
      assertThat(all(base, PLAIN, false)).isEqualTo(all(expected, PLAIN, false));
      assertThat(all(base, COUNTS, false)).isEqualTo(all(expected, COUNTS, false));
    }
  }

  private static void compareReads(Random r, PendingWrites pending, KeyValueStore expected, String at) {
    byte[] key = key(r);
    assertThat(hex(pending.get(PLAIN, key))).as(at).isEqualTo(hex(expected.get(PLAIN, key)));
    assertThat(pending.counter(COUNTS, key)).as(at).isEqualTo(expected.counter(COUNTS, key));
    List<byte[]> keys = List.of(key(r), key(r), key);
    assertThat(pending.multiGet(PLAIN, keys).stream().map(PendingWritesTest::hex).toList()).as(at)
        .isEqualTo(expected.multiGet(PLAIN, keys).stream().map(PendingWritesTest::hex).toList());
    byte[] from = key(r);
    byte[] to = key(r);
    if (java.util.Arrays.compareUnsigned(from, to) > 0) {
      byte[] t = from;
      from = to;
      to = t;
    }
    KeyRange range = r.nextBoolean() ? new KeyRange(from, to) : new KeyRange(from, null);
    boolean reverse = r.nextBoolean();
    int limit = 1 + r.nextInt(12);
    for (Space space : SPACES) {
      assertThat(rows(pending.scan(space, range, reverse, limit))).as(at + " scan " + space.name())
          .isEqualTo(rows(expected.scan(space, range, reverse, limit)));
    }
  }

  private static Consumer<WriteBatch> mutation(Random r) {
    byte[] key = key(r);
    return switch (r.nextInt(4)) {
      case 0, 1 -> {
        byte[] value = Bytes.ofLong(r.nextInt(1000));
        yield b -> b.put(PLAIN, key, value);
      }
      case 2 -> b -> b.delete(PLAIN, key);
      default -> {
        long delta = r.nextInt(7) - 2;
        yield b -> b.increment(COUNTS, key, delta);
      }
    };
  }

  /** Keys of 1–3 bytes from a small alphabet: many collisions, shared prefixes and range ends. */
  private static byte[] key(Random r) {
    byte[] k = new byte[1 + r.nextInt(3)];
    for (int i = 0; i < k.length; i++) {
      k[i] = (byte) (r.nextInt(4) * 70);
    }
    return k;
  }

  private static WriteBatch apply(WriteBatch batch, Consumer<WriteBatch> m) {
    m.accept(batch);
    return batch;
  }

  private static List<String> all(KeyValueStore store, Space space, boolean reverse) {
    return rows(store.scan(space, new KeyRange(new byte[0], null), reverse, Integer.MAX_VALUE));
  }

  private static List<String> rows(List<KeyValue> rows) {
    List<String> out = new ArrayList<>();
    for (KeyValue kv : rows) {
      out.add(hex(kv.key()) + "=" + hex(kv.value()));
    }
    return out;
  }

  private static String hex(byte[] b) {
    return b == null ? "null" : HexFormat.of().formatHex(b);
  }
}
