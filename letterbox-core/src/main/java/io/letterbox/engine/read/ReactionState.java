package io.letterbox.engine.read;

import io.letterbox.keys.ReactionKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Message;
import io.letterbox.model.Reaction;
import io.letterbox.rows.ReactionsRow;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reactions to messages (decision 0049) and how a reader sees them: each message's counts per
 * emoji, the reader's own marked {@code mine}. A broadcast's receiver sees only its own
 * reactions, each counted once; its sender sees every receiver's counts.
 *
 * <p>A page reads the counts of its messages in one multi-get, and the reader's own rows in
 * another only for those that have any. Where this process writes every reaction of the store
 * (one node hosting every partition), a message's counts are cached, a message without reactions
 * too, with the own rows of the first few readers that read them since; a reaction to the message
 * drops its entry. Then a page whose messages are cached reads nothing.
 */
public final class ReactionState {
  /** The readers whose own rows a message's entry keeps (both parties of a one-to-one message, a few more). */
  static final int READERS_CACHED = 4;

  private final StoreReads store;
  /** By message id, keyed by {@link StateReader#key}. */
  private final InProcessCache<Long, Cached> cached = new InProcessCache<>();

  /**
   * A message's counts and the own rows of readers read since. Equal only to itself: an entry is
   * replaced by one with another reader's row only while it is the one cached.
   */
  private static final class Cached {
    static final Cached NONE = new Cached(ReactionsRow.EMPTY, Map.of());

    final ReactionsRow counts;
    final Map<Long, ReactionsRow> own;

    Cached(ReactionsRow counts, Map<Long, ReactionsRow> own) {
      this.counts = counts;
      this.own = own;
    }

    /** @return this with {@code reader}'s own row, or this if it keeps enough readers */
    Cached with(long reader, ReactionsRow row) {
      if (own.size() >= READERS_CACHED) {
        return this;
      }
      Map<Long, ReactionsRow> more = new java.util.HashMap<>(own);
      more.put(reader, row);
      return new Cached(counts, Map.copyOf(more));
    }
  }

  ReactionState(StoreReads store) {
    this.store = store;
  }

  /**
   * From now on this process writes every reaction and tells this reader of each by
   * {@link #changed}: what is read is cached, for up to {@code entries} messages.
   */
  public void cacheInProcess(long entries) {
    cached.enable(entries);
  }

  /** Message {@code messageId}'s reactions changed (its rows are in the store now). */
  public void changed(long messageId) {
    cached.changed(StateReader.key(messageId));
  }

  /** @return message {@code messageId}'s counts; empty for none */
  public ReactionsRow counts(long messageId) {
    return ReactionsRow.decode(store.get(Spaces.REACTIONS, ReactionKey.counts(messageId)));
  }

  /** @return user {@code uid}'s own reactions to message {@code messageId}; empty for none */
  public ReactionsRow own(long messageId, long uid) {
    return ReactionsRow.decode(store.get(Spaces.OWN_REACTIONS, ReactionKey.own(uid, messageId)));
  }

  /** @return user {@code uid}'s own reactions: message id → its emojis, in message id order */
  public Map<Long, ReactionsRow> ownedBy(long uid) {
    Map<Long, ReactionsRow> out = new java.util.LinkedHashMap<>();
    store.scan(Spaces.OWN_REACTIONS, io.letterbox.store.KeyRange.prefix(ReactionKey.ownedBy(uid)), false, (k, v) -> {
      out.put(ReactionKey.ownMessage(k), ReactionsRow.decode(v));
      return true;
    });
    return out;
  }

  /**
   * @return {@code messages} as {@code reader} sees them, with their reactions; a message
   *     recalled or removed shows none, a message without reactions is returned as it is
   */
  public List<Message> join(long reader, List<Message> messages) {
    List<Long> keys = new ArrayList<>(messages.size());
    List<Message> normal = new ArrayList<>(messages.size());
    for (Message m : messages) {
      if (m != null && m.status() == Message.Status.NORMAL) {
        keys.add(StateReader.key(m.id()));
        normal.add(m);
      }
    }
    if (normal.isEmpty()) {
      return messages;
    }
    List<Cached> all = cached.getAll(keys, at -> {
      List<Cached> out = new ArrayList<>(at.length);
      for (ReactionsRow c : read(Spaces.REACTIONS, at, i -> ReactionKey.counts(normal.get(i).id()))) {
        out.add(cachedOf(c));
      }
      return out;
    });
    ReactionsRow[] mine = new ReactionsRow[all.size()];
    int[] unknown = new int[all.size()];
    int n = 0;
    for (int i = 0; i < all.size(); i++) {
      if (!all.get(i).counts.isEmpty()) {
        mine[i] = all.get(i).own.get(reader);
        if (mine[i] == null) {
          unknown[n++] = i;
        }
      }
    }
    if (n > 0) {
      int[] at = java.util.Arrays.copyOf(unknown, n);
      List<ReactionsRow> read = read(Spaces.OWN_REACTIONS, at, i -> ReactionKey.own(reader, normal.get(i).id()));
      for (int j = 0; j < n; j++) {
        Cached c = all.get(at[j]);
        mine[at[j]] = read.get(j);
        cached.replace(keys.get(at[j]), c, c.with(reader, read.get(j)));
      }
    }
    List<Message> out = new ArrayList<>(messages.size());
    int i = 0;
    for (Message m : messages) {
      if (m == null || m.status() != Message.Status.NORMAL) {
        out.add(m);
        continue;
      }
      ReactionsRow c = all.get(i).counts;
      out.add(c.isEmpty() ? m : m.withReactions(seen(reader, m, c, mine[i])));
      i++;
    }
    return out;
  }

  /** The rows of {@code space} at the keys {@code key} gives for places {@code at}, in one read; empty for none. */
  private List<ReactionsRow> read(io.letterbox.store.Space space, int[] at, java.util.function.IntFunction<byte[]> key) {
    List<byte[]> keys = new ArrayList<>(at.length);
    for (int i : at) {
      keys.add(key.apply(i));
    }
    List<ReactionsRow> out = new ArrayList<>(at.length);
    for (byte[] v : store.multiGet(space, keys)) {
      out.add(ReactionsRow.decode(v));
    }
    return out;
  }

  /** @return {@code m} as {@code reader} sees it, with its reactions */
  public Message join(long reader, Message m) {
    return join(reader, java.util.Collections.singletonList(m)).get(0);
  }

  /** @return a message's reactions as its sender sees them: every count, its own marked */
  public List<Reaction> ofSender(long sender, long messageId) {
    Cached c = cached.get(StateReader.key(messageId), k -> cachedOf(counts(messageId)));
    return c.counts.isEmpty() ? List.of() : reactions(c.counts, own(messageId, sender));
  }

  private static Cached cachedOf(ReactionsRow counts) {
    return counts.isEmpty() ? Cached.NONE : new Cached(counts, Map.of());
  }

  private static List<Reaction> seen(long reader, Message m, ReactionsRow counts, ReactionsRow own) {
    if (m.kind() == Message.Kind.BROADCAST && reader != m.from()) {
      // A receiver sees its own reactions only (API.md: each receiver sees its own).
      return reactions(own, own);
    }
    return reactions(counts, own);
  }

  private static List<Reaction> reactions(ReactionsRow counts, ReactionsRow own) {
    List<Reaction> out = new ArrayList<>(counts.counts().size());
    counts.counts().forEach((emoji, n) -> out.add(new Reaction(emoji, n, own.has(emoji))));
    return out;
  }
}
