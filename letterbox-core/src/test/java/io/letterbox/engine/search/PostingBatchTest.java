package io.letterbox.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PostingBatchTest {
  @Test
  void givesEachKeyOnceInUnsignedOrderWithTheValuePutLast() {
    PostingBatch batch = new PostingBatch();
    batch.put(new byte[] {(byte) 0x80}, new byte[] {1});
    batch.put(new byte[] {0x01, 0x02}, new byte[] {2});
    batch.put(new byte[] {0x01}, new byte[] {3});
    batch.put(new byte[] {0x01, 0x02}, new byte[] {4});

    List<String> out = new ArrayList<>();
    batch.forEachInOrder((k, v) -> out.add(java.util.HexFormat.of().formatHex(k) + "=" + v[0]));
    assertThat(out).containsExactly("01=3", "0102=4", "80=1");
    assertThat(batch.size()).as("what was put, before it is written").isEqualTo(4);
  }
}
