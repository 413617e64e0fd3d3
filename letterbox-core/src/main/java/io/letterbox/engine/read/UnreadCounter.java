package io.letterbox.engine.read;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.model.UnreadSummary;
import io.letterbox.rows.ConversationRow;
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
    // A blocked peer's broadcasts are not shown; its one-to-one messages were refused since the block.
    boolean blocked = state.blocked(owner, peer);
    long incoming = state.incoming(owner, peer);
    Map<String, ReadPosition> positions = state.positions(owner, peer);
    long watermark = state.watermark(owner, peer);
    Map<String, Long> out = new LinkedHashMap<>();
    for (String device : config.devices()) {
      ReadPosition p = positions.get(device);
      long fromBroadcasts = blocked ? 0 : broadcasts(owner, peer, Math.max(p.upTo(), watermark));
      out.put(device, Math.max(0, incoming - p.base()) + fromBroadcasts);
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
    java.util.Set<Long> blocked = new java.util.HashSet<>(state.blockedPeers(owner));
    for (long sender : state.broadcasts().contacts(owner)) {
      if (blocked.contains(sender)) {
        continue;
      }
      ReadPosition p = positions.get(sender);
      long after = Math.max(Math.max(p == null ? 0 : p.upTo(), ownerWatermark),
          watermarks.getOrDefault(sender, 0L));
      if (state.broadcasts().latest(sender) <= after) {
        continue;
      }
      long n = broadcasts(owner, sender, after);
      if (n > 0) {
        ownCounts.merge(sender, n, Long::sum);
      }
    }
    counts.clear();
    ownCounts.forEach((peer, n) -> counts.add(new UnreadSummary.PeerCount(peer, n)));
    // Muted conversations keep their own count but stay out of the total.
    List<Long> peers = counts.stream().map(UnreadSummary.PeerCount::peer).toList();
    List<ConversationRow> rows = state.conversationRows(owner, peers);
    total[0] = 0;
    for (int i = 0; i < peers.size(); i++) {
      if (!rows.get(i).muted()) {
        total[0] += counts.get(i).count();
      }
    }
    counts.sort(Comparator.comparingLong(UnreadSummary.PeerCount::count).reversed()
        .thenComparingLong(UnreadSummary.PeerCount::peer));
    return new UnreadSummary(total[0], List.copyOf(counts));
  }
}
