package io.letterbox.engine.read;

import io.letterbox.keys.GroupKey;
import io.letterbox.keys.GroupTimelineKey;
import io.letterbox.keys.MembershipKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.GroupRow;
import io.letterbox.rows.GroupTimelineRow;
import io.letterbox.rows.IdempotencyRow;
import io.letterbox.rows.MemberRow;
import io.letterbox.rows.MembershipRow;
import io.letterbox.store.KeyRange;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The stored state of groups (decision 0011), read through the store or a writer's pending batch. */
public final class GroupState {
  private final StoreReads store;

  GroupState(StoreReads store) {
    this.store = store;
  }

  /** @return the group's header, or null if there is no such group */
  public GroupRow header(long gid) {
    return GroupRow.decode(store.get(Spaces.GROUPS, GroupKey.header(gid)));
  }

  /** @return the headers of {@code gids}, in order; null where none */
  public List<GroupRow> headers(List<Long> gids) {
    List<byte[]> keys = new ArrayList<>(gids.size());
    for (long gid : gids) {
      keys.add(GroupKey.header(gid));
    }
    List<GroupRow> out = new ArrayList<>(gids.size());
    for (byte[] v : store.multiGet(Spaces.GROUPS, keys)) {
      out.add(GroupRow.decode(v));
    }
    return out;
  }

  /** @return the sequence numbers of the group's posts that vanished for every member (decision 0045); empty for none */
  public org.roaringbitmap.RoaringBitmap vanished(long gid) {
    return io.letterbox.bitmap.Blocks.deserialize(store.get(Spaces.GROUPS, GroupKey.vanished(gid)));
  }

  /** @return the vanished posts' sequence numbers of {@code gids}, in order: one multi-get */
  public List<org.roaringbitmap.RoaringBitmap> vanished(List<Long> gids) {
    List<byte[]> keys = new ArrayList<>(gids.size());
    for (long gid : gids) {
      keys.add(GroupKey.vanished(gid));
    }
    List<org.roaringbitmap.RoaringBitmap> out = new ArrayList<>(gids.size());
    for (byte[] v : store.multiGet(Spaces.GROUPS, keys)) {
      out.add(io.letterbox.bitmap.Blocks.deserialize(v));
    }
    return out;
  }

  /** @return {@code uid} as a member of the group, or null if it is none */
  public MemberRow member(long gid, long uid) {
    return MemberRow.decode(store.get(Spaces.GROUPS, GroupKey.member(gid, uid)));
  }

  /** @return up to {@code limit} members of the group with uids above {@code after}, in uid order */
  public Map<Long, MemberRow> members(long gid, long after, int limit) {
    Map<Long, MemberRow> out = new LinkedHashMap<>();
    store.scan(Spaces.GROUPS, GroupKey.membersAfter(gid, after), false, (k, v) -> {
      out.put(GroupKey.memberUid(k), MemberRow.decode(v));
      return out.size() < limit;
    });
    return out;
  }

  /** @return those of {@code uids} that are members of the group now: one multi-get */
  public java.util.Set<Long> membersAmong(long gid, List<Long> uids) {
    List<byte[]> keys = new ArrayList<>(uids.size());
    for (long uid : uids) {
      keys.add(GroupKey.member(gid, uid));
    }
    java.util.Set<Long> out = new java.util.HashSet<>();
    List<byte[]> rows = store.multiGet(Spaces.GROUPS, keys);
    for (int i = 0; i < rows.size(); i++) {
      if (rows.get(i) != null) {
        out.add(uids.get(i));
      }
    }
    return out;
  }

  /** @return what {@code sender}'s post with idempotency key {@code key} to the group stored, or null */
  public IdempotencyRow postKey(long gid, long sender, String key) {
    return IdempotencyRow.decode(store.get(Spaces.GROUPS, GroupKey.postKey(gid, sender, key)));
  }

  /** @return {@code uid}'s membership of the group (current or ended), or null if it never was a member */
  public MembershipRow membership(long uid, long gid) {
    return MembershipRow.decode(store.get(Spaces.MEMBERSHIPS, MembershipKey.of(uid, gid)));
  }

  /** @return every membership of {@code uid}, current or ended, by group */
  public Map<Long, MembershipRow> memberships(long uid) {
    Map<Long, MembershipRow> out = new LinkedHashMap<>();
    store.scan(Spaces.MEMBERSHIPS, MembershipKey.uid(uid), false, (k, v) -> {
      out.put(MembershipKey.gid(k), MembershipRow.decode(v));
      return true;
    });
    return out;
  }

  /** @return the ids of the group's messages in {@code [fromId, toId)} that {@code uid} deleted from its view */
  public java.util.Set<Long> hiddenIds(long uid, long gid, long fromId, long toId) {
    java.util.Set<Long> out = new java.util.HashSet<>();
    if (fromId < toId) {
      store.scan(Spaces.GROUP_HIDDEN, MembershipKey.hiddenRange(uid, gid, fromId, toId), false, (k, v) -> {
        out.add(MembershipKey.hiddenId(k));
        return true;
      });
    }
    return out;
  }

  /**
   * The ids of the group's messages in {@code (fromId, toId]} that {@code membership} lets its
   * member see, newest first, at most {@code limit}: its deletes left out (looked for only below
   * its newest delete).
   */
  public List<Long> visible(long uid, long gid, MembershipRow membership, long fromId, long toId, int limit) {
    List<Long> out = new ArrayList<>();
    long lower = Math.max(fromId, membership.fromId());
    long upper = Math.min(toId, membership.toId());
    while (out.size() < limit && upper > lower) {
      int want = limit - out.size();
      List<Long> ids = timeline(gid, lower + 1, upper == Long.MAX_VALUE ? upper : upper + 1, want);
      if (ids.isEmpty()) {
        break;
      }
      long lowest = ids.get(ids.size() - 1);
      java.util.Set<Long> hidden = membership.newestHidden() >= lowest
          ? hiddenIds(uid, gid, lowest, upper == Long.MAX_VALUE ? upper : upper + 1) : java.util.Set.of();
      for (long id : ids) {
        if (!hidden.contains(id)) {
          out.add(id);
        }
      }
      if (ids.size() < want) {
        break;
      }
      upper = lowest - 1;
    }
    return out;
  }

  /** @return up to {@code limit} ids of the group's messages in {@code [fromId, toId)}, newest first */
  public List<Long> timeline(long gid, long fromId, long toId, int limit) {
    List<Long> ids = new ArrayList<>();
    if (fromId >= toId) {
      return ids;
    }
    store.scan(Spaces.GROUP_TIMELINE, GroupTimelineKey.range(gid, fromId, toId), true, (k, v) -> {
      ids.add(GroupTimelineKey.id(k));
      return ids.size() < limit;
    });
    return ids;
  }

  /** @return message {@code id}'s row in the group's timeline, or null if it is not (or no longer) there */
  public GroupTimelineRow post(long gid, long id) {
    return GroupTimelineRow.decode(store.get(Spaces.GROUP_TIMELINE, GroupTimelineKey.of(gid, id)));
  }

  /** @return those of {@code ids} (messages of the group) no longer in its timeline: they vanished. One multi-get. */
  public java.util.Set<Long> gone(long gid, long[] ids) {
    List<byte[]> keys = new ArrayList<>(ids.length);
    for (long id : ids) {
      keys.add(GroupTimelineKey.of(gid, id));
    }
    java.util.Set<Long> out = new java.util.HashSet<>();
    List<byte[]> rows = store.multiGet(Spaces.GROUP_TIMELINE, keys);
    for (int i = 0; i < ids.length; i++) {
      if (rows.get(i) == null) {
        out.add(ids[i]);
      }
    }
    return out;
  }

  /** The group's newest message at or below an id: its id and row. */
  public record Placed(long id, GroupTimelineRow row) {}

  /** @return the group's newest message with an id at most {@code id}, or null if none */
  public Placed atOrBelow(long gid, long id) {
    KeyRange range = GroupTimelineKey.range(gid, 0, id == Long.MAX_VALUE ? id : id + 1);
    Placed[] found = {null};
    store.scan(Spaces.GROUP_TIMELINE, range, true, (k, v) -> {
      found[0] = new Placed(GroupTimelineKey.id(k), GroupTimelineRow.decode(v));
      return false;
    });
    return found[0];
  }
}
