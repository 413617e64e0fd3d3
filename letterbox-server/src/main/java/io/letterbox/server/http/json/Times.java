package io.letterbox.server.http.json;

import io.letterbox.engine.LetterboxException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/** RFC 3339 times as the API writes them: UTC, always with milliseconds. */
public final class Times {
  // ISO_INSTANT would drop ".000"; clients compare and sort these strings, so keep one width.
  private static final DateTimeFormatter OUT =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private Times() {}

  public static String format(Instant t) {
    return OUT.format(t);
  }

  /**
   * Reads an RFC 3339 time with any offset. Ids carry milliseconds, so finer digits are dropped
   * (truncated, never rounded into the next millisecond).
   */
  public static Instant parse(String what, String text) {
    try {
      return OffsetDateTime.parse(text).toInstant().truncatedTo(ChronoUnit.MILLIS);
    } catch (DateTimeParseException e) {
      throw LetterboxException.invalid("%s must be an RFC 3339 time such as 2026-11-22T10:00:00.123Z: %s", what, text);
    }
  }
}
