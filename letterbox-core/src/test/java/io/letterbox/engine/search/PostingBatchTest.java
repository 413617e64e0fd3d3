package io.letterbox.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.keys.PostingKey;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PostingBatchTest {
  private static final byte[] WORD = "word".getBytes(StandardCharsets.UTF_8);

  @Test
  void givesOneBlockPerScopeWordAndBucketWithEachPostingOnce() {
    long bucketTwo = PostingKey.firstId(2);
    PostingBatch batch = new PostingBatch();
    batch.put(7, PostingKey.OWNER, 1, bucketTwo + 10, WORD);
    batch.put(7, PostingKey.OWNER, 1, bucketTwo + 9, WORD);
    batch.put(7, PostingKey.OWNER, 1, bucketTwo + 10, WORD);
    batch.put(7, PostingKey.OWNER, 1, PostingKey.firstId(3), WORD);

    List<String> out = new ArrayList<>();
    batch.forEachInOrder(5, (k, v) -> {
      List<Long> ids = new ArrayList<>();
      PostingBlock.idsOf(v, PostingKey.bucketOf(k), WORD, ids::add);
      out.add(HexFormat.of().formatHex(k, 13, 19) + "=" + ids);
    });
    assertThat(out).containsExactly("000200000005=" + List.of(bucketTwo + 9, bucketTwo + 10),
        "000300000005=" + List.of(PostingKey.firstId(3)));
    assertThat(batch.size()).as("what was put, before it is written").isEqualTo(4);
  }

  @Test
  void givesTheBlocksInTheUnsignedOrderOfTheirKeys() {
    // Scopes, words and ids with the top bit set and not, every kind: the parts compared as
    // numbers must order as the keys' bytes do.
    long[] scopes = {1, 2, 0x7FFF_FFFF_FFFF_FFFFL, 0x8000_0000_0000_0000L, -1};
    byte[] kinds = {PostingKey.OWNER, PostingKey.BROADCASTS, PostingKey.GROUP};
    int[] words = {0, 1, 0x7FFF_FFFF, 0x8000_0000, -1};
    long[] ids = {1, 0x0100, 0x7FFF_FFFF_FFFF_FFFFL, 0x0001_0000_0000_0000L};
    SplittableRandom random = new SplittableRandom(28);
    PostingBatch batch = new PostingBatch();
    List<byte[]> expected = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      long scope = scopes[random.nextInt(scopes.length)];
      byte kind = kinds[random.nextInt(kinds.length)];
      int word = random.nextBoolean() ? words[random.nextInt(words.length)] : random.nextInt();
      long id = random.nextBoolean() ? ids[random.nextInt(ids.length)] : random.nextLong() & Long.MAX_VALUE;
      batch.put(scope, kind, word, id, WORD);
      expected.add(PostingKey.of(scope, kind, word, PostingKey.bucket(id), 9));
    }
    expected.sort(Arrays::compareUnsigned);
    List<String> want = new ArrayList<>();
    for (int i = 0; i < expected.size(); i++) {
      if (i == 0 || !Arrays.equals(expected.get(i), expected.get(i - 1))) {
        want.add(HexFormat.of().formatHex(expected.get(i)));
      }
    }

    List<String> out = new ArrayList<>();
    batch.forEachInOrder(9, (k, v) -> out.add(HexFormat.of().formatHex(k)));
    assertThat(out).containsExactlyElementsOf(want);
  }
}
