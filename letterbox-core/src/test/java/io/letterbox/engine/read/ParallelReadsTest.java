package io.letterbox.engine.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ParallelReadsTest {
  @Test
  void theAnswersComeInTheOrderOfTheInputs() {
    assertThat(ParallelReads.map(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), i -> i * 10))
        .containsExactly(10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120);
  }

  @Test
  void readsOfOneCallAreInFlightAtTheSameTime() {
    CountDownLatch allStarted = new CountDownLatch(3);
    List<Boolean> met = ParallelReads.map(List.of(1, 2, 3), i -> {
      allStarted.countDown();
      try {
        return allStarted.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    assertThat(met).as("each read saw the others started while it waited").containsOnly(true);
  }

  @Test
  void aFailedReadFailsTheCallOnceEveryOtherReadIsDone() {
    AtomicInteger done = new AtomicInteger();
    assertThatThrownBy(() -> ParallelReads.map(List.of(1, 2, 3, 4), i -> {
      if (i == 2) {
        throw new IllegalArgumentException("read " + i + " failed");
      }
      return done.incrementAndGet();
    })).isInstanceOf(IllegalArgumentException.class).hasMessage("read 2 failed");
    assertThat(done).hasValue(3);
  }

  @Test
  void oneReadRunsOnTheCallersThread() {
    Thread caller = Thread.currentThread();
    assertThat(ParallelReads.map(List.of(1), i -> Thread.currentThread() == caller)).containsExactly(true);
  }
}
