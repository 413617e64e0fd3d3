package io.letterbox.engine;

import io.letterbox.bitmap.Blocks;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.apply.BroadcastAccepted;
import io.letterbox.engine.feed.EventStreams;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.read.UnreadCounter;
import io.letterbox.keys.AudienceKey;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Message;
import io.letterbox.rows.MembershipRow;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.StoreReads;
import java.util.List;
import java.util.function.LongPredicate;
import org.roaringbitmap.IntIterator;

/**
 * What offline push asks of the engine (decision 0043), answered on the node hosting the owner:
 * whether it has an open stream, whether it muted a conversation, its badge; for a broadcast,
 * whether its request asked for push and who its receivers are; a group's members.
 */
public final class PushReads {
  private static final int MEMBERS_PER_READ = 1000;
  private final LetterboxConfig config;
  private final PartitionCommands commands;
  private final StateReader state;
  private final StoreReads store;
  private final EventStreams streams;
  private final UnreadCounter unread;
  private final GroupReader groups;

  PushReads(LetterboxConfig config, PartitionCommands commands, StateReader state, StoreReads store,
      EventStreams streams, UnreadCounter unread, GroupReader groups) {
    this.groups = groups;
    this.config = config;
    this.commands = commands;
    this.state = state;
    this.store = store;
    this.streams = streams;
    this.unread = unread;
  }

  /** Whether this node hosts {@code owner}'s partition now: only then are the answers below its. */
  public boolean hosted(long owner) {
    try {
      commands.requireHosted(owner);
      return true;
    } catch (LetterboxException e) {
      return false;
    }
  }

  /**
   * Whether {@code owner} has an event stream or socket open on any device: its streams are
   * opened only on the node hosting it (others forward), so this node's count is the answer.
   */
  public boolean online(long owner) {
    return streams.hasOpen(owner);
  }

  /** Whether {@code owner} muted its one-to-one conversation with {@code peer}. */
  public boolean muted(long owner, long peer) {
    return state.conversations().conversationRow(owner, peer).muted();
  }

  /** Whether {@code uid} sees group message {@code m} and did not mute its group. */
  public boolean seesUnmuted(long uid, Message m) {
    MembershipRow row = state.groups().membership(uid, m.to());
    return row != null && !row.muted() && groups.visible(uid, m);
  }

  /** Calls {@code each} with every member of group {@code gid} now, in uid order, until it returns false. */
  public void members(long gid, LongPredicate each) {
    long after = 0;
    while (true) {
      java.util.Map<Long, ?> page = state.groups().members(gid, after, MEMBERS_PER_READ);
      for (long uid : page.keySet()) {
        if (!each.test(uid)) {
          return;
        }
        after = uid;
      }
      if (page.size() < MEMBERS_PER_READ) {
        return;
      }
    }
  }

  /** The highest unread {@code total} over {@code owner}'s devices, as {@code GET …/unread} gives it. */
  public long badge(long owner) {
    long badge = 0;
    for (String device : config.devices()) {
      badge = Math.max(badge, unread.summary(owner, device).total());
    }
    return badge;
  }

  /**
   * Message {@code id} as another node announced it ({@code sender} being a broadcast's sender or
   * a post's group), if its receivers are owed pushes here: a broadcast whose request asked for
   * push, or a group post, neither removed nor recalled. Null otherwise, and when this node hosts
   * {@code sender}: its own feed consumer pushes that message.
   */
  public Message announced(long sender, long id) {
    if (hosted(sender)) {
      return null;
    }
    Message m = state.message(id);
    if (m == null || m.recalled()) { // recalled or removed
      return null;
    }
    return switch (m.kind()) {
      case BROADCAST -> m.from() == sender && pushRequested(id) ? m : null;
      case GROUP -> m.to() == sender ? m : null;
      case SINGLE -> null;
    };
  }

  /** Whether broadcast {@code id}'s request said {@code "push":true}. */
  public boolean pushRequested(long id) {
    byte[] logged = store.get(Spaces.LOG, LogKey.of(id));
    return logged != null && ActionCodec.decode(logged) instanceof BroadcastAccepted b && b.push();
  }

  /**
   * Calls {@code each} with every receiver of {@code sender}'s broadcast {@code id} that sees it
   * (in its frozen audience, not blocking the sender), in uid order, until it returns false. One
   * seek per block of the audience: the sender's other broadcasts' rows are skipped over.
   */
  public void receivers(long sender, long id, LongPredicate each) {
    byte[] end = sender == Long.MAX_VALUE ? null : AudienceKey.of(sender + 1, 0, 0);
    byte[] from = AudienceKey.of(sender, 0, id);
    while (true) {
      List<KeyValue> next = store.scan(Spaces.AUDIENCE, new KeyRange(from, end), false, 1);
      if (next.isEmpty()) {
        return;
      }
      byte[] key = next.get(0).key();
      long block = Bytes.getLong(key, 8);
      long found = AudienceKey.id(key);
      if (found < id) {
        from = AudienceKey.of(sender, block, id);
        continue;
      }
      if (found == id && !visit(sender, block, next.get(0).value(), each)) {
        return;
      }
      if (block == Long.MAX_VALUE) {
        return;
      }
      from = AudienceKey.of(sender, block + 1, id);
    }
  }

  private boolean visit(long sender, long block, byte[] row, LongPredicate each) {
    IntIterator lows = Blocks.deserialize(row).getIntIterator();
    while (lows.hasNext()) {
      long receiver = Blocks.uid(block, lows.next());
      if (receiver != sender && !state.conversations().blocked(receiver, sender) && !each.test(receiver)) {
        return false;
      }
    }
    return true;
  }
}
