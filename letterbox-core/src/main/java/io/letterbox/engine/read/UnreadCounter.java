package io.letterbox.engine.read;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.model.UnreadSummary;
import io.letterbox.rows.ReadPosition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Unread counts: a conversation's incoming counter minus the base of the device's read position.
 * No message is looked at: the summary is two range scans of the owner's counters and positions.
 */
public final class UnreadCounter {
  private final StateReader state;
  private final LetterboxConfig config;

  public UnreadCounter(StateReader state, LetterboxConfig config) {
    this.state = state;
    this.config = config;
  }

  public Map<String, Long> byDevice(long owner, long peer) {
    long incoming = state.incoming(owner, peer);
    Map<String, ReadPosition> positions = state.positions(owner, peer);
    long watermark = state.watermark(owner, peer);
    Map<String, Long> out = new LinkedHashMap<>();
    for (String device : config.devices()) {
      ReadPosition p = positions.get(device);
      out.put(device, Math.max(0, incoming - p.base()) + broadcasts(owner, peer, Math.max(p.upTo(), watermark)));
    }
    return out;
  }

  /**
   * The peer's broadcasts that reached the owner after {@code after} and that the owner kept:
   * only broadcasts newer than the read position are looked at, never history.
   */
  private long broadcasts(long owner, long peer, long after) {
    return state.broadcasts().reaching(peer, owner, after, Long.MAX_VALUE, Integer.MAX_VALUE,
        id -> state.hidden(owner, peer, id)).size();
  }

  public UnreadSummary summary(long owner, String device) {
    Map<Long, ReadPosition> positions = state.positions(owner, device);
    List<UnreadSummary.PeerCount> counts = new ArrayList<>();
    long[] total = {0};
    state.incomingCounts(owner).forEach((peer, incoming) -> {
      ReadPosition p = positions.get(peer);
      long n = incoming - (p == null ? 0 : p.base());
      if (n > 0) {
        counts.add(new UnreadSummary.PeerCount(peer, n));
        total[0] += n;
      }
    });
    // Broadcast senders: only those that broadcast after the device's position are looked at.
    Map<Long, Long> ownCounts = new HashMap<>();
    for (UnreadSummary.PeerCount c : counts) {
      ownCounts.put(c.peer(), c.count());
    }
    long ownerWatermark = state.ownerWatermark(owner);
    Map<Long, Long> watermarks = state.conversationWatermarks(owner);
    for (long sender : state.broadcasts().contacts(owner)) {
      ReadPosition p = positions.get(sender);
      long after = Math.max(Math.max(p == null ? 0 : p.upTo(), ownerWatermark),
          watermarks.getOrDefault(sender, 0L));
      if (state.broadcasts().latest(sender) <= after) {
        continue;
      }
      long n = broadcasts(owner, sender, after);
      if (n > 0) {
        ownCounts.merge(sender, n, Long::sum);
        total[0] += n;
      }
    }
    counts.clear();
    ownCounts.forEach((peer, n) -> counts.add(new UnreadSummary.PeerCount(peer, n)));
    counts.sort(Comparator.comparingLong(UnreadSummary.PeerCount::count).reversed()
        .thenComparingLong(UnreadSummary.PeerCount::peer));
    return new UnreadSummary(total[0], List.copyOf(counts));
  }
}
