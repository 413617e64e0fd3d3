package io.letterbox.engine.read;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.id.Ids;
import io.letterbox.model.Conversation;
import io.letterbox.model.Group;
import io.letterbox.model.GroupMember;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.rows.GroupRow;
import io.letterbox.rows.MemberRow;
import io.letterbox.rows.MembershipRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.roaringbitmap.buffer.ImmutableRoaringBitmap;

/**
 * Reads of groups (decision 0011): a group and its members, what a member may see of its
 * timeline, and a member's groups as conversation items with exact unread counts, derived from
 * the group's sequence numbers and the member's positions: nothing is stored per member when
 * someone posts.
 */
public final class GroupReader {
  static final char HISTORY = 'g';
  static final char MEMBERS = 'm';

  private final StateReader state;
  private final Cursors cursors;
  private final List<String> devices;
  private final GroupHeads heads;

  /** @param cachedHeadBytes the bound of the cache of groups' heads; 0: none (another node may post) */
  public GroupReader(StateReader state, Cursors cursors, long cachedHeadBytes) {
    this.state = state;
    this.cursors = cursors;
    this.devices = state.config().devices();
    this.heads = new GroupHeads(state.groups(), cachedHeadBytes);
  }

  /** Groups' newest messages. */
  public GroupHeads heads() {
    return heads;
  }

  /** @return whether {@code sender}'s idempotency key already stands for a stored post to group {@code gid} */
  public boolean postKeyUsed(long gid, long sender, String key) {
    return state.groups().postKey(gid, sender, key) != null;
  }

  /** @throws LetterboxException NOT_FOUND if there is no such group */
  public Group group(long gid) {
    GroupRow h = header(gid);
    return new Group(gid, h.name(), h.owner(), h.members(), h.newMembersSeeAll());
  }

  /** @throws LetterboxException NOT_FOUND if there is no such group, or it is gone */
  private GroupRow header(long gid) {
    GroupRow h = state.groups().header(gid);
    if (h == null || h.gone()) {
      throw LetterboxException.notFound("no group %d", gid);
    }
    return h;
  }

  /** The group's members in uid order. */
  public Page<GroupMember> members(long gid, String cursor, int limit) {
    header(gid);
    long after = cursor == null ? 0 : cursors.decode(cursor, MEMBERS, gid, 0, 1)[0];
    Map<Long, MemberRow> rows = state.groups().members(gid, after, limit + 1);
    List<GroupMember> out = new ArrayList<>(Math.min(limit, rows.size()));
    for (Map.Entry<Long, MemberRow> e : rows.entrySet()) {
      if (out.size() == limit) {
        break;
      }
      out.add(new GroupMember(e.getKey(), e.getValue().role(), Instant.ofEpochMilli(e.getValue().joinedAt())));
    }
    String next = rows.size() > limit ? cursors.encode(MEMBERS, gid, 0, out.get(out.size() - 1).uid()) : null;
    return new Page<>(List.copyOf(out), next);
  }

  /** @throws LetterboxException NOT_FOUND for no such group, NOT_MEMBER if {@code uid} never was a member */
  public void requireMember(long uid, long gid) {
    membership(uid, gid);
  }

  /**
   * {@code uid}'s membership of the group, current or ended.
   *
   * @throws LetterboxException NOT_FOUND for no such group, NOT_MEMBER if it never was a member
   */
  private MembershipRow membership(long uid, long gid) {
    MembershipRow row = state.groups().membership(uid, gid);
    if (row == null) {
      header(gid);
      throw new LetterboxException(ErrorCode.NOT_MEMBER, String.format("user %d is not a member of group %d", uid, gid));
    }
    return row;
  }

  /** What {@code uid} may see of the group, newest first: within its membership, less its deletes. */
  public Page<Message> history(long uid, long gid, String cursor, int limit) {
    MembershipRow row = membership(uid, gid);
    long below = cursor == null ? Long.MAX_VALUE : cursors.decode(cursor, HISTORY, uid, gid, 1)[0] - 1;
    List<Long> ids = state.groups().visible(uid, gid, row, 0, below, limit + 1);
    boolean more = ids.size() > limit;
    List<Long> shown = more ? ids.subList(0, limit) : ids;
    List<Message> messages = state.messages(shown);
    messages.removeIf(java.util.Objects::isNull);
    String next = more ? cursors.encode(HISTORY, uid, gid, shown.get(shown.size() - 1)) : null;
    return new Page<>(List.copyOf(messages), next);
  }

  /** Whether {@code uid} may see group message {@code m}. */
  public boolean visible(long uid, Message m) {
    MembershipRow row = state.groups().membership(uid, m.to());
    return row != null && state.groups().visible(uid, m.to(), row, m.id() - 1, m.id(), 1).contains(m.id());
  }

  /**
   * A member's group as its conversation list places it: the group's newest message (sequence
   * number {@code lastSeq}, id {@code lastId}) and the newest the member may see.
   */
  public record Place(long gid, MembershipRow membership, long lastSeq, long lastId, long lastVisible,
      ImmutableRoaringBitmap vanished) {
    /** Its place in the list: its newest visible message, or when it joined if it sees none yet. */
    public long lastId() {
      return lastVisible != 0 ? lastVisible : membership.joinId();
    }

    /** Its unread count on {@code device}: the sequence numbers after its position it may see, less those vanished. */
    public long unread(String device) {
      return membership.unread(device, lastSeq, vanished);
    }

    /** Whether its newest mention is unread on {@code device}, and still posted. */
    public boolean mentioned(String device) {
      long seq = membership.mentionSeq();
      return seq > membership.position(device).seq() && !vanished.contains((int) seq);
    }
  }

  /** {@code uid}'s groups, current and ended, with their newest message it may see. */
  public List<Place> places(long uid) {
    Map<Long, MembershipRow> rows = state.groups().memberships(uid);
    if (rows.isEmpty()) {
      return List.of();
    }
    List<Long> gids = new ArrayList<>(rows.keySet());
    List<GroupHeads.Head> headers = heads.of(gids);
    List<Place> out = new ArrayList<>(gids.size());
    for (int i = 0; i < gids.size(); i++) {
      GroupHeads.Head h = headers.get(i);
      if (h == null) {
        continue; // its creation is still being delivered to the group's partition
      }
      MembershipRow m = rows.get(gids.get(i));
      boolean vanishing = !h.vanished().isEmpty();
      if (vanishing && m.unreadHidden().length > 0) {
        m = m.withoutHidden(state.groups().gone(gids.get(i), m.unreadHidden()));
      }
      long last = m.member() ? h.lastId() : m.toId();
      if (last > m.fromId() && (m.newestHidden() >= last || (vanishing && !m.member()))) {
        // Its newest messages may be ones it deleted, or (it left) that vanished since: the newest it kept.
        List<Long> kept = state.groups().visible(uid, gids.get(i), m, 0, last, 1);
        last = kept.isEmpty() ? 0 : kept.get(0);
      }
      out.add(new Place(gids.get(i), m, h.lastSeq(), h.lastId(), last > m.fromId() ? last : 0, h.vanished()));
    }
    return out;
  }

  /** The conversation items of {@code places}, in order. */
  public List<Conversation> items(List<Place> places) {
    List<Long> ids = new ArrayList<>();
    for (Place p : places) {
      if (p.lastVisible() != 0) {
        ids.add(p.lastVisible());
      }
    }
    Map<Long, Message> newest = new LinkedHashMap<>();
    List<Message> found = state.messages(ids);
    for (int i = 0; i < ids.size(); i++) {
      newest.put(ids.get(i), found.get(i));
    }
    List<Conversation> out = new ArrayList<>(places.size());
    for (Place p : places) {
      Map<String, Long> unread = new LinkedHashMap<>();
      boolean mentioned = false;
      for (String device : devices) {
        unread.put(device, p.unread(device));
        mentioned |= p.mentioned(device);
      }
      Message last = p.lastVisible() == 0 ? null : newest.get(p.lastVisible());
      Instant updated = last != null ? last.createdAt() : Ids.createdAt(p.membership().joinId());
      MembershipRow m = p.membership();
      out.add(new Conversation(0, p.gid(), last, unread, m.pinned(), m.muted(), m.archived(p.lastId()), 0, mentioned,
          updated));
    }
    return out;
  }

  /** One group's unread count on a device; a muted group counts in its own count, not in the total. */
  public record Count(long gid, long count, boolean muted) {}

  /** Unread counts of {@code uid}'s groups on {@code device}; groups with none left out. */
  public List<Count> unread(long uid, String device) {
    List<Count> out = new ArrayList<>();
    for (Place p : places(uid)) {
      long n = p.unread(device);
      if (n > 0) {
        out.add(new Count(p.gid(), n, p.membership().muted()));
      }
    }
    return out;
  }

  /**
   * {@code uid}'s item of group {@code gid}, as its list shows it.
   *
   * @throws LetterboxException NOT_FOUND for no such group, NOT_MEMBER if it never was a member
   */
  public Conversation item(long uid, long gid) {
    membership(uid, gid);
    for (Place p : places(uid)) {
      if (p.gid() == gid) {
        return items(List.of(p)).get(0);
      }
    }
    throw LetterboxException.notFound("no group %d", gid);
  }
}
