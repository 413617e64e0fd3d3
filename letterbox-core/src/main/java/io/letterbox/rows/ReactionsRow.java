package io.letterbox.rows;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.letterbox.store.Bytes;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reactions to one message (the {@code reactions} space, decision 0049), in the order each emoji
 * was first used: a message's counts per emoji, or one user's own emojis (each counted 1).
 * Layout per emoji: its UTF-8 length (2 bytes), its UTF-8 bytes, its count (8 bytes).
 */
public record ReactionsRow(Map<String, Long> counts) {
  public static final ReactionsRow EMPTY = new ReactionsRow(Map.of());

  public ReactionsRow {
    counts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(counts));
  }

  public boolean isEmpty() {
    return counts.isEmpty();
  }

  public boolean has(String emoji) {
    return counts.containsKey(emoji);
  }

  /** @return this row with {@code delta} added to {@code emoji}'s count; an emoji at 0 is dropped */
  public ReactionsRow plus(String emoji, long delta) {
    Map<String, Long> next = new LinkedHashMap<>(counts);
    long n = next.getOrDefault(emoji, 0L) + delta;
    if (n > 0) {
      next.put(emoji, n);
    } else {
      next.remove(emoji);
    }
    return new ReactionsRow(next);
  }

  public byte[] encode() {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (Map.Entry<String, Long> e : counts.entrySet()) {
      byte[] s = e.getKey().getBytes(UTF_8);
      out.write(s.length >>> 8);
      out.write(s.length);
      out.writeBytes(s);
      out.writeBytes(Bytes.ofLong(e.getValue()));
    }
    return out.toByteArray();
  }

  /** @return the row, or {@link #EMPTY} for none */
  public static ReactionsRow decode(byte[] v) {
    if (v == null || v.length == 0) {
      return EMPTY;
    }
    Map<String, Long> counts = new LinkedHashMap<>();
    int i = 0;
    while (i < v.length) {
      int n = ((v[i] & 0xff) << 8) | (v[i + 1] & 0xff);
      String emoji = new String(v, i + 2, n, UTF_8);
      counts.put(emoji, Bytes.getLong(v, i + 2 + n));
      i += 2 + n + 8;
    }
    return new ReactionsRow(counts);
  }
}
