package io.letterbox.bench.workload;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.lucene.analysis.cn.smart.SmartChineseAnalyzer;

/**
 * A real Chinese vocabulary with real frequencies: the ~59,000 words and punctuation marks (with a count) of
 * the core dictionary that Lucene's smartcn ships (counted in a corpus of People's Daily text),
 * drawn by frequency. Its placeholders are dropped, but for numbers and Latin strings, which
 * come back as generated digits and letters in their corpus share.
 */
final class Vocabulary {
  static final String NUMBER = "未##数";
  static final String LATIN = "未##串";

  private final String[] words;
  /** cumulative[i]: the frequencies of words 0..i summed. */
  private final long[] cumulative;

  private Vocabulary(String[] words, long[] cumulative) {
    this.words = words;
    this.cumulative = cumulative;
  }

  /** The dictionary read from smartcn's jar (Java-serialized tables, as its WordDictionary reads them). */
  static Vocabulary load() {
    try (InputStream raw = SmartChineseAnalyzer.class.getResourceAsStream("hhmm/coredict.mem")) {
      if (raw == null) {
        throw new IllegalStateException("smartcn's hhmm/coredict.mem is not on the class path");
      }
      ObjectInputStream in = new ObjectInputStream(new BufferedInputStream(raw));
      short[] wordIndex = (short[]) in.readObject();
      char[] firstChar = (char[]) in.readObject();
      char[][][] rests = (char[][][]) in.readObject();
      int[][] frequencies = (int[][]) in.readObject();
      List<String> words = new ArrayList<>();
      List<Integer> counts = new ArrayList<>();
      for (int h = 0; h < wordIndex.length; h++) {
        int i = wordIndex[h];
        if (i < 0 || firstChar[h] == 0 || rests[i] == null) {
          continue;
        }
        for (int j = 0; j < rests[i].length; j++) {
          if (rests[i][j] == null || frequencies[i][j] <= 0) {
            continue;
          }
          String word = firstChar[h] + new String(rests[i][j]);
          if (kept(word)) {
            words.add(word);
            counts.add(frequencies[i][j]);
          }
        }
      }
      long[] cumulative = new long[words.size()];
      long sum = 0;
      for (int k = 0; k < cumulative.length; k++) {
        sum += counts.get(k);
        cumulative[k] = sum;
      }
      return new Vocabulary(words.toArray(String[]::new), cumulative);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ClassNotFoundException | ClassCastException e) {
      throw new IllegalStateException("smartcn's coredict.mem is not in the expected form", e);
    }
  }

  /** Real words and marks, the two placeholders this class fills in; no other placeholder, no damaged entry. */
  private static boolean kept(String word) {
    if (word.contains("##")) {
      return word.equals(NUMBER) || word.equals(LATIN);
    }
    return word.chars().noneMatch(c -> c == 0xFFFD || Character.isISOControl(c));
  }

  int size() {
    return words.length;
  }

  /** The first {@code n} real words and marks by corpus frequency, most frequent first (no placeholder). */
  List<String> mostFrequent(int n) {
    Integer[] order = new Integer[words.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(count(b), count(a)));
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < order.length && out.size() < n; i++) {
      String w = words[order[i]];
      if (!w.equals(NUMBER) && !w.equals(LATIN)) {
        out.add(w);
      }
    }
    return out;
  }

  private long count(int i) {
    return cumulative[i] - (i == 0 ? 0 : cumulative[i - 1]);
  }

  /** A word (or mark, or placeholder) drawn with its corpus frequency. */
  String draw(SplittableRandom random) {
    int i = Arrays.binarySearch(cumulative, random.nextLong(cumulative[cumulative.length - 1]) + 1);
    return words[i >= 0 ? i : -i - 1];
  }
}
