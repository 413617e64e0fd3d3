package io.letterbox.engine.read;

import com.github.benmanes.caffeine.cache.Cache;
import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.AudienceKey;
import io.letterbox.keys.BroadcastKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RelationBlockKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.store.Bytes;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.roaringbitmap.RoaringBitmap;

/**
 * Reads broadcasts as their receivers see them. A receiver's broadcasts from one sender are the
 * audience rows of (sender, the receiver's block) that contain it. The newest rows of a block are
 * cached once and serve every receiver in that block: after a news account's broadcast, its
 * millions of readers share one copy per block instead of one read each.
 */
public final class BroadcastIndex {
  /** Audience rows kept per (sender, block). */
  static final int HEAD = 32;

  /** One audience row: a broadcast and its receivers in one block. */
  record Row(long id, RoaringBitmap members) {}

  /** The newest rows of (sender, block), as of the sender's newest broadcast {@code asOf}. */
  private record Head(long asOf, List<Row> rows, boolean complete) {}

  private record SenderBlock(long sender, long block) {}

  /** Publications kept for {@link #since}: at 500 broadcasts a second, the last 16 seconds. */
  static final int RECENT = 8192;

  /**
   * Broadcasts published or fanned out since a position, oldest first.
   *
   * @param position where the record stands after them: pass it to {@link #since} next time
   */
  public record Recent(long position, long[] senders, long[] ids) {}

  /** An entry of the id caches: a boxed key and value and the cache's node. */
  private static final int ID_ENTRY_BYTES = 96;

  private final StoreReads store;
  private final Cache<Long, Long> latest;
  private final Cache<SenderBlock, Head> heads;
  private final Cache<Long, Boolean> published;
  private final boolean cached;
  /**
   * Whether {@link #latest} holds every sender that ever broadcast: it was loaded whole, by a
   * process that publishes every broadcast, and has evicted none since. Then a sender it does not
   * hold never broadcast, with no read to say so.
   */
  private volatile boolean holdsEverySender;
  private final long maxSenders;
  /**
   * The newest publications and fan-outs, (sender, id) by position: what a receiver's list that
   * was derived earlier takes in ({@link #since}), instead of reading every sender it follows again.
   */
  private final long[] recentSenders = new long[RECENT];
  private final long[] recentIds = new long[RECENT];
  /** Positions given out so far; guarded by {@link #recentSenders}. */
  private long position;

  /**
   * @param cached false for the writer's reads, which see pending writes: then nothing is kept
   *     that a pending write could change
   */
  BroadcastIndex(StoreReads store, long cachedBytes, long cachedIdBytes, boolean cached) {
    this.store = store;
    this.cached = cached;
    this.latest = ReadCaches.newBuilder().maximumWeight(cachedIdBytes / 2).weigher((Long k, Long v) -> ID_ENTRY_BYTES)
        .evictionListener((Long k, Long v, com.github.benmanes.caffeine.cache.RemovalCause cause) -> holdsEverySender = false)
        .build();
    this.maxSenders = cachedIdBytes / 2 / ID_ENTRY_BYTES;
    this.heads = ReadCaches.newBuilder()
        .maximumWeight(cachedBytes)
        .weigher((SenderBlock k, Head h) -> 64 + h.rows().stream()
            .mapToInt(r -> 32 + (int) r.members().getLongSizeInBytes()).sum())
        .build();
    this.published = ReadCaches.newBuilder().maximumWeight(cachedIdBytes / 2)
        .weigher((Long k, Boolean v) -> ID_ENTRY_BYTES).build();
  }

  /** Heap bytes of the audience heads, as their weigher counts them. */
  public long cachedHeadBytes() {
    return CacheWeights.of(heads);
  }

  /** Heap bytes of the senders' newest ids and the published marks, as their weigher counts them. */
  public long cachedIdBytes() {
    return CacheWeights.of(latest) + CacheWeights.of(published);
  }

  /**
   * Forgets what it knows of every sender: a node that was cut off from the cluster may have
   * missed announcements of new broadcasts.
   */
  public void forgetAll() {
    synchronized (recentSenders) {
      // Every position given out before now is past the record's reach: its holder derives again.
      position += RECENT + 1;
    }
    holdsEverySender = false;
    latest.invalidateAll();
    published.invalidateAll();
    heads.invalidateAll();
  }

  /**
   * Reads every sender's newest broadcast id into the cache, as far as its bound allows: one
   * scan, so that a receiver's senders need no read each after a restart. Newer ids published
   * meanwhile are kept.
   *
   * @param everyBroadcastIsPublishedHere whether every later broadcast of the store becomes
   *     visible through this process ({@link #published}), as in a process that hosts every
   *     partition and has replayed their journals: then, if the cache took every sender, a sender
   *     it does not hold never broadcast
   */
  public void loadNewest(boolean everyBroadcastIsPublishedHere) {
    if (!cached) {
      return;
    }
    long[] loaded = {0};
    boolean[] whole = {true};
    store.scan(Spaces.STATE, StateKey.newestBroadcasts(), false, (k, v) -> {
      if (loaded[0] >= maxSenders) {
        whole[0] = false;
        return false;
      }
      latest.asMap().merge(StateKey.recordId(k), Bytes.getLong(v, 0), Math::max);
      loaded[0]++;
      return true;
    });
    holdsEverySender = everyBroadcastIsPublishedHere && whole[0];
  }

  /** @return the sender's newest broadcast id; 0 if it never broadcast. */
  public long latest(long sender) {
    if (!cached) {
      return storedLatest(sender);
    }
    if (holdsEverySender) {
      Long id = latest.getIfPresent(sender);
      if (id != null || holdsEverySender) {
        return id == null ? 0L : id;
      }
    }
    return latest.get(sender, this::storedLatest);
  }

  /** @return each sender's newest broadcast id (0 if it never broadcast); the unknown ones in one read */
  public Map<Long, Long> latest(java.util.Collection<Long> senders) {
    if (!cached) {
      return storedLatest(new java.util.HashSet<>(senders));
    }
    if (holdsEverySender) {
      Map<Long, Long> out = new java.util.HashMap<>();
      for (long sender : senders) {
        Long id = latest.getIfPresent(sender);
        out.put(sender, id == null ? 0L : id);
      }
      if (holdsEverySender) {
        return out;
      }
    }
    return latest.getAll(senders, this::storedLatest);
  }

  private Map<Long, Long> storedLatest(java.util.Set<? extends Long> senders) {
    List<Long> order = new ArrayList<>(senders);
    List<byte[]> keys = new ArrayList<>(order.size());
    for (long sender : order) {
      keys.add(StateKey.newestBroadcast(sender));
    }
    List<byte[]> values = store.multiGet(Spaces.STATE, keys);
    Map<Long, Long> out = new java.util.HashMap<>();
    for (int i = 0; i < order.size(); i++) {
      out.put(order.get(i), values.get(i) == null ? 0L : Bytes.getLong(values.get(i), 0));
    }
    return out;
  }

  private long storedLatest(long sender) {
    byte[] v = store.get(Spaces.STATE, StateKey.newestBroadcast(sender));
    return v == null ? 0L : Bytes.getLong(v, 0);
  }

  /** A new broadcast of {@code sender} became visible. */
  public void published(long sender, long id) {
    latest.asMap().merge(sender, id, Math::max);
    record(sender, id);
  }

  /**
   * Broadcast {@code id} of {@code sender} was fanned out: the receivers it reached without a
   * relation have their reached records now ({@link #contacts} finds the sender).
   */
  public void fannedOut(long sender, long id) {
    record(sender, id);
  }

  private void record(long sender, long id) {
    synchronized (recentSenders) {
      int at = (int) (position % RECENT);
      recentSenders[at] = sender;
      recentIds[at] = id;
      position++;
    }
  }

  /** Where the record of recent publications stands now. */
  public long position() {
    synchronized (recentSenders) {
      return position;
    }
  }

  /**
   * The broadcasts published or fanned out here since {@code from} (a {@link #position}), oldest
   * first; empty if none. A broadcast may come twice (published, then fanned out).
   *
   * @return null if the record no longer holds them all (too many since, or this index forgot)
   */
  public Recent since(long from) {
    synchronized (recentSenders) {
      long n = position - from;
      if (n < 0 || n > RECENT) {
        return null;
      }
      long[] senders = new long[(int) n];
      long[] ids = new long[(int) n];
      for (int i = 0; i < n; i++) {
        int at = (int) ((from + i) % RECENT);
        senders[i] = recentSenders[at];
        ids[i] = recentIds[at];
      }
      return new Recent(position, senders, ids);
    }
  }

  /**
   * The sender's broadcasts that reached {@code receiver}, newest first, with ids in
   * {@code (above, below)}, at most {@code limit}, skipping those {@code skip} rejects.
   */
  public List<Long> reaching(long sender, long receiver, long above, long below, int limit, java.util.function.LongPredicate skip) {
    List<Long> out = new ArrayList<>(Math.min(limit, 32));
    if (latest(sender) <= above) {
      return out;
    }
    long block = Blocks.block(receiver);
    int low = Blocks.low(receiver);
    long upper = below;
    if (below == Long.MAX_VALUE) {
      Head head = head(sender, block);
      for (Row row : head.rows()) {
        if (row.id() <= above || out.size() >= limit) {
          return out;
        }
        if (row.members().contains(low) && !skip.test(row.id()) && isPublished(sender, row.id())) {
          out.add(row.id());
        }
        upper = row.id();
      }
      if (head.complete()) {
        return out;
      }
    }
    long from = above + 1;
    long to = upper;
    if (from >= to) {
      return out;
    }
    store.scan(Spaces.AUDIENCE, AudienceKey.range(sender, block, from, to), true, (k, v) -> {
      long id = AudienceKey.id(k);
      if (Blocks.contains(v, receiver) && !skip.test(id) && isPublished(sender, id)) {
        out.add(id);
      }
      return out.size() < limit;
    });
    return out;
  }

  /**
   * Whether {@code receiver} is in broadcast {@code id}'s frozen audience (and it is published):
   * from the cached newest rows of the receiver's block where they hold it, else one point read
   * (which, unlike a scan of the block's rows, a store's filters answer without reading most files).
   */
  public boolean reached(long sender, long id, long receiver) {
    long block = Blocks.block(receiver);
    Head head = cached ? heads.getIfPresent(new SenderBlock(sender, block)) : null;
    if (head != null && head.asOf() >= id) {
      List<Row> rows = head.rows();
      if (head.complete() || (!rows.isEmpty() && rows.get(rows.size() - 1).id() <= id)) {
        for (Row row : rows) {
          if (row.id() == id) {
            return row.members().contains(Blocks.low(receiver)) && isPublished(sender, id);
          }
        }
        return false;
      }
    }
    byte[] row = store.get(Spaces.AUDIENCE, AudienceKey.of(sender, block, id));
    return row != null && Blocks.contains(row, receiver) && isPublished(sender, id);
  }

  /**
   * The senders that may have broadcast to {@code receiver}: those it follows or subscribes to,
   * and those that reached it without a relation.
   */
  public Set<Long> contacts(long receiver) {
    Set<Long> out = new LinkedHashSet<>();
    // Every row of each space: a sender already found in an earlier space (followed, and reached
    // by a uid list too) must not end the scan, as returning Set.add's false would.
    for (io.letterbox.store.Space space : List.of(Spaces.FOLLOWING, Spaces.SUBSCRIPTIONS, Spaces.REACHED)) {
      store.scan(space, PairKey.owner(receiver), false, (k, v) -> {
        out.add(PairKey.peer(k));
        return true;
      });
    }
    return out;
  }

  /**
   * Loads the cached heads of a big sender's blocks: those of its followers and subscribers,
   * where its broadcasts go. The cache's weight bound decides how many stay.
   */
  public void prewarm(long sender) {
    if (latest(sender) == 0) {
      return;
    }
    for (io.letterbox.store.KeyRange range : List.of(RelationBlockKey.allFollowers(sender),
        RelationBlockKey.allSubscribers(sender))) {
      store.scan(Spaces.RELATION_BLOCKS, range, false, (k, v) -> {
        head(sender, RelationBlockKey.block(k));
        return true;
      });
    }
  }

  /** Whether any broadcast of {@code sender} ever reached {@code receiver}, published or not. */
  public boolean everReached(long sender, long receiver) {
    boolean[] reached = {false};
    store.scan(Spaces.AUDIENCE, AudienceKey.range(sender, Blocks.block(receiver), 0, Long.MAX_VALUE), true, (k, v) -> {
      reached[0] = Blocks.contains(v, receiver);
      return !reached[0];
    });
    return reached[0];
  }

  /** A broadcast is visible once its record, written after its whole audience, exists. */
  private boolean isPublished(long sender, long id) {
    Boolean known = cached ? published.getIfPresent(id) : null;
    if (known != null) {
      return known;
    }
    boolean exists = store.get(Spaces.BROADCASTS, BroadcastKey.of(sender, id)) != null;
    if (exists && cached) {
      published.put(id, true);
    }
    return exists;
  }

  private Head head(long sender, long block) {
    long asOf = latest(sender);
    Head known = cached ? heads.getIfPresent(new SenderBlock(sender, block)) : null;
    if (known != null && known.asOf() >= asOf) {
      return known;
    }
    List<Row> rows = new ArrayList<>(HEAD);
    store.scan(Spaces.AUDIENCE, AudienceKey.range(sender, block, 0, asOf + 1), true, (k, v) -> {
      rows.add(new Row(AudienceKey.id(k), Blocks.deserialize(v)));
      return rows.size() < HEAD;
    });
    Head head = new Head(asOf, List.copyOf(rows), rows.size() < HEAD);
    if (cached) {
      heads.put(new SenderBlock(sender, block), head);
    }
    return head;
  }
}
