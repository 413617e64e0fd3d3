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

  /** An explicit list of receivers; equal to another with the same uids in the same order. */
  record Uids(long[] uids) implements Audience {
    @Override
    public boolean equals(Object o) {
      return o instanceof Uids other && java.util.Arrays.equals(uids, other.uids);
    }

    @Override
    public int hashCode() {
      return java.util.Arrays.hashCode(uids);
    }

    @Override
    public String toString() {
      return "Uids" + java.util.Arrays.toString(uids);
    }
  }

  /** A named segment's members. */
  record Segment(String name) implements Audience {}
}
