package io.letterbox.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.keys.PostingKey;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** A block gives back each word's ids as they were written (jqwik). */
class PostingBlockPropertiesTest {
  @Property(tries = 500)
  void aBlockGivesBackEveryWordWithItsIds(@ForAll long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int bucket = random.nextInt(1 << (63 - PostingKey.BUCKET_SHIFT));
    Map<String, TreeSet<Long>> written = new TreeMap<>();
    PostingBlock block = new PostingBlock(bucket);
    for (int w = random.nextInt(1, 4); w > 0; w--) {
      String word = "w" + random.nextInt(1_000_000) + (random.nextBoolean() ? "港口" : "");
      if (written.containsKey(word)) {
        continue;
      }
      TreeSet<Long> ids = new TreeSet<>();
      // Close ids and ids across the whole bucket: one-byte gaps and ten-byte ones.
      long span = random.nextBoolean() ? 1_000 : 1L << PostingKey.BUCKET_SHIFT;
      for (int i = random.nextInt(1, 300); i > 0; i--) {
        ids.add(PostingKey.firstId(bucket) + random.nextLong(span));
      }
      written.put(word, ids);
      long[] sorted = ids.stream().mapToLong(Long::longValue).toArray();
      block.add(word.getBytes(StandardCharsets.UTF_8), sorted, 0, sorted.length);
    }
    byte[] value = block.bytes();

    Map<String, List<Long>> read = new TreeMap<>();
    PostingBlock.forEach(value, bucket, (v, from, to, id) ->
        read.computeIfAbsent(new String(v, from, to - from, StandardCharsets.UTF_8), k -> new ArrayList<>()).add(id));
    Map<String, List<Long>> expected = new TreeMap<>();
    written.forEach((word, ids) -> expected.put(word, List.copyOf(ids)));
    assertThat(read).isEqualTo(expected);
    for (Map.Entry<String, TreeSet<Long>> e : written.entrySet()) {
      List<Long> ids = new ArrayList<>();
      PostingBlock.idsOf(value, bucket, e.getKey().getBytes(StandardCharsets.UTF_8), ids::add);
      assertThat(ids).containsExactlyElementsOf(e.getValue());
    }
    List<Long> none = new ArrayList<>();
    PostingBlock.idsOf(value, bucket, "absent".getBytes(StandardCharsets.UTF_8), none::add);
    assertThat(none).isEmpty();
  }
}
