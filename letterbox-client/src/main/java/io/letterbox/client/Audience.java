package io.letterbox.client;

import java.util.List;
import java.util.Map;

/** Who a broadcast reaches, frozen when the broadcast is accepted. */
public record Audience(String type, Map<String, String> where, List<Long> uids, String name) {
  public static Audience followers() {
    return new Audience("followers", null, null, null);
  }

  public static Audience subscribers() {
    return new Audience("subscribers", null, null, null);
  }

  /** Subscribers whose attributes match every pair of {@code where}. */
  public static Audience subscribers(Map<String, String> where) {
    return new Audience("subscribers", Map.copyOf(where), null, null);
  }

  public static Audience uids(List<Long> uids) {
    return new Audience("uids", null, List.copyOf(uids), null);
  }

  public static Audience segment(String name) {
    return new Audience("segment", null, null, name);
  }
}
