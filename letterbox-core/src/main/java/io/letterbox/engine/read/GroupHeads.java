package io.letterbox.engine.read;

import com.github.benmanes.caffeine.cache.Cache;
import io.letterbox.rows.GroupRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.buffer.ImmutableRoaringBitmap;
import org.roaringbitmap.buffer.MutableRoaringBitmap;

/**
 * Groups' newest message, as lists, unread counts and sync read it for every group of a member
 * (decision 0011): read from the groups' headers, and cached, bounded in bytes, when this engine
 * writes every post of the store (one node hosting every partition), so that it sees every change.
 * A head only moves forward: a value read before a post and put after it cannot undo it. A post
 * vanishing (rare: retention, disappearing timers) drops its group's head, and a head read while
 * one vanished is not kept, so that a value read before it cannot be put after it.
 */
public final class GroupHeads {
  /**
   * A group's newest message: its sequence number and id (0, 0: none yet; the id of the newest
   * still posted, 0 for none, once the newest vanished), and the sequence numbers of its posts
   * that vanished (decision 0045), which only grow, as {@code lastSeq} does.
   */
  public record Head(long lastSeq, long lastId, ImmutableRoaringBitmap vanished) {
    /** Whether it is later than {@code other}: a newer post, or as many and more vanished. */
    boolean after(Head other) {
      return lastSeq != other.lastSeq ? lastSeq > other.lastSeq
          : vanished.getLongCardinality() > other.vanished.getLongCardinality();
    }
  }

  private static final int WEIGHT = 80;
  private static final ImmutableRoaringBitmap NONE = new MutableRoaringBitmap();
  /** A head a post put, whose vanished posts are still to be read. */
  private static final ImmutableRoaringBitmap UNREAD = new MutableRoaringBitmap();
  private final GroupState groups;
  /** Null: nothing cached (another node may post to the groups). */
  private final Cache<Long, Head> cache;
  /** How many posts vanished since start: a head read while it moved is not kept. */
  private final AtomicLong vanishings = new AtomicLong();

  GroupHeads(GroupState groups, long cachedBytes) {
    this.groups = groups;
    this.cache = cachedBytes <= 0 ? null : ReadCaches.newBuilder()
        .maximumWeight(cachedBytes)
        .weigher((Long gid, Head h) -> WEIGHT + h.vanished().serializedSizeInBytes())
        .build();
  }

  /** @return the heads of {@code gids}, in order; null for a group not created yet */
  public List<Head> of(List<Long> gids) {
    Map<Long, Head> cached = cache == null ? Map.of() : new java.util.HashMap<>(cache.getAllPresent(gids));
    cached.values().removeIf(h -> h.vanished() == UNREAD);
    List<Long> missing = new ArrayList<>();
    for (long gid : gids) {
      if (!cached.containsKey(gid)) {
        missing.add(gid);
      }
    }
    Map<Long, Head> read = new java.util.HashMap<>();
    if (!missing.isEmpty()) {
      long seen = vanishings.get();
      List<GroupRow> rows = groups.headers(missing);
      List<RoaringBitmap> vanished = groups.vanished(missing);
      for (int i = 0; i < missing.size(); i++) {
        GroupRow r = rows.get(i);
        if (r != null) {
          RoaringBitmap v = vanished.get(i);
          Head h = new Head(r.lastSeq(), r.lastId(), v.isEmpty() ? NONE : v.toMutableRoaringBitmap());
          read.put(missing.get(i), cache == null ? h : moved(missing.get(i), h));
        }
      }
      if (cache != null && vanishings.get() != seen) {
        cache.invalidateAll(missing);
      }
    }
    List<Head> out = new ArrayList<>(gids.size());
    for (long gid : gids) {
      Head h = cached.get(gid);
      out.add(h != null ? h : read.get(gid));
    }
    return out;
  }

  /** Message {@code id}, the {@code seq}-th of group {@code gid}, is visible. */
  public void posted(long gid, long seq, long id) {
    if (cache != null) {
      cache.asMap().merge(gid, new Head(seq, id, UNREAD),
          (old, now) -> seq > old.lastSeq() ? new Head(seq, id, old.vanished()) : old);
    }
  }

  /** A post of group {@code gid} vanished: its head is read again. */
  public void vanished(long gid) {
    if (cache != null) {
      vanishings.incrementAndGet();
      cache.invalidate(gid);
    }
  }

  /** Keeps the later of the cached head and {@code h}; @return the head kept */
  private Head moved(long gid, Head h) {
    Head kept = cache.asMap().merge(gid, h,
        (old, now) -> now.after(old) || (old.vanished() == UNREAD && now.lastSeq() >= old.lastSeq()) ? now : old);
    return kept.vanished() == UNREAD ? new Head(kept.lastSeq(), kept.lastId(), h.vanished()) : kept;
  }

  /** The cached bytes, as the cache weighs them. */
  public long cachedBytes() {
    return cache == null ? 0 : CacheWeights.of(cache);
  }
}
