package io.letterbox.engine.read;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.keys.ActivityKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RequestsKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.keys.TimelineKey;
import io.letterbox.model.Folder;
import io.letterbox.model.Message;
import io.letterbox.rows.ConversationRow;
import io.letterbox.rows.TimelineFlags;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The stored state of owners' one-to-one conversations: their timelines, the conversation rows
 * and the activity index the lists read, blocks, pins, deleted messages, watermarks, unread
 * counts and the requests folder's.
 */
public final class ConversationState {
  private final StoreReads store;
  private final LetterboxConfig config;
  private final BroadcastIndex broadcasts;

  ConversationState(StoreReads store, LetterboxConfig config, BroadcastIndex broadcasts) {
    this.store = store;
    this.config = config;
    this.broadcasts = broadcasts;
  }

  // --- one-to-one timelines ---

  /** @return the owner's row of message {@code id} with {@code peer} (its flags), or null */
  public byte[] timelineRow(long owner, long peer, long id) {
    return store.get(Spaces.CONVERSATION, TimelineKey.of(owner, peer, id));
  }

  /** @return up to {@code limit} ids of the owner's rows with {@code peer} in {@code [from, to)}, newest first */
  public List<Long> timeline(long owner, long peer, long from, long to, int limit) {
    List<Long> ids = new ArrayList<>();
    store.scan(Spaces.CONVERSATION, TimelineKey.range(owner, peer, from, to), true, (k, v) -> {
      ids.add(TimelineKey.id(k));
      return ids.size() < limit;
    });
    return ids;
  }

  /**
   * The newest one-to-one message of the conversation below {@code below} that the owner did not
   * delete and that is above its watermarks; 0 if none.
   */
  public long lastVisibleBelow(long owner, long peer, long below) {
    long watermark = watermark(owner, peer);
    if (below <= watermark + 1) {
      return 0;
    }
    Set<Long> hidden = hiddenIds(owner, peer, watermark + 1, below);
    long upper = below;
    while (true) {
      List<Long> older = timeline(owner, peer, watermark + 1, upper, 64);
      for (long id : older) {
        if (!hidden.contains(id)) {
          return id;
        }
      }
      if (older.size() < 64) {
        return 0;
      }
      upper = older.get(older.size() - 1);
    }
  }

  // --- conversation rows, the activity index, blocks ---

  /** @return the owner's row of its conversation with {@code peer}; {@link ConversationRow#NONE} if none */
  public ConversationRow conversationRow(long owner, long peer) {
    return ConversationRow.decode(store.get(Spaces.CONVERSATIONS, PairKey.of(owner, peer)));
  }

  /** @return the owner's rows of its conversations with {@code peers}, in order */
  public List<ConversationRow> conversationRows(long owner, List<Long> peers) {
    List<byte[]> keys = new ArrayList<>(peers.size());
    for (long peer : peers) {
      keys.add(PairKey.of(owner, peer));
    }
    List<ConversationRow> out = new ArrayList<>(peers.size());
    for (byte[] v : store.multiGet(Spaces.CONVERSATIONS, keys)) {
      out.add(ConversationRow.decode(v));
    }
    return out;
  }

  /**
   * A place in the conversation list: a one-to-one conversation of the activity index, with the
   * copy of its row the entry carries, or a broadcast sender (a cursor's place), whose {@code row} is null.
   */
  public record Activity(boolean pinned, long lastId, long peer, ConversationRow row) {
    public Activity(boolean pinned, long lastId, long peer) {
      this(pinned, lastId, peer, null);
    }
  }

  /**
   * Up to {@code limit} entries of the owner's activity index in {@code folder}, in list order
   * (pinned first, then newest first), strictly after {@code after} (null: from the start).
   * Entries at or below {@code floor} were cleared by a delete of every conversation: they are
   * skipped among the pinned ones and end the list among the others (they sort last).
   */
  public List<Activity> activity(long owner, Folder folder, Activity after, long floor, int limit) {
    KeyRange range = after == null ? ActivityKey.folder(owner, folder)
        : ActivityKey.folderAfter(owner, folder, after.pinned(), after.lastId(), after.peer());
    List<Activity> out = new ArrayList<>();
    if (limit <= 0) {
      return out;
    }
    store.scan(Spaces.ACTIVITY, range, false, (k, v) -> {
      long lastId = ActivityKey.lastId(k);
      boolean pinned = ActivityKey.pinned(k);
      if (lastId <= floor) {
        return pinned;
      }
      out.add(new Activity(pinned, lastId, ActivityKey.peer(k), ConversationRow.decode(v)));
      return out.size() < limit;
    });
    return out;
  }

  /**
   * Unread messages of the owner's requests folder: on each device the folder's incoming count less
   * what the device read of it, and the least of those (a message read on any device counts as read).
   */
  public long requestsUnread(long owner) {
    long incoming = store.counter(Spaces.REQUESTS, RequestsKey.incoming(owner));
    long least = incoming;
    for (String device : config.devices()) {
      least = Math.min(least, incoming - store.counter(Spaces.REQUESTS, RequestsKey.read(owner, device)));
    }
    return Math.max(0, least);
  }

  public boolean blocked(long owner, long peer) {
    return conversationRow(owner, peer).blocked();
  }

  /** @return the peers the owner blocked, in uid order */
  public List<Long> blockedPeers(long owner) {
    List<Long> out = new ArrayList<>();
    store.scan(Spaces.BLOCKED, PairKey.owner(owner), false, (k, v) -> out.add(PairKey.peer(k)));
    return out;
  }

  /** @return the peers of the owner's pinned conversations */
  public Set<Long> pinnedPeers(long owner) {
    Set<Long> out = new HashSet<>();
    store.scan(Spaces.PINNED, PairKey.owner(owner), false, (k, v) -> {
      out.add(PairKey.peer(k));
      return true;
    });
    return out;
  }

  /** @return ids the owner deleted one by one in its conversation with {@code peer}, in {@code [from, to)} */
  public Set<Long> hiddenIds(long owner, long peer, long from, long to) {
    Set<Long> hidden = new HashSet<>();
    store.scan(Spaces.HIDDEN, TimelineKey.range(owner, peer, from, to), false, (k, v) -> {
      hidden.add(TimelineKey.id(k));
      return true;
    });
    return hidden;
  }

  public boolean hidden(long owner, long peer, long id) {
    return store.get(Spaces.HIDDEN, TimelineKey.of(owner, peer, id)) != null;
  }

  /**
   * @return how long after it is sent a message of the owner's conversation with {@code peer}
   *     disappears, in milliseconds, 0 for never (decision 0045); a group's own: {@code owner}
   *     the group, {@code peer} 0
   */
  public long disappearAfter(long owner, long peer) {
    return longOrZero(store.get(Spaces.DISAPPEAR_AFTER, PairKey.of(owner, peer)));
  }

  /** @return the owner's draft of its conversation with {@code peer} (decision 0050), empty if none */
  public String draft(long owner, long peer) {
    byte[] v = store.get(Spaces.DRAFTS, PairKey.of(owner, peer));
    return v == null ? "" : new String(v, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** @return the owner's drafts of one-to-one conversations: peer → text */
  public Map<Long, String> drafts(long owner) {
    return drafts(owner, io.letterbox.keys.DraftKey::peerOf);
  }

  /** @return the owner's draft of its conversation in group {@code gid} (decision 0050), empty if none */
  public String groupDraft(long owner, long gid) {
    byte[] v = store.get(Spaces.DRAFTS, io.letterbox.keys.DraftKey.group(owner, gid));
    return v == null ? "" : new String(v, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** @return the owner's drafts of group conversations: group → text */
  public Map<Long, String> groupDrafts(long owner) {
    return drafts(owner, io.letterbox.keys.DraftKey::groupOf);
  }

  private Map<Long, String> drafts(long owner, java.util.function.ToLongFunction<byte[]> of) {
    Map<Long, String> out = new HashMap<>();
    store.scan(Spaces.DRAFTS, PairKey.owner(owner), false, (k, v) -> {
      long c = of.applyAsLong(k);
      if (c != 0) {
        out.put(c, new String(v, java.nio.charset.StandardCharsets.UTF_8));
      }
      return true;
    });
    return out;
  }

  /** @return the disappearing settings of groups {@code gids}, in their order (0: none): one read */
  public long[] groupDisappearAfters(List<Long> gids) {
    List<byte[]> keys = new ArrayList<>(gids.size());
    for (long gid : gids) {
      keys.add(PairKey.of(gid, 0));
    }
    List<byte[]> values = store.multiGet(Spaces.DISAPPEAR_AFTER, keys);
    long[] out = new long[gids.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = longOrZero(values.get(i));
    }
    return out;
  }

  /** @return when message {@code id}'s disappearing timer is due (epoch milliseconds), 0 for none */
  public long expireAt(long id) {
    return longOrZero(store.get(Spaces.EXPIRY, io.letterbox.keys.ExpiryKey.byMessage(id)));
  }

  /** @return the id up to which the owner cleared the conversation (0 for none). */
  public long watermark(long owner, long peer) {
    return watermarks(owner, List.of(peer))[0];
  }

  public long ownerWatermark(long owner) {
    return longOrZero(store.get(Spaces.STATE, StateKey.ownerWatermark(owner)));
  }

  /** @return the conversation watermarks of the owner by peer. */
  public Map<Long, Long> conversationWatermarks(long owner) {
    Map<Long, Long> out = new HashMap<>();
    store.scan(Spaces.STATE, StateKey.conversationWatermarks(owner), false, (k, v) -> {
      out.put(StateKey.conversationWatermarkPeer(k), Bytes.getLong(v, 0));
      return true;
    });
    return out;
  }

  /** @return the other party of {@code m} for {@code owner}, or 0 if the owner is not one (or it is a group's). */
  public static long peerOf(long owner, Message m) {
    if (m.kind() == Message.Kind.GROUP) {
      return 0;
    }
    if (m.kind() == Message.Kind.BROADCAST) {
      return m.from() == owner ? 0 : m.from();
    }
    return m.from() == owner ? m.to() : m.to() == owner ? m.from() : 0;
  }

  /** Whether the owner can see {@code m} in its conversation with {@code peer}. */
  public boolean visible(long owner, long peer, Message m) {
    long id = m.id();
    if (id <= watermark(owner, peer) || hidden(owner, peer, id)) {
      return false;
    }
    return m.kind() == Message.Kind.BROADCAST
        ? broadcasts.reached(peer, id, owner)
        : timelineRow(owner, peer, id) != null;
  }

  // --- read positions and counters ---

  /** @return the ids up to which the owner cleared each conversation with {@code peers} (0 for none): one read */
  public long[] watermarks(long owner, List<Long> peers) {
    List<byte[]> keys = new ArrayList<>(peers.size() + 1);
    keys.add(StateKey.ownerWatermark(owner));
    for (long peer : peers) {
      keys.add(StateKey.conversationWatermark(owner, peer));
    }
    List<byte[]> values = store.multiGet(Spaces.STATE, keys);
    long all = longOrZero(values.get(0));
    long[] out = new long[peers.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.max(all, longOrZero(values.get(i + 1)));
    }
    return out;
  }

  /** @return the owner's rows by peer, in peer order: every conversation it has a row of */
  public Map<Long, ConversationRow> conversationRows(long owner) {
    Map<Long, ConversationRow> out = new LinkedHashMap<>();
    store.scan(Spaces.CONVERSATIONS, PairKey.owner(owner), false, (k, v) -> {
      out.put(PairKey.peer(k), ConversationRow.decode(v));
      return true;
    });
    return out;
  }

  /** Counts the incoming live rows of the conversation but those of {@code except}. */
  public long countIncomingRowsExcept(long owner, long peer, java.util.Set<Long> except) {
    long[] count = {0};
    store.scan(Spaces.CONVERSATION, TimelineKey.range(owner, peer, 0, Long.MAX_VALUE), false, (k, v) -> {
      if (TimelineFlags.countsAsUnread(v) && !except.contains(TimelineKey.id(k))) {
        count[0]++;
      }
      return true;
    });
    return count[0];
  }

  /** Counts the visible incoming live messages newer than {@code afterId}. */
  public long unreadAfter(long owner, long peer, long afterId) {
    long from = Math.max(afterId, watermark(owner, peer));
    if (from == Long.MAX_VALUE) {
      return 0;
    }
    long[] count = {0};
    store.scan(Spaces.CONVERSATION, TimelineKey.range(owner, peer, from + 1, Long.MAX_VALUE), false,
        (k, v) -> {
          if (TimelineFlags.countsAsUnread(v) && !hidden(owner, peer, TimelineKey.id(k))) {
            count[0]++;
          }
          return true;
        });
    return count[0];
  }

  private static long longOrZero(byte[] v) {
    return v == null ? 0 : Bytes.getLong(v, 0);
  }
}
