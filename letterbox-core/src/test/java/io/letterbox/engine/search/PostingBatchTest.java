package io.letterbox.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.keys.PostingKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PostingBatchTest {
  @Test
  void givesEachKeyOnceWithTheValuePutLast() {
    PostingBatch batch = new PostingBatch();
    batch.put(7, PostingKey.OWNER, 1, 10, new byte[] {1});
    batch.put(7, PostingKey.OWNER, 1, 9, new byte[] {2});
    batch.put(7, PostingKey.OWNER, 1, 10, new byte[] {3});

    List<String> out = new ArrayList<>();
    batch.forEachInOrder((k, v) -> out.add(PostingKey.id(k) + "=" + v[0]));
    assertThat(out).containsExactly("9=2", "10=3");
    assertThat(batch.size()).as("what was put, before it is written").isEqualTo(3);
  }

  @Test
  void givesTheKeysInTheUnsignedOrderOfTheirBytes() {
    // Scopes, words and ids with the top bit set and not, every kind: the parts compared as
    // numbers must order as the keys' bytes do.
    long[] scopes = {1, 2, 0x7FFF_FFFF_FFFF_FFFFL, 0x8000_0000_0000_0000L, -1};
    byte[] kinds = {PostingKey.OWNER, PostingKey.BROADCASTS, PostingKey.GROUP};
    int[] words = {0, 1, 0x7FFF_FFFF, 0x8000_0000, -1};
    long[] ids = {1, 0x0100, 0x7FFF_FFFF_FFFF_FFFFL, 0x8000_0000_0000_0001L};
    SplittableRandom random = new SplittableRandom(28);
    PostingBatch batch = new PostingBatch();
    List<byte[]> expected = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      long scope = scopes[random.nextInt(scopes.length)];
      byte kind = kinds[random.nextInt(kinds.length)];
      int word = random.nextBoolean() ? words[random.nextInt(words.length)] : random.nextInt();
      long id = random.nextBoolean() ? ids[random.nextInt(ids.length)] : random.nextLong();
      batch.put(scope, kind, word, id, new byte[0]);
      expected.add(PostingKey.of(scope, kind, word, id));
    }
    expected.sort(Arrays::compareUnsigned);
    List<String> want = new ArrayList<>();
    for (int i = 0; i < expected.size(); i++) {
      if (i == 0 || !Arrays.equals(expected.get(i), expected.get(i - 1))) {
        want.add(HexFormat.of().formatHex(expected.get(i)));
      }
    }

    List<String> out = new ArrayList<>();
    batch.forEachInOrder((k, v) -> out.add(HexFormat.of().formatHex(k)));
    assertThat(out).containsExactlyElementsOf(want);
  }
}
