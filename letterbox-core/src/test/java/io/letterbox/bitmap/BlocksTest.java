package io.letterbox.bitmap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

class BlocksTest {

  @Test
  void uidsAreGroupedByBlockEvenWhenOneBlockIsWholeOrGivenTwice() {
    // Uids 1..200,000: block 0 lacks uid 0, blocks 1 and 2 are whole, block 3 holds 3,392.
    long[] uids = LongStream.rangeClosed(1, 200_000).toArray();

    TreeMap<Long, RoaringBitmap> blocks = Blocks.group(uids);

    assertThat(blocks.keySet()).containsExactly(0L, 1L, 2L, 3L);
    assertThat(blocks.get(0L).getLongCardinality()).isEqualTo(65_535);
    assertThat(blocks.get(1L).getLongCardinality()).isEqualTo(65_536);
    assertThat(blocks.get(2L).getLongCardinality()).isEqualTo(65_536);
    assertThat(Blocks.cardinality(blocks)).isEqualTo(200_000);

    long[] twice = LongStream.concat(LongStream.range(65_536, 131_072), LongStream.range(65_536, 131_072)).toArray();
    Map<Long, RoaringBitmap> same = Blocks.group(twice);
    assertThat(same.get(1L).getLongCardinality()).isEqualTo(65_536);
  }
}
