package io.letterbox.engine;

import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.model.UnreadSummary;
import io.letterbox.store.Bytes;
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
final class UnreadCounter {
  private final StateReader state;
  private final LetterboxConfig config;

  UnreadCounter(StateReader state, LetterboxConfig config) {
    this.state = state;
    this.config = config;
  }

  Map<String, Long> byDevice(long owner, long peer) {
    long incoming = state.incoming(owner, peer);
    Map<String, ReadPosition> positions = state.positions(owner, peer);
    Map<String, Long> out = new LinkedHashMap<>();
    for (String device : config.devices()) {
      out.put(device, Math.max(0, incoming - positions.get(device).base()));
    }
    return out;
  }

  UnreadSummary summary(long owner, String device) {
    Map<Long, Long> base = new HashMap<>();
    state.store().scan(Spaces.STATE, StateKey.readPositions(owner), false, (k, v) -> {
      if (StateKey.readPositionDevice(k).equals(device)) {
        base.put(StateKey.readPositionPeer(k), ReadPosition.decode(v).base());
      }
      return true;
    });
    List<UnreadSummary.PeerCount> counts = new ArrayList<>();
    long[] total = {0};
    state.store().scan(Spaces.INCOMING, PairKey.owner(owner), false, (k, v) -> {
      long peer = PairKey.peer(k);
      long n = Bytes.getLong(v, 0) - base.getOrDefault(peer, 0L);
      if (n > 0) {
        counts.add(new UnreadSummary.PeerCount(peer, n));
        total[0] += n;
      }
      return true;
    });
    counts.sort(Comparator.comparingLong(UnreadSummary.PeerCount::count).reversed()
        .thenComparingLong(UnreadSummary.PeerCount::peer));
    return new UnreadSummary(total[0], List.copyOf(counts));
  }
}
