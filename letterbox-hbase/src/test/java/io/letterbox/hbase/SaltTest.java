package io.letterbox.hbase;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import java.util.Arrays;
import java.util.Random;
import org.apache.hadoop.hbase.util.ByteArrayHashKey;
import org.apache.hadoop.hbase.util.MurmurHash3;
import org.junit.jupiter.api.Test;

/** The salt is part of the stored format: these tests pin it down. */
class SaltTest {
  private static final int BUCKETS = 16;

  @Test
  void theHashIsMurmur3X86With32BitsAndSeedZero() {
    assertThat(Salt.murmur3(new byte[0], 0)).isZero();
    assertThat(Salt.murmur3("hello".getBytes(UTF_8), 5)).isEqualTo(0x248bfa47);
    byte[] fox = "The quick brown fox jumps over the lazy dog".getBytes(UTF_8);
    assertThat(Salt.murmur3(fox, fox.length)).isEqualTo(0x2e4ff723);
    Random random = new Random(3);
    for (int i = 0; i < 1000; i++) {
      byte[] data = new byte[random.nextInt(40)];
      random.nextBytes(data);
      assertThat(Salt.murmur3(data, data.length))
          .isEqualTo(MurmurHash3.getInstance().hash(new ByteArrayHashKey(data, 0, data.length), 0));
    }
  }

  @Test
  void saltsOfKnownKeysNeverChange() {
    assertThat(Salt.of(Bytes.ofLong(1), 8, BUCKETS)).isEqualTo(Salt.of(key(1, 99), 8, BUCKETS));
    assertThat(new int[] {Salt.of(Bytes.ofLong(1), 0, BUCKETS), Salt.of(Bytes.ofLong(2), 0, BUCKETS),
        Salt.of(new byte[0], 0, BUCKETS), Salt.of(key(7, 1), 8, BUCKETS)})
        .containsExactly(Integer.remainderUnsigned(Salt.murmur3(Bytes.ofLong(1), 8), BUCKETS),
            Integer.remainderUnsigned(Salt.murmur3(Bytes.ofLong(2), 8), BUCKETS), 0,
            Integer.remainderUnsigned(Salt.murmur3(Bytes.ofLong(7), 8), BUCKETS));
  }

  @Test
  void keysWithOnePrefixShareASaltAndStayInKeyOrder() {
    int salt = Salt.of(key(42, 0), 8, BUCKETS);
    byte[] previous = null;
    for (long id = 0; id < 1000; id++) {
      byte[] row = Salt.row(key(42, id), 8, BUCKETS);
      assertThat((int) row[0]).isEqualTo(salt);
      if (previous != null) {
        assertThat(Arrays.compareUnsigned(previous, row)).isNegative();
      }
      previous = row;
    }
  }

  @Test
  void differentPrefixesSpreadEvenlyOverTheBuckets() {
    int[] perBucket = new int[BUCKETS];
    for (long owner = 1; owner <= 16_000; owner++) {
      perBucket[Salt.of(key(owner * 16, 0), 8, BUCKETS)]++; // multiples of 16: no help from low bits
    }
    assertThat(java.util.Arrays.stream(perBucket)).allSatisfy(n -> assertThat(n).isBetween(850, 1150));
  }

  @Test
  void consecutiveIdsOfASpaceWithoutPrefixSpreadOverTheBuckets() {
    int[] perBucket = new int[BUCKETS];
    long firstId = 1L << 40;
    for (long id = firstId; id < firstId + 16_000; id++) {
      perBucket[Salt.of(Bytes.ofLong(id), 0, BUCKETS)]++;
    }
    assertThat(java.util.Arrays.stream(perBucket)).allSatisfy(n -> assertThat(n).isBetween(850, 1150));
  }

  @Test
  void aRangeWithinOnePrefixReadsOneSaltAndAnyOtherReadsAll() {
    KeyRange conversation = new KeyRange(key(5, 10), key(5, 20));
    assertThat(Salt.of(conversation, 8, BUCKETS)).containsExactly(Salt.of(key(5, 0), 8, BUCKETS));
    assertThat(Salt.of(KeyRange.prefix(Bytes.ofLong(5)), 8, BUCKETS)).hasSize(1);
    assertThat(Salt.of(KeyRange.prefix(key(5, 3)), 8, BUCKETS)).hasSize(1);
    assertThat(Salt.of(KeyRange.prefix(Bytes.ofLong(-1)), 8, BUCKETS)).hasSize(1); // ff..ff: no upper bound

    assertThat(Salt.of(new KeyRange(key(5, 10), key(6, 0)), 8, BUCKETS)).hasSize(BUCKETS);
    assertThat(Salt.of(new KeyRange(key(5, 10), null), 8, BUCKETS)).hasSize(BUCKETS);
    assertThat(Salt.of(KeyRange.prefix(new byte[] {0, 0, 0}), 8, BUCKETS)).hasSize(BUCKETS); // shorter than the prefix
    assertThat(Salt.of(conversation, 0, BUCKETS)).hasSize(BUCKETS); // no prefix: every key hashes alone
  }

  private static byte[] key(long owner, long id) {
    byte[] key = new byte[16];
    Bytes.putLong(key, 0, owner);
    Bytes.putLong(key, 8, id);
    return key;
  }
}
