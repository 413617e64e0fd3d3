package io.letterbox.engine.search;

import io.letterbox.engine.apply.HoldSet;
import io.letterbox.engine.apply.ErasureStarted;
import io.letterbox.engine.apply.ErasureCompleted;
import io.letterbox.engine.apply.ContentRemoved;
import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.apply.AllDeleted;
import io.letterbox.engine.apply.BlockSet;
import io.letterbox.engine.apply.BroadcastAccepted;
import io.letterbox.engine.apply.BroadcastCompleted;
import io.letterbox.engine.apply.CapSet;
import io.letterbox.engine.apply.ConversationDeleted;
import io.letterbox.engine.apply.ConversationStateSet;
import io.letterbox.engine.apply.Followed;
import io.letterbox.engine.apply.FollowersAdded;
import io.letterbox.engine.apply.GroupCreated;
import io.letterbox.engine.apply.GroupLeft;
import io.letterbox.engine.apply.GroupMembersChanged;
import io.letterbox.engine.apply.GroupMessageDeleted;
import io.letterbox.engine.apply.GroupMessageRecalled;
import io.letterbox.engine.apply.GroupPosted;
import io.letterbox.engine.apply.GroupReadMarked;
import io.letterbox.engine.apply.GroupRenamed;
import io.letterbox.engine.apply.GroupSettingsSet;
import io.letterbox.engine.apply.Imported;
import io.letterbox.engine.apply.MessageDeleted;
import io.letterbox.engine.apply.MessageRevised;
import io.letterbox.engine.apply.ReadMarked;
import io.letterbox.engine.apply.SegmentExtended;
import io.letterbox.engine.apply.SegmentReplaced;
import io.letterbox.engine.apply.Sent;
import io.letterbox.engine.apply.Subscribed;
import io.letterbox.engine.apply.Unfollowed;
import io.letterbox.engine.apply.Unsubscribed;
import io.letterbox.engine.apply.Reported;
import io.letterbox.engine.apply.UserSettingsSet;
import io.letterbox.engine.apply.Derivation;
import io.letterbox.engine.apply.Kinds;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.PostingKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.KeyValueStore;
import java.util.HashMap;
import java.util.Map;

/**
 * The search postings an action gives a partition (decision 0012): a message's words under its
 * owners' scopes, a broadcast's under its sender's, a group post's under its group's, an edit's
 * new words where the message was indexed. Deleted and recalled messages keep their postings: a
 * search checks each candidate as history shows it. A removed message's are deleted by its removal
 * ({@link #keys}, decision 0042); a redacted entry has no words to post. The live indexer and the rebuild both derive
 * postings with it.
 */
public final class SearchPostings implements Derivation<SearchPostings.Into> {
  public static final SearchPostings DERIVATION = new SearchPostings();

  /**
   * Where a partition's postings go: {@code store} is read for an edited message's original entry,
   * {@code partitioning} says which of an action's owners belong to {@code partition}.
   */
  record Into(KeyValueStore store, Partitioning partitioning, int partition, PostingBatch batch) {
    boolean hosts(long owner) {
      return partitioning.of(owner) == partition;
    }
  }

  private static final Kinds<Into> KINDS = Kinds.<Into>builder()
      .on(Sent.class, (into, s) -> owners(into, s.from(), s.to(), s.id(), s.text()))
      .on(Imported.class, (into, imported) -> {
        for (Imported.Entry i : imported.messages()) {
          owners(into, i.from(), i.to(), i.id(), i.text());
        }
      })
      .on(BroadcastAccepted.class, (into, b) -> {
        if (into.hosts(b.from())) {
          put(into.batch(), b.from(), PostingKey.BROADCASTS, b.text(), b.id());
        }
      })
      .on(GroupPosted.class, (into, g) -> {
        if (into.hosts(g.gid())) {
          put(into.batch(), g.gid(), PostingKey.GROUP, g.text(), g.id());
        }
      })
      .on(MessageRevised.class, SearchPostings::edited)
      .ignore(ReadMarked.class, MessageDeleted.class, ConversationDeleted.class, AllDeleted.class, CapSet.class,
          Followed.class, FollowersAdded.class, Unfollowed.class, Subscribed.class, Unsubscribed.class,
          SegmentReplaced.class, SegmentExtended.class, BroadcastCompleted.class, ConversationStateSet.class,
          io.letterbox.engine.apply.DisappearSet.class,
          BlockSet.class, GroupCreated.class, GroupMembersChanged.class, GroupRenamed.class, GroupReadMarked.class,
          GroupMessageDeleted.class, GroupMessageRecalled.class, GroupSettingsSet.class, UserSettingsSet.class, Reported.class,
          GroupLeft.class)
      // Reactions are not searched.
      .ignore(io.letterbox.engine.apply.ReactionSet.class)
      // A removal deletes the message's postings itself, with the words it reads before they go.
      .ignore(ContentRemoved.class)
      // A hold and an erasure's own records carry no words; its steps are actions of their own.
      .ignore(HoldSet.class, ErasureStarted.class, ErasureCompleted.class)
      // Pins and drafts are no messages: a draft is found once it is sent.
      .ignore(io.letterbox.engine.apply.PinSet.class, io.letterbox.engine.apply.GroupPinSet.class, io.letterbox.engine.apply.DraftSet.class)
      // A delivery receipt carries no words.
      .ignore(io.letterbox.engine.apply.DeliveryMarked.class)
      // Schedules are the sender's own rows; a schedule's send is its own Sent (decision 0052).
      .ignore(io.letterbox.engine.apply.Scheduled.class, io.letterbox.engine.apply.ScheduleCancelled.class,
          io.letterbox.engine.apply.ScheduleDone.class)
      .build();

  private SearchPostings() {}

  @Override
  public Kinds<Into> kinds() {
    return KINDS;
  }

  /** Adds the postings partition {@code p} writes for {@code action} to {@code batch}. */
  static void derive(KeyValueStore store, Partitioning partitioning, int p, Action action, PostingBatch batch) {
    DERIVATION.derive(new Into(store, partitioning, p, batch), action);
  }

  /**
   * An edit: the new words, where the message was indexed (the old ones stay; a search checks
   * each message's current text). A recall adds none.
   */
  private static void edited(Into into, MessageRevised r) {
    if (r.recall()) {
      return;
    }
    if (r.peer() != 0) {
      owners(into, r.sender(), r.peer(), r.messageId(), r.text());
    } else if (into.hosts(r.sender())) {
      byte[] original = into.store().get(Spaces.LOG, LogKey.of(r.messageId()));
      Action a = original == null ? null : ActionCodec.decode(original);
      if (a instanceof GroupPosted g) {
        put(into.batch(), g.gid(), PostingKey.GROUP, r.text(), r.messageId());
      } else {
        put(into.batch(), r.sender(), PostingKey.BROADCASTS, r.text(), r.messageId());
      }
    }
  }

  private static void owners(Into into, long from, long to, long id, String text) {
    boolean sender = into.hosts(from);
    boolean receiver = into.hosts(to);
    if (!sender && !receiver) {
      return;
    }
    Map<Integer, byte[]> postings = postings(text);
    if (sender) {
      put(into.batch(), from, PostingKey.OWNER, postings, id);
    }
    if (receiver) {
      put(into.batch(), to, PostingKey.OWNER, postings, id);
    }
  }

  private static void put(PostingBatch batch, long scope, byte kind, String text, long id) {
    put(batch, scope, kind, postings(text), id);
  }

  private static void put(PostingBatch batch, long scope, byte kind, Map<Integer, byte[]> postings, long id) {
    postings.forEach((hash, words) -> batch.put(scope, kind, hash, id, words));
  }

  /**
   * The keys of the postings message {@code m} has for {@code texts} (its text and its edits'):
   * what a removal deletes (decision 0042).
   */
  public static java.util.List<byte[]> keys(io.letterbox.model.Message m, java.util.Collection<String> texts) {
    java.util.Set<Integer> hashes = new java.util.TreeSet<>();
    for (String text : texts) {
      hashes.addAll(postings(text).keySet());
    }
    long[] scopes;
    byte kind;
    switch (m.kind()) {
      case SINGLE -> {
        scopes = new long[] {m.from(), m.to()};
        kind = PostingKey.OWNER;
      }
      case GROUP -> {
        scopes = new long[] {m.to()};
        kind = PostingKey.GROUP;
      }
      default -> {
        scopes = new long[] {m.from()};
        kind = PostingKey.BROADCASTS;
      }
    }
    java.util.List<byte[]> keys = new java.util.ArrayList<>();
    for (long scope : scopes) {
      for (int hash : hashes) {
        keys.add(PostingKey.of(scope, kind, hash, m.id()));
      }
    }
    return keys;
  }

  /** A text's postings: each word's hash, with the words of the text that have it (nearly always one). */
  private static Map<Integer, byte[]> postings(String text) {
    Map<Integer, byte[]> out = new HashMap<>();
    for (String word : Words.of(text)) {
      out.merge(Words.hash(word), PostingKey.words(word), PostingKey::moreWords);
    }
    return out;
  }
}
