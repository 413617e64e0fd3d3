package io.letterbox.engine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock tests move by hand. */
public final class TestClock extends Clock {
  private volatile long millis;

  public TestClock(Instant start) {
    this.millis = start.toEpochMilli();
  }

  public void advance(Duration d) {
    millis += d.toMillis();
  }

  public void set(Instant t) {
    millis = t.toEpochMilli();
  }

  @Override
  public long millis() {
    return millis;
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(millis);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
