package io.letterbox.bench.cli;

import java.util.Locale;
import picocli.CommandLine;

/** A count as people write it: {@code 20000000}, {@code 20_000_000}, {@code 20M}, {@code 10k}. */
public final class CountConverter implements CommandLine.ITypeConverter<Long> {
  @Override
  public Long convert(String value) {
    String v = value.trim().replace("_", "").toLowerCase(Locale.ROOT);
    long unit = v.endsWith("k") ? 1_000L : v.endsWith("m") ? 1_000_000L : 1L;
    if (unit > 1) {
      v = v.substring(0, v.length() - 1);
    }
    try {
      long n = Math.multiplyExact(Long.parseLong(v), unit);
      if (n < 0) {
        throw new CommandLine.TypeConversionException("a count cannot be negative: " + value);
      }
      return n;
    } catch (NumberFormatException | ArithmeticException e) {
      throw new CommandLine.TypeConversionException("not a count (e.g. 1000, 10k, 20M): " + value);
    }
  }

  /** {@code n} as the option takes it, shortest first: 20M, 10k, 12345. */
  public static String format(long n) {
    if (n >= 1_000_000 && n % 1_000_000 == 0) {
      return n / 1_000_000 + "M";
    }
    if (n >= 1_000 && n % 1_000 == 0) {
      return n / 1_000 + "k";
    }
    return Long.toString(n);
  }
}
