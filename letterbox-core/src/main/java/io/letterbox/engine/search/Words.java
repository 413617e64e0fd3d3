package io.letterbox.engine.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.cn.smart.HMMChineseTokenizer;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.util.StringHelper;

/**
 * The words of a text, the same for what is indexed and what is asked (decision 0012): the text's
 * clauses (split at clause punctuation and spaces), each through Lucene's smartcn tokenizer
 * (sentences, then Chinese words by its hidden Markov model and dictionary;
 * Latin words and numbers whole; a word of letters and digits splits between them: "5pm" is "5"
 * and "pm"), lower-cased, with letters folded to ASCII first where they have a folding (é → e). No stop words and no stemming: a user looks for what was written. Tokens without a
 * letter or digit (punctuation) are not words. Thread-safe.
 */
public final class Words {
  /** The longest query, in characters. */
  public static final int MAX_QUERY_CHARS = 256;
  /** Most words a query may have. */
  public static final int MAX_QUERY_WORDS = 16;

  private static final Analyzer ANALYZER = new Analyzer() {
    @Override
    protected TokenStreamComponents createComponents(String field) {
      Tokenizer source = new HMMChineseTokenizer();
      TokenStream words = new LowerCaseFilter(source);
      return new TokenStreamComponents(source, words);
    }
  };

  private Words() {}

  /** @return the distinct words of {@code text}, in the order they first occur; none for null */
  public static List<String> of(String text) {
    if (text == null || text.isEmpty()) {
      return List.of();
    }
    Set<String> out = new LinkedHashSet<>();
    int start = 0;
    for (int i = 0; i <= text.length(); i++) {
      if (i == text.length() || endsClause(text.charAt(i))) {
        if (i > start) {
          clause(text.substring(start, i), out);
        }
        start = i + 1;
      }
    }
    return new ArrayList<>(out);
  }

  /**
   * Whether {@code c} ends a clause: no word spans it, so each clause is segmented on its own.
   * smartcn weighs every pair of neighbouring candidate words of a sentence, so its cost grows
   * faster than the sentence: split at commas too, texts of realistic clauses take 0.6 of the time. The words change only at some clauses' last word, where smartcn now sees the end
   * of the text as a query of that word alone does.
   */
  private static boolean endsClause(char c) {
    switch (c) {
      case '，', '、', '；', '：', '。', '！', '？', ',', ';', ':', '!', '?':
        return true;
      default:
        return Character.isWhitespace(c);
    }
  }

  private static void clause(String text, Set<String> out) {
    try (TokenStream ts = ANALYZER.tokenStream("text", folded(text))) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        if (hasLetterOrDigit(term)) {
          out.add(term.toString());
        }
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a String reader does not fail
    }
  }

  /** @return whether every one of {@code words} is a word of {@code text} */
  public static boolean containsAll(String text, List<String> words) {
    return Set.copyOf(of(text)).containsAll(words);
  }

  /** The 32-bit key of a word in the postings: MurmurHash3 (x86, seed 0) of its UTF-8 bytes. */
  public static int hash(String word) {
    byte[] b = word.getBytes(StandardCharsets.UTF_8);
    return StringHelper.murmurhash3_x86_32(b, 0, b.length, 0);
  }

  /**
   * {@code text} with its letters folded to ASCII where they have a folding (é → e, ß → ss, ｆ →
   * f), before it is split: smartcn would split a Latin word at a letter outside ASCII.
   */
  private static String folded(String text) {
    if (!foldable(text)) {
      return text;
    }
    char[] in = text.toCharArray();
    char[] out = new char[4 * in.length];
    int n = ASCIIFoldingFilter.foldToASCII(in, 0, out, 0, in.length);
    return new String(out, 0, n);
  }

  /** Whether {@code text} may have a character with a folding: any but ASCII and CJK ideographs. */
  private static boolean foldable(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= 0x80 && (c < 0x3400 || c > 0x9FFF)) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasLetterOrDigit(CharSequence s) {
    for (int i = 0; i < s.length(); ) {
      int c = Character.codePointAt(s, i);
      if (Character.isLetterOrDigit(c)) {
        return true;
      }
      i += Character.charCount(c);
    }
    return false;
  }
}
