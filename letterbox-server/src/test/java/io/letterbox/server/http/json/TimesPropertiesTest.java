package io.letterbox.server.http.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.IntRange;

/** Times.format writes what the API's pattern says, for every instant (jqwik). */
class TimesPropertiesTest {
  private static final DateTimeFormatter PATTERN =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  @Property(tries = 5000)
  void anInstantIsWrittenAsThePatternWritesIt(
      @ForAll @LongRange(min = -100_000_000_000L, max = 300_000_000_000L) long seconds,
      @ForAll @IntRange(min = 0, max = 999_999_999) int nanos) {
    Instant t = Instant.ofEpochSecond(seconds, nanos);

    assertThat(Times.format(t)).isEqualTo(PATTERN.format(t));
  }

  @Example
  void theEdgesOfTheFourDigitYearsAndOfADayAreWrittenAsThePatternWritesThem() {
    for (Instant t : new Instant[] {Instant.EPOCH, Instant.ofEpochMilli(-1), Instant.parse("2024-02-29T23:59:59.999Z"),
        Instant.parse("9999-12-31T23:59:59.999Z"), Instant.parse("+10000-01-01T00:00:00Z"),
        Instant.parse("0000-01-01T00:00:00Z"), Instant.ofEpochSecond(1, 999_999)}) {
      assertThat(Times.format(t)).as("%s", t).isEqualTo(PATTERN.format(t));
    }
    assertThat(Times.format(Instant.parse("2026-11-25T13:05:07.042Z"))).isEqualTo("2026-11-25T13:05:07.042Z");
  }
}
