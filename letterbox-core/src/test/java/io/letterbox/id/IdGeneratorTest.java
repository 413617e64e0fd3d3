package io.letterbox.id;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.engine.TestClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class IdGeneratorTest {
  private final TestClock clock = new TestClock(Instant.parse("2026-11-22T10:00:00.123Z"));

  @Test
  void anIdCarriesItsMillisecond() {
    long id = new IdGenerator(clock, 7, 0).next();
    assertThat(Ids.createdAt(id)).isEqualTo(Instant.parse("2026-11-22T10:00:00.123Z"));
    assertThat(id).isPositive();
    assertThat(Ids.isImported(id)).isFalse();
  }

  @Test
  void idsOfOneMillisecondStrictlyIncreaseAndBorrowTheNextWhenFull() {
    IdGenerator ids = new IdGenerator(clock, 0, 0);
    long previous = 0;
    for (int i = 0; i < 10_000; i++) {
      long id = ids.next();
      assertThat(id).isGreaterThan(previous);
      previous = id;
    }
    assertThat(Ids.epochMillis(previous)).isEqualTo(clock.millis() + 2);
  }

  @Test
  void idsKeepIncreasingWhenTheClockStepsBack() {
    IdGenerator ids = new IdGenerator(clock, 0, 0);
    long before = ids.next();
    clock.advance(Duration.ofSeconds(-2));
    assertThat(ids.next()).isGreaterThan(before);
  }

  @Test
  void aRestartedGeneratorStartsAboveItsFloor() {
    long floor = new IdGenerator(clock, 3, 0).next();
    clock.advance(Duration.ofMinutes(-5));
    assertThat(new IdGenerator(clock, 0, floor).next()).isGreaterThan(floor);
  }

  @Test
  void nodesOutsideTheLayoutAreRefused() {
    assertThatThrownBy(() -> new IdGenerator(clock, Ids.MAX_NODE + 1, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new IdGenerator(clock, -1, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theFirstIdOfAMillisecondSortsBeforeEveryIdIssuedThen() {
    IdGenerator ids = new IdGenerator(clock, Ids.MAX_NODE, 0);
    long id = ids.next();
    assertThat(Ids.firstIdAt(clock.millis())).isLessThanOrEqualTo(id);
    assertThat(Ids.firstIdAt(clock.millis() + 1)).isGreaterThan(id);
  }
}
