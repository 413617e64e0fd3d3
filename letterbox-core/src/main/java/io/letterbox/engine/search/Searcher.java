package io.letterbox.engine.search;

import io.letterbox.engine.read.Cursors;
import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.read.StateReader;
import io.letterbox.keys.PostingKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.store.KeyValue;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Answers a search from the postings (decision 0012). The scopes a reader may find messages in:
 * its own one-to-one messages, the broadcasts of the senders that may reach it (and its own), the
 * groups it is or was a member of. In each scope the query words' posting lists are intersected
 * newest first by leapfrogging; the scopes are merged newest first; each candidate is then checked
 * as history checks it (deletes, watermarks, audiences, membership windows, blocks, recalls) and
 * by the words of its current text (an edit; a hash collision), until a page is full.
 */
public final class Searcher {
  static final char KIND = 's';

  private final StoreReads store;
  private final StateReader state;
  private final GroupReader groups;
  private final Cursors cursors;

  public Searcher(StoreReads store, StateReader state, GroupReader groups, Cursors cursors) {
    this.store = store;
    this.state = state;
    this.groups = groups;
    this.cursors = cursors;
  }

  public Page<Message> search(long owner, SearchQuery query, String cursor, int limit) {
    long highest = query.highestId();
    if (cursor != null) {
      highest = Math.min(highest, cursors.decode(cursor, KIND, owner, query.fingerprint(), 1)[0] - 1);
    }
    long lowest = query.lowestId();
    List<String> words = query.words();
    PriorityQueue<Scope> scopes = new PriorityQueue<>((a, b) -> Long.compare(b.current, a.current));
    for (Scope s : scopes(owner, query, words, lowest)) {
      if (s.advance(highest)) {
        scopes.add(s);
      }
    }
    List<Message> found = new ArrayList<>(limit + 1);
    while (found.size() <= limit && !scopes.isEmpty()) {
      // Candidates in a chunk, their messages read together.
      List<Long> ids = new ArrayList<>();
      List<Byte> kinds = new ArrayList<>();
      int want = Math.max(8, 2 * (limit + 1 - found.size()));
      while (ids.size() < want && !scopes.isEmpty()) {
        Scope s = scopes.poll();
        ids.add(s.current);
        kinds.add(s.kind);
        if (s.advance(s.current - 1)) {
          scopes.add(s);
        }
      }
      List<Message> messages = state.messages(ids);
      for (int i = 0; i < ids.size() && found.size() <= limit; i++) {
        Message m = messages.get(i);
        // The postings hold the words a message was sent with: an edited one is checked by its new text.
        if (m != null && !m.recalled() && visible(owner, query, kinds.get(i), m)
            && (m.editedAt() == 0 || Words.containsAll(m.text(), query.words()))) {
          found.add(m);
        }
      }
    }
    boolean more = found.size() > limit;
    List<Message> shown = more ? found.subList(0, limit) : found;
    String next = more ? cursors.encode(KIND, owner, query.fingerprint(), shown.get(shown.size() - 1).id()) : null;
    return new Page<>(List.copyOf(shown), next);
  }

  private List<Scope> scopes(long owner, SearchQuery query, List<String> words, long lowest) {
    List<Scope> out = new ArrayList<>();
    if (query.group() != 0) {
      out.add(new Scope(query.group(), PostingKey.GROUP, words, lowest));
      return out;
    }
    out.add(new Scope(owner, PostingKey.OWNER, words, lowest));
    if (query.peer() != 0) {
      out.add(new Scope(query.peer(), PostingKey.BROADCASTS, words, lowest));
      return out;
    }
    out.add(new Scope(owner, PostingKey.BROADCASTS, words, lowest));
    for (long sender : state.broadcasts().contacts(owner)) {
      if (sender != owner) {
        out.add(new Scope(sender, PostingKey.BROADCASTS, words, lowest));
      }
    }
    for (long gid : state.groups().memberships(owner).keySet()) {
      out.add(new Scope(gid, PostingKey.GROUP, words, lowest));
    }
    return out;
  }

  /** Whether {@code owner} may see {@code m}, found in a scope of {@code kind}, as the query narrows it. */
  private boolean visible(long owner, SearchQuery query, byte kind, Message m) {
    switch (kind) {
      case PostingKey.OWNER: {
        if (m.kind() != Message.Kind.SINGLE) {
          return false;
        }
        long peer = io.letterbox.engine.read.ConversationState.peerOf(owner, m);
        return peer != 0 && (query.peer() == 0 || peer == query.peer()) && state.conversations().visible(owner, peer, m);
      }
      case PostingKey.BROADCASTS:
        if (m.kind() != Message.Kind.BROADCAST) {
          return false;
        }
        return m.from() == owner || (!state.conversations().blocked(owner, m.from()) && state.conversations().visible(owner, m.from(), m));
      default:
        return m.kind() == Message.Kind.GROUP && groups.visible(owner, m);
    }
  }

  /** One scope's messages with every word, newest first: the leapfrog over its posting lists. */
  private final class Scope {
    final byte kind;
    final Postings[] lists;
    long current;

    Scope(long scope, byte kind, List<String> words, long lowest) {
      this.kind = kind;
      this.lists = new Postings[words.size()];
      for (int i = 0; i < lists.length; i++) {
        lists[i] = new Postings(scope, kind, words.get(i), lowest);
      }
    }

    /** Moves {@link #current} to the newest id at most {@code bound} in every list: whether there is one. */
    boolean advance(long bound) {
      long c = bound;
      int agreeing = 0;
      for (int i = 0; agreeing < lists.length; i = (i + 1) % lists.length) {
        long v = lists[i].atMost(c);
        if (v < 0) {
          return false;
        }
        if (v == c) {
          agreeing++;
        } else {
          c = v;
          agreeing = 1;
        }
      }
      current = c;
      return true;
    }
  }

  /**
   * One word's postings in one scope, read newest first in growing chunks; a posting of another
   * word with the same hash is passed over.
   */
  private final class Postings {
    private static final int FIRST_CHUNK = 32;
    private static final int MAX_CHUNK = 4096;
    final long scope;
    final byte kind;
    final int hash;
    final byte[] word;
    final long lowest;
    /** The ids read last, newest first: every posting in [low, high] is among them. */
    long[] ids = new long[0];
    long low = Long.MAX_VALUE;
    long high = Long.MIN_VALUE;
    int chunk = FIRST_CHUNK;

    Postings(long scope, byte kind, String word, long lowest) {
      this.scope = scope;
      this.kind = kind;
      this.hash = Words.hash(word);
      this.word = PostingKey.words(word);
      this.lowest = lowest;
    }

    /** @return the newest id at most {@code x} and at least the query's lowest, or -1 */
    long atMost(long x) {
      if (x < lowest) {
        return -1;
      }
      if (x >= low && x <= high) {
        int i = firstAtMost(x);
        if (i < ids.length) {
          return ids[i];
        }
        if (low <= lowest) {
          return -1;
        }
        x = low - 1;
      }
      // A seek at most one read's span below the last read: this list is walked through about as
      // densely as the others, so each read is longer than the last. A seek further down (another
      // list is much sparser): a short read, most of a long one would be skipped.
      boolean near = high >= low && x >= low - Math.max(1, high - low);
      chunk = near ? Math.min(MAX_CHUNK, chunk * 2) : FIRST_CHUNK;
      List<KeyValue> read = store.scan(Spaces.POSTINGS, PostingKey.range(scope, kind, hash, lowest, x), true, chunk);
      long[] found = new long[read.size()];
      int n = 0;
      for (KeyValue kv : read) {
        if (PostingKey.holds(kv.value(), word)) {
          found[n++] = PostingKey.id(kv.key());
        }
      }
      ids = java.util.Arrays.copyOf(found, n);
      high = x;
      low = read.size() < chunk ? lowest : PostingKey.id(read.get(read.size() - 1).key());
      if (n > 0) {
        return ids[0];
      }
      return low <= lowest ? -1 : atMost(low - 1);
    }

    /** The first index whose id is at most {@code x} (ids descending). */
    private int firstAtMost(long x) {
      int lo = 0;
      int hi = ids.length;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (ids[mid] > x) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    }
  }
}
