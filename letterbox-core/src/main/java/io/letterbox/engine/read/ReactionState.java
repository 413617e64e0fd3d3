package io.letterbox.engine.read;

import io.letterbox.keys.ReactionKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Message;
import io.letterbox.model.Reaction;
import io.letterbox.rows.ReactionsRow;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
    List<Long> ids = new ArrayList<>(messages.size());
    for (Message m : messages) {
      if (m != null && m.status() == Message.Status.NORMAL) {
        ids.add(m.id());
      }
    }
    if (ids.isEmpty()) {
      return messages;
    }
    Map<Long, ReactionsRow> all = countsOf(ids);
    if (all.isEmpty()) {
      return messages;
    }
    Map<Long, ReactionsRow> own = ownOf(reader, all.keySet());
    List<Message> out = new ArrayList<>(messages.size());
    for (Message m : messages) {
      ReactionsRow c = m == null ? null : all.get(m.id());
      out.add(c == null ? m : m.withReactions(seen(reader, m, c, own.getOrDefault(m.id(), ReactionsRow.EMPTY))));
    }
    return out;
  }

  /** @return {@code m} as {@code reader} sees it, with its reactions */
  public Message join(long reader, Message m) {
    return join(reader, java.util.Collections.singletonList(m)).get(0);
  }

  /** @return a message's reactions as its sender sees them: every count, its own marked */
  public List<Reaction> ofSender(long sender, long messageId) {
    ReactionsRow c = countsOf(List.of(messageId)).get(messageId);
    return c == null ? List.of() : reactions(c, own(messageId, sender));
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

  /** The counts of those of {@code ids} that have reactions: cached ones, the rest in one read. */
  private Map<Long, ReactionsRow> countsOf(List<Long> ids) {
    List<Long> keys = new ArrayList<>(ids.size());
    for (Long id : ids) {
      keys.add(StateReader.key(id));
    }
    Map<Long, ReactionsRow> cached = counts.present(keys);
    Map<Long, ReactionsRow> out = new HashMap<>();
    List<Long> missed = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      ReactionsRow c = cached.get(keys.get(i));
      if (c == null) {
        missed.add(ids.get(i));
      } else if (!c.isEmpty()) {
        out.put(ids.get(i), c);
      }
    }
    if (missed.isEmpty()) {
      return out;
    }
    long stamp = counts.stamp();
    List<byte[]> rowKeys = new ArrayList<>(missed.size());
    for (Long id : missed) {
      rowKeys.add(ReactionKey.counts(id));
    }
    List<byte[]> values = store.multiGet(Spaces.REACTIONS, rowKeys);
    Map<Long, ReactionsRow> read = new HashMap<>();
    for (int i = 0; i < missed.size(); i++) {
      ReactionsRow c = ReactionsRow.decode(values.get(i));
      read.put(StateReader.key(missed.get(i)), c);
      if (!c.isEmpty()) {
        out.put(missed.get(i), c);
      }
    }
    counts.put(read, stamp);
    return out;
  }

  /** The reader's own reactions to those of {@code ids} it reacted to: cached ones, the rest in one read. */
  private Map<Long, ReactionsRow> ownOf(long reader, Set<Long> ids) {
    List<Own> keys = new ArrayList<>(ids.size());
    for (Long id : ids) {
      keys.add(new Own(reader, id));
    }
    Map<Own, ReactionsRow> cached = own.present(keys);
    Map<Long, ReactionsRow> out = new HashMap<>();
    List<Own> missed = new ArrayList<>();
    for (Own k : keys) {
      ReactionsRow r = cached.get(k);
      if (r == null) {
        missed.add(k);
      } else if (!r.isEmpty()) {
        out.put(k.messageId(), r);
      }
    }
    if (missed.isEmpty()) {
      return out;
    }
    long stamp = own.stamp();
    List<byte[]> rowKeys = new ArrayList<>(missed.size());
    for (Own k : missed) {
      rowKeys.add(ReactionKey.own(reader, k.messageId()));
    }
    List<byte[]> values = store.multiGet(Spaces.OWN_REACTIONS, rowKeys);
    Map<Own, ReactionsRow> read = new HashMap<>();
    for (int i = 0; i < missed.size(); i++) {
      ReactionsRow r = ReactionsRow.decode(values.get(i));
      read.put(missed.get(i), r);
      if (!r.isEmpty()) {
        out.put(missed.get(i).messageId(), r);
      }
    }
    own.put(read, stamp);
    return out;
  }
}
