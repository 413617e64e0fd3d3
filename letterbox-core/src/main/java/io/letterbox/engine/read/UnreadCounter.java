package io.letterbox.engine.read;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.model.UnreadSummary;
import io.letterbox.rows.ConversationRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Unread counts: a conversation's incoming count minus the base of the device's read position,
 * both in the conversation's row, plus the peer's broadcasts since the position; a group's from its
 * sequence numbers and the member's position. No message is looked at: the summary is one range
 * scan of the owner's rows and one of its memberships.
 */
public final class UnreadCounter {
  private final StateReader state;
  private final LetterboxConfig config;
  private final GroupReader groups;

  public UnreadCounter(StateReader state, LetterboxConfig config, GroupReader groups) {
    this.state = state;
    this.config = config;
    this.groups = groups;
  }

  /**
   * Unread counts per device of the owner's conversations with {@code peers}, whose rows are
   * {@code rows}: from the rows' counts and positions, and for a peer that broadcast since a
   * device's position, its broadcasts that reached the owner since.
   *
   * @param senders whether a peer is one of the owner's broadcast senders (only those can have
   *     broadcasts that reached it; the others' newest broadcast is not looked up)
   */
  public List<Map<String, Long>> byDevice(long owner, List<Long> peers, List<ConversationRow> rows,
      java.util.function.LongPredicate senders) {
    List<String> devices = config.devices();
    // A blocked peer's broadcasts are not shown; its one-to-one messages were refused since the block.
    List<Long> broadcasting = new ArrayList<>();
    for (int i = 0; i < peers.size(); i++) {
      ConversationRow row = rows.get(i);
      long peer = peers.get(i);
      if (!row.blocked() && senders.test(peer) && state.broadcasts().latest(peer) > least(row, devices)) {
        broadcasting.add(peers.get(i));
      }
    }
    // Only those need their conversation's watermark: one read for all of them.
    Map<Long, Long> cleared = new HashMap<>();
    long[] watermarks = broadcasting.isEmpty() ? new long[0] : state.conversations().watermarks(owner, broadcasting);
    for (int i = 0; i < watermarks.length; i++) {
      cleared.put(broadcasting.get(i), watermarks[i]);
    }
    List<Map<String, Long>> out = new ArrayList<>(peers.size());
    for (int i = 0; i < peers.size(); i++) {
      ConversationRow row = rows.get(i);
      long peer = peers.get(i);
      Long clearedUpTo = cleared.get(peer);
      long[] after = new long[devices.size()];
      long least = Long.MAX_VALUE;
      for (int d = 0; d < after.length; d++) {
        after[d] = Math.max(row.position(devices.get(d)).upTo(), clearedUpTo == null ? 0 : clearedUpTo);
        least = Math.min(least, after[d]);
      }
      List<Long> fromBroadcasts = clearedUpTo != null ? broadcasts(owner, peer, least) : List.of();
      Map<String, Long> one = new LinkedHashMap<>();
      for (int d = 0; d < after.length; d++) {
        long newer = 0;
        for (long id : fromBroadcasts) {
          newer += id > after[d] ? 1 : 0;
        }
        one.put(devices.get(d), Math.max(0, row.incoming() - row.position(devices.get(d)).base()) + newer);
      }
      out.add(one);
    }
    return out;
  }

  private static long least(ConversationRow row, List<String> devices) {
    long least = Long.MAX_VALUE;
    for (String device : devices) {
      least = Math.min(least, row.position(device).upTo());
    }
    return least;
  }

  /**
   * The peer's broadcasts that reached the owner after {@code after} and that the owner kept:
   * only broadcasts newer than the read position are looked at, never history.
   */
  private List<Long> broadcasts(long owner, long peer, long after) {
    if (state.broadcasts().latest(peer) <= after) {
      return List.of();
    }
    java.util.Set<Long> hidden = state.conversations().hiddenIds(owner, peer, after + 1, Long.MAX_VALUE);
    return state.broadcasts().reaching(peer, owner, after, Long.MAX_VALUE, Integer.MAX_VALUE, hidden::contains);
  }

  public UnreadSummary summary(long owner, String device) {
    Map<Long, ConversationRow> rows = state.conversations().conversationRows(owner);
    Map<Long, Long> counts = new HashMap<>();
    rows.forEach((peer, row) -> {
      long n = row.incoming() - row.position(device).base();
      if (n > 0) {
        counts.put(peer, n);
      }
    });
    addBroadcasts(owner, device, rows, counts);
    // Muted conversations keep their own count but stay out of the total.
    long total = 0;
    List<UnreadSummary.PeerCount> listed = new ArrayList<>();
    for (Map.Entry<Long, Long> c : counts.entrySet()) {
      listed.add(new UnreadSummary.PeerCount(c.getKey(), c.getValue()));
      if (!rows.getOrDefault(c.getKey(), ConversationRow.NONE).muted()) {
        total += c.getValue();
      }
    }
    // Groups: from their sequence numbers and the owner's positions (decision 0011).
    for (GroupReader.Count g : groups.unread(owner, device)) {
      listed.add(new UnreadSummary.PeerCount(0, g.gid(), g.count()));
      if (!g.muted()) {
        total += g.count();
      }
    }
    listed.sort(Comparator.comparingLong(UnreadSummary.PeerCount::count).reversed()
        .thenComparingLong(UnreadSummary.PeerCount::peer).thenComparingLong(UnreadSummary.PeerCount::group));
    return new UnreadSummary(total, List.copyOf(listed));
  }

  /**
   * Adds to {@code counts} the broadcasts of the owner's senders after the device's position:
   * only senders that broadcast after it are looked at, and when none did, the owner's
   * watermarks and blocks are not read.
   */
  private void addBroadcasts(long owner, String device, Map<Long, ConversationRow> rows, Map<Long, Long> counts) {
    List<Long> senders = new ArrayList<>();
    for (long sender : state.broadcasts().contacts(owner)) {
      if (state.broadcasts().latest(sender) > rows.getOrDefault(sender, ConversationRow.NONE).position(device).upTo()) {
        senders.add(sender);
      }
    }
    if (senders.isEmpty()) {
      return;
    }
    long ownerWatermark = state.conversations().ownerWatermark(owner);
    Map<Long, Long> watermarks = state.conversations().conversationWatermarks(owner);
    java.util.Set<Long> blocked = new java.util.HashSet<>(state.conversations().blockedPeers(owner));
    for (long sender : senders) {
      if (blocked.contains(sender)) {
        continue;
      }
      long after = Math.max(Math.max(rows.getOrDefault(sender, ConversationRow.NONE).position(device).upTo(),
          ownerWatermark), watermarks.getOrDefault(sender, 0L));
      if (state.broadcasts().latest(sender) <= after) {
        continue;
      }
      long n = broadcasts(owner, sender, after).size();
      if (n > 0) {
        counts.merge(sender, n, Long::sum);
      }
    }
  }
}
