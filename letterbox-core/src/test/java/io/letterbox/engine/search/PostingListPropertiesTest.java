package io.letterbox.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.Letterbox;
import io.letterbox.keys.PostingKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.MemoryStore;
import io.letterbox.store.WriteBatch;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * A word's postings read back from blocks that several steps wrote, over several buckets, beside
 * another word of the same hash and other scopes, answer each seek as a sorted set of the word's
 * ids does (jqwik).
 */
class PostingListPropertiesTest {
  private static final long SCOPE = 42;
  private static final String WORD = "harbour";
  private static final int HASH = Words.hash(WORD);

  @Property(tries = 300)
  void aSeekOverBlocksFindsWhatASortedSetOfTheIdsFinds(@ForAll long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    MemoryStore store = new MemoryStore(Letterbox.SPACES);
    int firstBucket = 100 + random.nextInt(1_000);
    int buckets = random.nextInt(1, 6);
    TreeSet<Long> ids = new TreeSet<>();
    int steps = random.nextInt(1, 5);
    for (int step = 1; step <= steps; step++) {
      PostingBatch batch = new PostingBatch();
      for (int i = random.nextInt(0, 200); i > 0; i--) {
        // Some buckets crowded, some sparse; the same id again in a later step (an edit).
        int bucket = firstBucket + random.nextInt(buckets) * (1 + random.nextInt(3));
        long id = PostingKey.firstId(bucket) + (random.nextBoolean() ? random.nextLong(500) : random.nextLong(1L << 40));
        if (random.nextInt(8) == 0 && !ids.isEmpty()) {
          id = ids.first();
        }
        switch (random.nextInt(5)) {
          case 0 -> batch.put(SCOPE, PostingKey.OWNER, HASH, id, "collides".getBytes(StandardCharsets.UTF_8));
          case 1 -> batch.put(SCOPE + 1, PostingKey.OWNER, HASH, id, WORD.getBytes(StandardCharsets.UTF_8));
          case 2 -> batch.put(SCOPE, PostingKey.GROUP, HASH, id, WORD.getBytes(StandardCharsets.UTF_8));
          default -> {
            batch.put(SCOPE, PostingKey.OWNER, HASH, id, WORD.getBytes(StandardCharsets.UTF_8));
            ids.add(id);
          }
        }
      }
      WriteBatch write = store.newBatch();
      batch.forEachInOrder(step, (k, v) -> write.put(Spaces.POSTINGS, k, v));
      store.write(write).join();
    }
    long top = PostingKey.lastId(firstBucket + 3 * buckets) + 1;
    long lowest = random.nextBoolean() ? 0 : PostingKey.firstId(firstBucket) + random.nextLong(1L << 49);
    PostingList list = new PostingList(store, SCOPE, PostingKey.OWNER, WORD, lowest);

    // Seeks as the leapfrog makes them: mostly down from the last answer, now and then anywhere.
    long x = top;
    for (int i = 0; i < 200; i++) {
      x = random.nextInt(6) == 0 ? random.nextLong(top) : Math.max(0, x - random.nextLong(1L << (1 + random.nextInt(50))));
      Long floor = ids.floor(x);
      long expected = floor == null || floor < lowest ? -1 : floor;
      assertThat(list.atMost(x)).as("at most %d, lowest %d", x, lowest).isEqualTo(expected);
    }
  }
}
