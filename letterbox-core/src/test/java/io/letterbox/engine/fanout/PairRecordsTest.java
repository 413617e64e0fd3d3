package io.letterbox.engine.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.AudienceKey;
import io.letterbox.keys.BlockKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RelationBlockKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.MemoryStore;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/** The first-contact fan-out, below the engine: which records it writes, split into parts and loads. */
class PairRecordsTest {
  private static final long SENDER = 42;
  private static final long BROADCAST = 1_000;
  /** Enough blocks for three parts: one uid in each of 3 × 4,096 blocks, plus a crowded block. */
  private static final int BLOCKS = 3 * 4096;

  private final KeyValueStore store = new MemoryStore(Spaces.ALL);
  private final ExecutorService helpers = Executors.newCachedThreadPool();

  @AfterEach
  void close() {
    helpers.shutdownNow();
    store.close();
  }

  @Test
  void everyReceiverNotYetPairedGetsOneRecordWhateverTheSplitAndLoadSize() {
    List<Long> audience = audience();
    long follower = audience.get(5);
    long alreadyPaired = audience.get(6);
    write(b -> b.put(Spaces.RELATION_BLOCKS, RelationBlockKey.followers(SENDER, Blocks.block(follower)), bitmapOf(follower))
        .put(Spaces.PAIRED_BLOCKS, BlockKey.of(SENDER, Blocks.block(alreadyPaired)), bitmapOf(alreadyPaired)));

    long written = PairRecords.write(store, SENDER, BROADCAST, blocks(audience), helpers, 3, 1_000);

    assertThat(written).as("followers too: what a fan-out writes depends on frozen audiences only")
        .isEqualTo(audience.size() - 1);
    List<Long> recorded = new ArrayList<>();
    store.scan(Spaces.REACHED, new KeyRange(new byte[0], null), false, (k, v) -> {
      assertThat(PairKey.peer(k)).isEqualTo(SENDER);
      return recorded.add(io.letterbox.store.Bytes.getLong(k, 0));
    });
    List<Long> expected = new ArrayList<>(audience);
    expected.remove(alreadyPaired);
    assertThat(recorded).containsExactlyElementsOf(expected);
    for (long uid : audience) {
      assertThat(Blocks.contains(store.get(Spaces.PAIRED_BLOCKS, BlockKey.of(SENDER, Blocks.block(uid))), uid))
          .as("paired %s", uid).isTrue();
    }
  }

  @Test
  void aSecondRunFindsEveryoneAlreadyPaired() {
    List<Long> blocks = blocks(audience());
    PairRecords.write(store, SENDER, BROADCAST, blocks, helpers, 2, 5_000);

    assertThat(PairRecords.write(store, SENDER, BROADCAST, blocks, helpers, 4, 5_000)).isZero();
    assertThat(PairRecords.write(store, SENDER, BROADCAST, blocks)).isZero();
  }

  /** One uid per block, and 300 in the last block; audience rows stored as the accept writes them. */
  private List<Long> audience() {
    List<Long> uids = new ArrayList<>();
    for (long block = 1; block <= BLOCKS; block++) {
      uids.add(Blocks.uid(block, (int) (block % 65_536)));
    }
    for (int low = 1_000; low < 1_300; low++) {
      uids.add(Blocks.uid(BLOCKS + 1, low));
    }
    long[] array = uids.stream().mapToLong(Long::longValue).toArray();
    WriteBatch batch = store.newBatch();
    for (Map.Entry<Long, RoaringBitmap> e : Blocks.group(array).entrySet()) {
      batch.put(Spaces.AUDIENCE, AudienceKey.of(SENDER, e.getKey(), BROADCAST), Blocks.serialize(e.getValue()));
    }
    store.write(batch).join();
    return uids;
  }

  private static List<Long> blocks(List<Long> uids) {
    return uids.stream().map(Blocks::block).distinct().toList();
  }

  private static byte[] bitmapOf(long uid) {
    return Blocks.serialize(RoaringBitmap.bitmapOf(Blocks.low(uid)));
  }

  private void write(java.util.function.UnaryOperator<WriteBatch> mutations) {
    store.write(mutations.apply(store.newBatch())).join();
  }
}
