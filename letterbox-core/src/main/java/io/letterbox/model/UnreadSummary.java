package io.letterbox.model;

import java.util.List;

/** An owner's unread messages on one device: the total and the conversations that have any. */
public record UnreadSummary(long total, List<PeerCount> conversations) {
  /** A conversation's unread count: with {@code peer}, or (peer 0) in {@code group}. */
  public record PeerCount(long peer, long group, long count) {
    public PeerCount(long peer, long count) {
      this(peer, 0, count);
    }
  }
}
