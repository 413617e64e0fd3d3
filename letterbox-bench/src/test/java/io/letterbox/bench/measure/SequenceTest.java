package io.letterbox.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Collections;
import org.junit.jupiter.api.Test;

class SequenceTest {
  @Test
  void eachSampleIsTheDurationItsFiguresCountAndTheLargestIsTheMax() {
    Measured m = Sequence.run("steps", 50, (i, timer) -> {
      // Steps of differing lengths, so that the largest sample is one of a few.
      timer.time(() -> {
        long sum = 0;
        for (int k = 0; k < 1_000 * (i % 7 + 1); k++) {
          sum += Long.hashCode(sum + k);
        }
        return sum;
      });
      return true;
    });

    assertThat(m.samplesMs()).hasSize(50);
    assertThat(m.ops()).isEqualTo(50);
    double largest = Collections.max(m.samplesMs());
    // HdrHistogram keeps three significant digits: its max is the largest sample to 0.1 %.
    assertThat(m.sampleFigures().get("max ms")).isCloseTo(largest, within(largest * 0.001));
  }

  @Test
  void aStepThatTimesNothingLeavesNoSampleAndAFailedStepCountsAsAnError() {
    Measured m = Sequence.run("steps", 3, (i, timer) -> {
      if (i == 1) {
        throw new IllegalStateException("step " + i);
      }
      return true;
    });

    assertThat(m.samplesMs()).isEmpty();
    assertThat(m.errors()).isEqualTo(1);
    assertThat(m.firstError()).contains("step 1");
  }
}
