package io.letterbox.client;

import java.util.List;

/** Exact unread counts on one device: the total (muted conversations left out) and each conversation's. */
public record Unread(int total, List<Entry> conversations) {
  /** A conversation's count: {@code peer} or, for a group, {@code group}. */
  public record Entry(Long peer, Long group, int count) {}
}
