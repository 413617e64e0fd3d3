package io.letterbox.engine.read;

import io.letterbox.keys.BroadcastKey;
import io.letterbox.keys.GroupTimelineKey;
import io.letterbox.keys.MembershipKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.keys.TimelineKey;
import io.letterbox.model.UserSettings;
import io.letterbox.rows.ConversationRow;
import io.letterbox.rows.ErasureRow;
import io.letterbox.rows.MembershipRow;
import io.letterbox.rows.UserSettingsRow;
import io.letterbox.rows.GroupTimelineRow;
import io.letterbox.rows.TimelineFlags;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.Space;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.List;

/**
 * Legal holds and erasures of users (decision 0044), and the reads an erasure works through: what
 * a user sent, found by the indexes that list it exactly (its own conversation timelines, which
 * keep the rows of messages it deleted from its own view; the timelines of the groups it has a
 * membership row of, member or former; its broadcast records), in bounded steps.
 */
public final class LifecycleState {
  /** Rows of one step of {@link #sent}: one scan of at most this many index rows. */
  public static final int STEP_ROWS = 512;

  private final StoreReads store;

  LifecycleState(StoreReads store) {
    this.store = store;
  }

  /** Whether user {@code uid} is on legal hold: it is not erased, and retention removes nothing of its conversations. */
  public boolean onHold(long uid) {
    return store.get(Spaces.STATE, StateKey.hold(uid)) != null;
  }

  /** @return the user's newest erasure, running or done, or null if it was never erased */
  public ErasureRow erasure(long uid) {
    return ErasureRow.decode(store.get(Spaces.STATE, StateKey.erasure(uid)));
  }

  /** @return every user's newest erasure, running or done, in uid order */
  public List<ErasureRow> erasures() {
    List<ErasureRow> out = new ArrayList<>();
    store.scan(Spaces.STATE, StateKey.erasures(), false, (k, v) -> out.add(ErasureRow.decode(v)));
    return out;
  }

  /** @return the users {@code uid} follows ({@code following}) or subscribes to ({@code subscriptions}) */
  public List<Long> targets(Space space, long uid) {
    List<Long> out = new ArrayList<>();
    store.scan(space, io.letterbox.keys.PairKey.owner(uid), false, (k, v) -> out.add(io.letterbox.keys.PairKey.peer(k)));
    return out;
  }

  /**
   * Whether Letterbox holds data of user {@code uid} from after log id {@code since} (0: any):
   * users are implicit, so a user is known while it has a conversation with a message after it, a
   * group it is a member of, a broadcast after it, a follow, a subscription, a block or settings
   * other than the defaults. An erasure leaves none of these, so a user erased and not heard of
   * since is not known.
   */
  public boolean known(long uid, long since) {
    KeyRange owner = KeyRange.prefix(Bytes.ofLong(uid));
    boolean[] found = {false};
    store.scan(Spaces.CONVERSATIONS, owner, false, (k, v) -> !(found[0] = ConversationRow.decode(v).lastId() > since));
    store.scan(Spaces.MEMBERSHIPS, owner, false, (k, v) -> !(found[0] |= MembershipRow.decode(v).member()));
    if (found[0]) {
      return true;
    }
    List<io.letterbox.store.KeyValue> newest = store.scan(Spaces.BROADCASTS, owner, true, 1);
    if (!newest.isEmpty() && BroadcastKey.id(newest.get(0).key()) > since) {
      return true;
    }
    if (!store.scan(Spaces.SCHEDULED, io.letterbox.keys.ScheduleKey.listed(uid, 0), false, 1).isEmpty()) {
      return true;
    }
    for (Space s : List.of(Spaces.FOLLOWING, Spaces.SUBSCRIPTIONS, Spaces.BLOCKED)) {
      if (!store.scan(s, owner, false, 1).isEmpty()) {
        return true;
      }
    }
    return !UserSettingsRow.decode(store.get(Spaces.STATE, StateKey.settings(uid))).equals(UserSettings.DEFAULT);
  }

  /** One step of what a user sent: the ids found, and where the next step starts (null: the end). */
  public record Sent(List<Long> ids, byte[] next) {}

  /**
   * The one-to-one messages {@code uid} sent, from its own conversation timelines (whose rows
   * never change: a message it deleted from its view is still there) from key {@code from} on,
   * one step of at most {@link #STEP_ROWS} rows.
   *
   * @param from null to start
   */
  public Sent sentInConversations(long uid, byte[] from) {
    KeyRange all = KeyRange.prefix(Bytes.ofLong(uid));
    return step(Spaces.CONVERSATION, from == null ? all : new KeyRange(from, all.to()),
        (k, v) -> TimelineFlags.outgoing(v) ? TimelineKey.id(k) : 0);
  }

  /** The groups {@code uid} has a membership row of, member now or formerly. */
  public List<Long> groupsOf(long uid) {
    List<Long> out = new ArrayList<>();
    store.scan(Spaces.MEMBERSHIPS, MembershipKey.uid(uid), false, (k, v) -> {
      out.add(MembershipKey.gid(k));
      return true;
    });
    return out;
  }

  /** The keys of the messages of group {@code gid} that {@code uid} deleted from its own view. */
  public List<byte[]> hiddenInGroup(long uid, long gid) {
    List<byte[]> out = new ArrayList<>();
    store.scan(Spaces.GROUP_HIDDEN, MembershipKey.hiddenRange(uid, gid, 0, Long.MAX_VALUE), false, (k, v) -> out.add(k));
    return out;
  }

  /** The posts {@code uid} made to group {@code gid}, from key {@code from} on, one step. */
  public Sent sentInGroup(long uid, long gid, byte[] from) {
    KeyRange all = KeyRange.prefix(Bytes.ofLong(gid));
    return step(Spaces.GROUP_TIMELINE, from == null ? all : new KeyRange(from, all.to()),
        (k, v) -> GroupTimelineRow.decode(v).from() == uid ? GroupTimelineKey.id(k) : 0);
  }

  /** The broadcasts {@code uid} sent (a broadcast is one record, whatever its audience), one step. */
  public Sent broadcastsOf(long uid, byte[] from) {
    KeyRange all = KeyRange.prefix(Bytes.ofLong(uid));
    return step(Spaces.BROADCASTS, from == null ? all : new KeyRange(from, all.to()), (k, v) -> BroadcastKey.id(k));
  }

  private interface Pick {
    /** @return the message id the row names, or 0 for a row to skip */
    long id(byte[] key, byte[] value);
  }

  private Sent step(Space space, KeyRange range, Pick pick) {
    List<Long> ids = new ArrayList<>();
    byte[][] last = new byte[1][];
    int[] rows = {0};
    store.scan(space, range, false, (k, v) -> {
      long id = pick.id(k, v);
      if (id != 0) {
        ids.add(id);
      }
      last[0] = k;
      return ++rows[0] < STEP_ROWS;
    });
    byte[] next = rows[0] < STEP_ROWS ? null : after(last[0]);
    return new Sent(ids, next);
  }

  /** The smallest key after {@code key}. */
  private static byte[] after(byte[] key) {
    return java.util.Arrays.copyOf(key, key.length + 1);
  }
}
