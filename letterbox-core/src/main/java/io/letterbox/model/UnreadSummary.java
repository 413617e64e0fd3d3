package io.letterbox.model;

import java.util.List;

/** An owner's unread messages on one device: the total and the conversations that have any. */
public record UnreadSummary(long total, List<PeerCount> conversations) {
  public record PeerCount(long peer, long count) {}
}
