package io.letterbox.engine;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a reaction may be (API.md, Reactions): one emoji grapheme, or {@code custom:<name>} with
 * the name rule of custom message types. Java 17 knows grapheme clusters ({@code \X}) but not
 * which code points are emoji: a grapheme is one if it starts with a code point of the Unicode
 * blocks emoji come from, or is a keycap (a digit, {@code #} or {@code *} with U+20E3).
 */
final class Emojis {
  /** Bounds a grapheme: the longest emoji ZWJ sequences are a dozen UTF-16 units. */
  static final int MAX_LENGTH = 64;
  private static final Pattern GRAPHEME = Pattern.compile("\\X");
  private static final Pattern CUSTOM = Pattern.compile("custom:[a-z0-9][a-z0-9._-]{0,56}");
  private static final int KEYCAP = 0x20E3;

  private Emojis() {}

  /** @return {@code emoji} if it is one emoji grapheme or {@code custom:<name>}; else INVALID_ARGUMENT */
  static String check(String emoji) {
    if (emoji == null || emoji.isEmpty() || emoji.length() > MAX_LENGTH
        || !(CUSTOM.matcher(emoji).matches() || oneEmoji(emoji))) {
      throw LetterboxException.invalid(
          "emoji must be one emoji or custom:<name> (a-z, 0-9, '.', '_', '-'; at most 64 characters): %s", emoji);
    }
    return emoji;
  }

  private static boolean oneEmoji(String s) {
    Matcher m = GRAPHEME.matcher(s);
    if (!m.lookingAt() || m.end() != s.length()) {
      return false;
    }
    int first = s.codePointAt(0);
    if (first == '#' || first == '*' || (first >= '0' && first <= '9')) {
      return s.indexOf(KEYCAP) > 0;
    }
    return pictographic(first);
  }

  /** Whether a code point is in a range emoji start from (Unicode's Extended_Pictographic and regional indicators, by block). */
  private static boolean pictographic(int c) {
    return (c >= 0x1F000 && c <= 0x1FAFF) // mahjong to symbols and pictographs extended-A, flags' regional indicators
        || (c >= 0x2600 && c <= 0x27BF) // miscellaneous symbols, dingbats
        || (c >= 0x2300 && c <= 0x23FF) // miscellaneous technical
        || (c >= 0x2B00 && c <= 0x2BFF) // arrows and stars
        || (c >= 0x2190 && c <= 0x21FF) // arrows
        || (c >= 0x25A0 && c <= 0x25FF) // geometric shapes
        || (c >= 0x2934 && c <= 0x2935)
        || c == 0x00A9 || c == 0x00AE || c == 0x203C || c == 0x2049 || c == 0x2122 || c == 0x2139
        || c == 0x24C2 || c == 0x3030 || c == 0x303D || c == 0x3297 || c == 0x3299;
  }
}
