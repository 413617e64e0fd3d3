package io.letterbox.server.config;

import io.letterbox.model.FrequencyCap;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;

/** Text-to-value conversions of the settings; each error names the key. */
final class ConfigValues {
  private ConfigValues() {}

  static int integer(String key, String v, int min, int max) {
    try {
      int n = Integer.parseInt(v);
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException ignored) {
      // reported below with the allowed range
    }
    throw new ConfigException(key + " must be an integer in " + min + ".." + max + ": '" + v + "'");
  }

  static long longValue(String key, String v) {
    return longValue(key, v, 0);
  }

  static long longValue(String key, String v, long min) {
    return longValue(key, v, min, Long.MAX_VALUE);
  }

  static long longValue(String key, String v, long min, long max) {
    try {
      long n = Long.parseLong(v);
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw new ConfigException(key + " must be an integer " + (max == Long.MAX_VALUE ? "of at least " + min
        : "from " + min + " to " + max) + ": '" + v + "'");
  }

  static String oneOf(String key, String v, String... allowed) {
    if (Arrays.asList(allowed).contains(v)) {
      return v;
    }
    throw new ConfigException(key + " must be one of " + String.join(", ", allowed) + ": '" + v + "'");
  }

  static boolean bool(String key, String v) {
    return Boolean.parseBoolean(oneOf(key, v, "true", "false"));
  }

  static List<String> list(String v) {
    return Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  /** An ISO-8601 duration of zero or more, e.g. {@code PT1S}. */
  static Duration duration(String key, String v) {
    try {
      Duration d = Duration.parse(v);
      if (!d.isNegative()) {
        return d;
      }
    } catch (DateTimeParseException ignored) {
      // reported below with the expected form
    }
    throw new ConfigException(key + " must be an ISO-8601 duration of zero or more, such as PT1S: '" + v + "'");
  }

  /** {@code messages/period}, e.g. {@code 1/P1D}: one message per day. */
  static FrequencyCap cap(String key, String v) {
    int slash = v.indexOf('/');
    try {
      if (slash > 0) {
        return new FrequencyCap(Integer.parseInt(v.substring(0, slash).trim()),
            Duration.parse(v.substring(slash + 1).trim()));
      }
    } catch (NumberFormatException | DateTimeParseException e) {
      // reported below with the expected form
    } catch (IllegalArgumentException e) {
      throw new ConfigException(key + ": " + e.getMessage());
    }
    throw new ConfigException(key + " must look like 1/P1D (messages/ISO-8601 period): '" + v + "'");
  }

  // Parsers of the declarations in ServerSettings, one per kind of value.

  static Setting.Parser<String> text() {
    return (key, v) -> v;
  }

  /** Text, where empty means none (null). */
  static Setting.Parser<String> optionalText() {
    return (key, v) -> v.isEmpty() ? null : v;
  }

  static Setting.Parser<java.nio.file.Path> path() {
    return (key, v) -> java.nio.file.Path.of(v);
  }

  static Setting.Parser<Integer> integers(int min, int max) {
    return (key, v) -> integer(key, v, min, max);
  }

  static Setting.Parser<Long> longs(long min, long max) {
    return (key, v) -> longValue(key, v, min, max);
  }

  /** Zero or more, as {@link #longValue(String, String)} says it. */
  static Setting.Parser<Long> longs() {
    return ConfigValues::longValue;
  }

  static Setting.Parser<Boolean> bools() {
    return ConfigValues::bool;
  }

  static Setting.Parser<Duration> durations() {
    return ConfigValues::duration;
  }

  static Setting.Parser<List<String>> lists() {
    return (key, v) -> list(v);
  }

  static Setting.Parser<String> anyOf(String... allowed) {
    return (key, v) -> oneOf(key, v, allowed);
  }

  static Setting.Parser<FrequencyCap> caps() {
    return ConfigValues::cap;
  }

  /** {@code parser}'s value, or {@code none} for an empty text. */
  static <T> Setting.Parser<T> orWhenEmpty(T none, Setting.Parser<T> parser) {
    return (key, v) -> v.isEmpty() ? none : parser.parse(key, v);
  }
}
