package io.letterbox.server.http.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.engine.LetterboxException;

/**
 * Reads 64-bit ids (uids, message ids) from request text and JSON. An id is a decimal integer in
 * 1..2^63-1, written as a string or, in JSON, also as a number; anything else (0, negatives,
 * overflow, fractions, exponents, booleans) is INVALID_ARGUMENT.
 */
public final class Ids64 {
  private Ids64() {}

  /** @param what names the value in the error message, e.g. {@code "uid"} */
  public static long parse(String what, String text) {
    if (text == null || text.isEmpty() || !allDigits(text)) {
      throw invalid(what, text);
    }
    try {
      long v = Long.parseLong(text);
      if (v > 0) {
        return v;
      }
    } catch (NumberFormatException overflow) {
      // reported below
    }
    throw invalid(what, text);
  }

  public static long parse(String what, JsonNode node) {
    if (node.isTextual()) {
      return parse(what, node.textValue());
    }
    // Integral JSON numbers only: 1.0 and 1e3 are floats, and an id is never a float.
    if (node.isIntegralNumber() && node.canConvertToLong() && node.longValue() > 0) {
      return node.longValue();
    }
    throw invalid(what, node.toString());
  }

  /** @return the JSON form of an id: a string, so that JavaScript clients keep every digit. */
  public static String format(long id) {
    return Long.toString(id);
  }

  private static boolean allDigits(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static LetterboxException invalid(String what, String text) {
    String shown = text == null ? "nothing" : text.length() > 40 ? text.substring(0, 40) + "…" : text;
    return LetterboxException.invalid("%s must be an integer in 1..9223372036854775807: %s", what, shown);
  }
}
