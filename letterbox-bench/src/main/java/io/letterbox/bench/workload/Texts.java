package io.letterbox.bench.workload;

import java.util.SplittableRandom;

/**
 * Message texts as DMs are: real Chinese words drawn by their corpus frequency ({@link
 * Vocabulary}), numbers and Latin strings where the corpus has them, now and then an emoji, with
 * lengths from a log-normal law (median 12 characters, 9 in 10 under about 38, at most 500),
 * as instant messages are mostly short with a long tail. The length law is an assumption, not a
 * measurement of a real DM corpus. Every text is generated anew from its random stream, so a
 * store compresses them as it would real ones, not a small pool repeated.
 */
public final class Texts {
  private static final Vocabulary WORDS = Vocabulary.load();
  private static final double MEDIAN_CHARS = 12;
  private static final double SIGMA = 0.9;
  private static final int MAX_CHARS = 500;
  private static final String[] EMOJI = {"😂", "👍", "🙏", "😊", "❤️", "🎉", "😭", "🤔", "👌", "🔥"};
  private static final String LETTERS = "abcdefghijklmnopqrstuvwxyz";

  private Texts() {}

  /** A text drawn from {@code random}. */
  public static String pick(SplittableRandom random) {
    int length = (int) Math.min(MAX_CHARS, Math.max(1,
        Math.round(MEDIAN_CHARS * Math.exp(SIGMA * random.nextGaussian()))));
    StringBuilder b = new StringBuilder(length + 8);
    while (b.length() < length) {
      String drawn = WORDS.draw(random);
      String w = filledIn(drawn, random);
      if (drawn.equals(Vocabulary.LATIN)) {
        b.append(' ').append(w).append(' ');
      } else {
        b.append(w);
      }
    }
    if (random.nextInt(8) == 0) {
      b.append(EMOJI[random.nextInt(EMOJI.length)]);
    }
    return b.toString().strip();
  }

  /**
   * A word as a user would type it in a search: a word (or mark) of the vocabulary drawn by its
   * corpus frequency, a number or a Latin string where the corpus has one of those.
   */
  public static String word(SplittableRandom random) {
    return filledIn(WORDS.draw(random), random);
  }

  /** A drawn word as written: its placeholder filled in with digits or letters. */
  private static String filledIn(String drawn, SplittableRandom random) {
    if (drawn.equals(Vocabulary.NUMBER)) {
      return Integer.toString(random.nextInt(random.nextBoolean() ? 100 : 100_000));
    }
    return drawn.equals(Vocabulary.LATIN) ? latin(random) : drawn;
  }

  /** The vocabulary's words (and marks) from the most frequent down, the first {@code n}. */
  public static java.util.List<String> mostFrequent(int n) {
    return WORDS.mostFrequent(n);
  }

  /**
   * Text number {@code index}: the same for every caller and every run. {@link SplittableRandom}
   * steps its seed by 0x9E3779B97F4A7C15 per draw, so the seeds must not be multiples of that
   * constant: seeds {@code index × 0x9E3779B97F4A7C15} would make text i + 1 the draws of text i
   * shifted by one, and consecutive texts overlap. Consecutive seeds do not (their
   * states never meet: the constant's small multiples are far from small differences).
   */
  public static String at(long index) {
    return pick(new SplittableRandom(index + 0x5EED));
  }

  private static String latin(SplittableRandom random) {
    int n = 2 + random.nextInt(7);
    StringBuilder b = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      b.append(LETTERS.charAt(random.nextInt(LETTERS.length())));
    }
    return b.toString();
  }
}
