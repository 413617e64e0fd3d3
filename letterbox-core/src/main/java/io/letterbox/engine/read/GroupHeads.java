package io.letterbox.engine.read;

import com.github.benmanes.caffeine.cache.Cache;
import io.letterbox.rows.GroupRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Groups' newest message, as lists, unread counts and sync read it for every group of a member
 * (decision 0011): read from the groups' headers, and cached, bounded in bytes, when this engine
 * writes every post of the store (one node hosting every partition), so that it sees every change.
 * A head only moves forward: a value read before a post and put after it cannot undo it.
 */
public final class GroupHeads {
  /** A group's newest message: its sequence number and id (0, 0: none yet). */
  public record Head(long lastSeq, long lastId) {}

  private static final int WEIGHT = 80;
  private final GroupState groups;
  /** Null: nothing cached (another node may post to the groups). */
  private final Cache<Long, Head> cache;

  GroupHeads(GroupState groups, long cachedBytes) {
    this.groups = groups;
    this.cache = cachedBytes <= 0 ? null : ReadCaches.newBuilder()
        .maximumWeight(cachedBytes)
        .weigher((Long gid, Head h) -> WEIGHT)
        .build();
  }

  /** @return the heads of {@code gids}, in order; null for a group not created yet */
  public List<Head> of(List<Long> gids) {
    Map<Long, Head> cached = cache == null ? Map.of() : cache.getAllPresent(gids);
    List<Long> missing = new ArrayList<>();
    for (long gid : gids) {
      if (!cached.containsKey(gid)) {
        missing.add(gid);
      }
    }
    Map<Long, Head> read = new java.util.HashMap<>();
    if (!missing.isEmpty()) {
      List<GroupRow> rows = groups.headers(missing);
      for (int i = 0; i < missing.size(); i++) {
        GroupRow r = rows.get(i);
        if (r != null) {
          Head h = new Head(r.lastSeq(), r.lastId());
          read.put(missing.get(i), cache == null ? h : moved(missing.get(i), h));
        }
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
      moved(gid, new Head(seq, id));
    }
  }

  /** Keeps the newer of the cached head and {@code h}; @return the head kept */
  private Head moved(long gid, Head h) {
    return cache.asMap().merge(gid, h, (old, now) -> now.lastSeq() > old.lastSeq() ? now : old);
  }

  /** The cached bytes, as the cache weighs them. */
  public long cachedBytes() {
    return cache == null ? 0 : CacheWeights.of(cache);
  }
}
