package io.letterbox.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SeedsTest {
  @Test
  void everyMeasurementAndThreadHasItsOwnStream() {
    assertThat(Seeds.of(42, "newest page, 1 thread")).isNotEqualTo(Seeds.of(42, "newest page, 2 threads"));
    assertThat(Seeds.of(42, 0)).isNotEqualTo(Seeds.of(42, 1));
    assertThat(Seeds.of(Seeds.of(42, "newest page, 2 threads"), 0))
        .isNotEqualTo(Seeds.of(Seeds.of(42, "newest page, 1 thread"), 0));
  }

  @Test
  void theSameSeedAndNameGiveTheSameStream() {
    assertThat(Seeds.of(42, "x")).isEqualTo(Seeds.of(42, "x"));
    assertThat(Seeds.of(42, 3)).isEqualTo(Seeds.of(42, 3));
  }
}
