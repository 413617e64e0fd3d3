package io.letterbox.model;

import java.util.Map;

/** Who a broadcast goes to. Resolved into a frozen snapshot when the broadcast is accepted. */
public sealed interface Audience {
  /** The sender's followers. */
  record Followers() implements Audience {}

  /** The sender's subscribers whose attributes match every pair of {@code where} (empty: all). */
  record Subscribers(Map<String, String> where) implements Audience {
    public Subscribers {
      where = Map.copyOf(where);
    }
  }

  /** An explicit list of receivers. */
  record Uids(long[] uids) implements Audience {}

  /** A named segment's members. */
  record Segment(String name) implements Audience {}
}
