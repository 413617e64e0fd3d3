package io.letterbox.engine.search;

import io.letterbox.engine.LetterboxException;
import io.letterbox.id.Ids;
import java.time.Instant;
import java.util.List;

/**
 * A search (API.md, Search): messages containing every word of {@code text}, optionally only with
 * {@code peer} (0: any) or in {@code group} (0: any), created in [{@code after}, {@code before}).
 *
 * @param words the words of {@code text}, as {@link Words} reads it
 */
public record SearchQuery(String text, List<String> words, long peer, long group, Instant after, Instant before) {

  /** @throws LetterboxException INVALID for an empty, too long or wordless text, or a bad range */
  public static SearchQuery of(String text, long peer, long group, Instant after, Instant before) {
    if (text == null || text.isBlank()) {
      throw LetterboxException.invalid("q must not be empty");
    }
    if (text.length() > Words.MAX_QUERY_CHARS) {
      throw LetterboxException.invalid("q must be at most %d characters: it has %d", Words.MAX_QUERY_CHARS, text.length());
    }
    List<String> words = Words.of(text);
    if (words.isEmpty()) {
      throw LetterboxException.invalid("q has no words (letters or digits)");
    }
    if (words.size() > Words.MAX_QUERY_WORDS) {
      throw LetterboxException.invalid("q must have at most %d words: it has %d", Words.MAX_QUERY_WORDS, words.size());
    }
    if (peer != 0 && group != 0) {
      throw LetterboxException.invalid("peer and group cannot be given together");
    }
    for (Instant t : new Instant[] {after, before}) {
      if (t != null && (t.toEpochMilli() < Ids.EPOCH || t.toEpochMilli() > Ids.MAX_TIMESTAMP)) {
        throw LetterboxException.invalid("after and before must be from %s to %s: %s", Instant.ofEpochMilli(Ids.EPOCH),
            Instant.ofEpochMilli(Ids.MAX_TIMESTAMP), t);
      }
    }
    if (after != null && before != null && !after.isBefore(before)) {
      throw LetterboxException.invalid("after must be before before: %s, %s", after, before);
    }
    return new SearchQuery(text, List.copyOf(words), peer, group, after, before);
  }

  /** The smallest id it may find. */
  long lowestId() {
    return after == null ? 1 : Ids.firstIdAt(after.toEpochMilli());
  }

  /** The largest id it may find. */
  long highestId() {
    return before == null ? Long.MAX_VALUE : Ids.firstIdAt(before.toEpochMilli()) - 1;
  }

  /** What a cursor is bound to besides its owner: the words and the filters. */
  long fingerprint() {
    long h = 1125899906842597L;
    for (String w : words) {
      h = 31 * h + w.hashCode();
    }
    h = 31 * h + peer;
    h = 31 * h + group;
    h = 31 * h + (after == null ? 0 : after.toEpochMilli());
    return 31 * h + (before == null ? 0 : before.toEpochMilli());
  }
}
