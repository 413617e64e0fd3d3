package io.letterbox.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class MachineCpuTest {
  @Test
  void busyIsEveryStateButIdleIowaitAndStealAndStealIsKeptApart() {
    MachineCpu before = MachineCpu.parse(List.of(
        "cpu  100 10 50 9000 20 5 5 7 0 0",
        "cpu0 50 5 25 4500 10 3 2 4 0 0"));
    MachineCpu after = MachineCpu.parse(List.of(
        "cpu  250 10 90 9050 25 10 15 27 0 0"));
    assertThat(before.busyTicks()).isEqualTo(100 + 10 + 50 + 5 + 5);
    // 150 user + 40 system + 5 irq + 10 softirq = 205 ticks busy in 1.25 s: 1.64 cores.
    assertThat(after.busyCoresSince(before, 1.25)).isCloseTo(1.64, within(1e-9));
    assertThat(after.stealCoresSince(before, 1.25)).isCloseTo(0.16, within(1e-9));
  }

}
