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

  /**
   * Unread counts per device of the owner's conversations with {@code peers} (whose rows are
   * {@code rows}): counters, positions and watermarks of all of them in one read each.
   */
  public List<Map<String, Long>> byDevice(long owner, List<Long> peers, List<ConversationRow> rows) {
    long[] incoming = state.incoming(owner, peers);
    List<Map<String, ReadPosition>> positions = state.positions(owner, peers);
    long[] watermarks = state.watermarks(owner, peers);
    List<Map<String, Long>> out = new ArrayList<>(peers.size());
    for (int i = 0; i < peers.size(); i++) {
      Map<String, ReadPosition> at = positions.get(i);
      long[] after = new long[config.devices().size()];
      long least = Long.MAX_VALUE;
      for (int d = 0; d < after.length; d++) {
        after[d] = Math.max(at.get(config.devices().get(d)).upTo(), watermarks[i]);
        least = Math.min(least, after[d]);
      }
      // A blocked peer's broadcasts are not shown; its one-to-one messages were refused since the block.
      List<Long> fromBroadcasts = rows.get(i).blocked() ? List.of() : broadcasts(owner, peers.get(i), least);
      Map<String, Long> one = new LinkedHashMap<>();
      for (int d = 0; d < after.length; d++) {
        String device = config.devices().get(d);
        long newer = 0;
        for (long id : fromBroadcasts) {
          newer += id > after[d] ? 1 : 0;
        }
        one.put(device, Math.max(0, incoming[i] - at.get(device).base()) + newer);
      }
      out.add(one);
    }
    return out;
  }

  /**
   * The peer's broadcasts that reached the owner after {@code after} and that the owner kept:
   * only broadcasts newer than the read position are looked at, never history.
   */
  private List<Long> broadcasts(long owner, long peer, long after) {
    if (state.broadcasts().latest(peer) <= after) {
      return List.of();
    }
    java.util.Set<Long> hidden = state.hiddenIds(owner, peer, after + 1, Long.MAX_VALUE);
    return state.broadcasts().reaching(peer, owner, after, Long.MAX_VALUE, Integer.MAX_VALUE, hidden::contains);
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
      long n = broadcasts(owner, sender, after).size();
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
