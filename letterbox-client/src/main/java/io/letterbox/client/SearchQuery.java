package io.letterbox.client;

import java.time.Instant;

/**
 * A search: every word of {@code q}, optionally narrowed to one peer or group and a time range.
 * Immutable; the {@code with…} methods return a changed copy.
 */
public record SearchQuery(String q, Long peer, Long group, Instant after, Instant before) {
  public static SearchQuery of(String q) {
    return new SearchQuery(q, null, null, null, null);
  }

  public SearchQuery withPeer(long peer) {
    return new SearchQuery(q, peer, group, after, before);
  }

  public SearchQuery withGroup(long group) {
    return new SearchQuery(q, peer, group, after, before);
  }

  /** Messages created at or after {@code after} and before {@code before}; null for no bound. */
  public SearchQuery withRange(Instant after, Instant before) {
    return new SearchQuery(q, peer, group, after, before);
  }
}
