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
 * (one node hosting every partition), both are cached, a message without reactions and a reader
 * without its own too, and the writer drops the entries a reaction changes: then a page whose
 * messages are cached reads nothing.
 */
public final class ReactionState {
  private final StoreReads store;
  /** Counts by message id, keyed by {@link StateReader#key}. */
  private final InProcessCache<Long, ReactionsRow> counts = new InProcessCache<>();
  /** Readers' own reactions by reader and message. */
  private final InProcessCache<Own, ReactionsRow> own = new InProcessCache<>();

  /** A reader's own reactions to a message, as a cache key. */
  private record Own(long uid, long messageId) {
    @Override
    public int hashCode() {
      return Long.hashCode(StateReader.key(messageId) ^ uid);
    }
  }

  ReactionState(StoreReads store) {
    this.store = store;
  }

  /**
   * From now on this process writes every reaction and tells this reader of each by
   * {@link #changed}: the counts and own reactions read are cached, up to {@code entries} of each.
   */
  public void cacheInProcess(long entries) {
    counts.enable(entries);
    own.enable(entries);
  }

  /** User {@code uid}'s reaction to message {@code messageId} changed (its rows are in the store now). */
  public void changed(long messageId, long uid) {
    counts.changed(StateReader.key(messageId));
    own.changed(new Own(uid, messageId));
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
    List<ReactionsRow> all = counts.getAll(keys, at -> read(Spaces.REACTIONS, at, i -> ReactionKey.counts(normal.get(i).id())));
    List<Own> ownKeys = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      if (!all.get(i).isEmpty()) {
        ownKeys.add(new Own(reader, normal.get(i).id()));
      }
    }
    if (ownKeys.isEmpty()) {
      return messages;
    }
    List<ReactionsRow> mine = own.getAll(ownKeys,
        at -> read(Spaces.OWN_REACTIONS, at, i -> ReactionKey.own(reader, ownKeys.get(i).messageId())));
    List<Message> out = new ArrayList<>(messages.size());
    int i = 0;
    int o = 0;
    for (Message m : messages) {
      if (m == null || m.status() != Message.Status.NORMAL) {
        out.add(m);
        continue;
      }
      ReactionsRow c = all.get(i++);
      out.add(c.isEmpty() ? m : m.withReactions(seen(reader, m, c, mine.get(o++))));
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
    ReactionsRow c = counts.get(StateReader.key(messageId), k -> counts(messageId));
    return c.isEmpty() ? List.of() : reactions(c, own(messageId, sender));
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
