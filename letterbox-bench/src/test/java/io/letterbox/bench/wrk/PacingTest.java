package io.letterbox.bench.wrk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PacingTest {
  @Test
  void eachConnectionWaitsItsShareOfTheCycle() {
    // 64 connections at 16,000/s: each sends every 4 ms.
    assertThat(Pacing.firstDelayMillis(64, 16_000)).isEqualTo(4.0);
  }

  @Test
  void aShortRunTakesTheLatencyItSawOffTheDelay() {
    // 256 connections, 10,000/s: 25.6 ms each; achieved 9,000/s, so each request spent 2.84 ms beyond its delay.
    double corrected = Pacing.correctedDelayMillis(256, 10_000, 25.6, 9_000);

    assertThat(corrected).isCloseTo(25.6 - (256_000.0 / 9_000 - 25.6), within(1e-9));
    assertThat(256_000.0 / (corrected + (256_000.0 / 9_000 - 25.6))).isCloseTo(10_000, within(1e-6));
  }

  @Test
  void aRunSlowedByOtherCausesDoesNotTurnPacingOff() {
    // Achieved a third of the rate (a cold server): the delay falls at most to half the first.
    assertThat(Pacing.correctedDelayMillis(16, 1_000, 16, 333)).isEqualTo(8.0);
    // Overshot: at most one and a half times the first.
    assertThat(Pacing.correctedDelayMillis(16, 1_000, 16, 5_000)).isEqualTo(24.0);
  }

  @Test
  void closeMeansWithinTheTolerance() {
    assertThat(Pacing.close(9_400, 10_000, 0.07)).isTrue();
    assertThat(Pacing.close(9_200, 10_000, 0.07)).isFalse();
  }
}
