package io.letterbox.server.http.json;

import io.letterbox.engine.LetterboxException;
import java.time.Instant;
import java.time.LocalDate;
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

  /** 9999-12-31T23:59:59Z: the last time four year digits hold. */
  private static final long LAST_SECOND_OF_9999 = 253_402_300_799L;

  private Times() {}

  /** The most characters {@link #format(Instant, char[])} writes. */
  public static final int MAX_CHARS = 32;

  public static String format(Instant t) {
    char[] out = new char[MAX_CHARS];
    return new String(out, 0, format(t, out));
  }

  /**
   * Writes the text {@link #format(Instant)} returns into {@code out}, at least {@link #MAX_CHARS}
   * long, for answers written without a string per time.
   *
   * @return the characters written
   */
  public static int format(Instant t, char[] out) {
    long seconds = t.getEpochSecond();
    if (seconds < 0 || seconds > LAST_SECOND_OF_9999) {
      String text = OUT.format(t);
      text.getChars(0, text.length(), out, 0);
      return text.length();
    }
    // Every message and conversation of a page carries a time: written by hand from the epoch
    // day and the time of day, where the formatter's general machinery cost 4-7 % of a page's
    // or a list's CPU under load in a profile. Equal to OUT's text (TimesPropertiesTest).
    LocalDate day = LocalDate.ofEpochDay(seconds / 86_400);
    int secondOfDay = (int) (seconds % 86_400);
    digits(out, 0, day.getYear(), 4);
    out[4] = '-';
    digits(out, 5, day.getMonthValue(), 2);
    out[7] = '-';
    digits(out, 8, day.getDayOfMonth(), 2);
    out[10] = 'T';
    digits(out, 11, secondOfDay / 3600, 2);
    out[13] = ':';
    digits(out, 14, secondOfDay / 60 % 60, 2);
    out[16] = ':';
    digits(out, 17, secondOfDay % 60, 2);
    out[19] = '.';
    digits(out, 20, t.getNano() / 1_000_000, 3);
    out[23] = 'Z';
    return 24;
  }

  private static void digits(char[] out, int at, int value, int width) {
    for (int i = at + width - 1; i >= at; i--) {
      out[i] = (char) ('0' + value % 10);
      value /= 10;
    }
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
