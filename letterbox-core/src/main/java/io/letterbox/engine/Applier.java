package io.letterbox.engine;

import io.letterbox.bitmap.Blocks;
import io.letterbox.id.Ids;
import io.letterbox.keys.IdempotencyKey;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.keys.TimelineKey;
import io.letterbox.log.Action;
import io.letterbox.log.MessageCodec;
import io.letterbox.store.Bytes;
import io.letterbox.store.WriteBatch;
import java.util.Map;

/**
 * Derives the index writes of one logged action: the only place that turns facts into indexes,
 * used for live writes and for replaying the log. It may read stored state (read positions,
 * counters) but must see every earlier action applied; the sequencer's conflict check and an
 * in-order replay both guarantee that.
 */
final class Applier {
  private static final byte[] EMPTY = new byte[0];

  private final StateReader state;
  private final RelationApplier relations;
  private final BroadcastApplier broadcasts;
  private final boolean replaying;

  /** @param replaying whether actions come from a replay of the log rather than the live writer */
  Applier(StateReader state, boolean replaying) {
    this.state = state;
    this.relations = new RelationApplier(state.store());
    this.broadcasts = new BroadcastApplier(state, state.config().prewarmMinReceivers());
    this.replaying = replaying;
  }

  /** Whether applying {@code action} reads stored state, which must then include every earlier action. */
  static boolean readsState(Action action) {
    return !(action instanceof Action.Sent || action instanceof Action.Imported);
  }

  void apply(Action action, WriteBatch batch) {
    if (action instanceof Action.Sent s) {
      batch.put(Spaces.CONVERSATION, TimelineKey.of(s.from(), s.to(), s.id()), TimelineFlags.of(true, false));
      batch.put(Spaces.CONVERSATION, TimelineKey.of(s.to(), s.from(), s.id()), TimelineFlags.of(false, false));
      batch.increment(Spaces.INCOMING, PairKey.of(s.to(), s.from()), 1);
      state.cap(s.from()).ifPresent(cap -> CapLevels.apply(state.store(), batch, s.from(), cap,
          Ids.epochMillis(s.id()), new java.util.TreeMap<>(Map.of(Blocks.block(s.to()),
              org.roaringbitmap.RoaringBitmap.bitmapOf(Blocks.low(s.to()))))));
      if (s.idempotencyKey() != null) {
        batch.put(Spaces.IDEMPOTENCY, IdempotencyKey.of(s.from(), s.idempotencyKey()),
            Idempotency.record(s.id(), s.requestHash()));
      }
    } else if (action instanceof Action.Imported imported) {
      for (Action.Imported.Entry i : imported.messages()) {
        batch.put(Spaces.IMPORTED, LogKey.of(i.id()), MessageCodec.encode(i.from(), i.to(), i.text()));
        batch.put(Spaces.CONVERSATION, TimelineKey.of(i.from(), i.to(), i.id()), TimelineFlags.of(true, true));
        batch.put(Spaces.CONVERSATION, TimelineKey.of(i.to(), i.from(), i.id()), TimelineFlags.of(false, true));
      }
    } else if (action instanceof Action.ReadMarked r) {
      long base = state.incoming(r.owner(), r.peer()) - state.unreadAfter(r.owner(), r.peer(), r.upTo());
      batch.put(Spaces.STATE, StateKey.readPosition(r.owner(), r.peer(), r.device()),
          new ReadPosition(r.upTo(), base).encode());
    } else if (action instanceof Action.MessageDeleted d) {
      batch.put(Spaces.HIDDEN, TimelineKey.of(d.owner(), d.peer(), d.id()), EMPTY);
      byte[] row = state.store().get(Spaces.CONVERSATION, TimelineKey.of(d.owner(), d.peer(), d.id()));
      if (row != null && TimelineFlags.countsAsUnread(row)) {
        // An unread message that disappears no longer counts on the devices that had not read it.
        for (Map.Entry<String, ReadPosition> e : state.positions(d.owner(), d.peer()).entrySet()) {
          ReadPosition p = e.getValue();
          if (p.upTo() < d.id()) {
            batch.put(Spaces.STATE, StateKey.readPosition(d.owner(), d.peer(), e.getKey()),
                new ReadPosition(p.upTo(), p.base() + 1).encode());
          }
        }
      }
    } else if (action instanceof Action.ConversationDeleted d) {
      batch.put(Spaces.STATE, StateKey.conversationWatermark(d.owner(), d.peer()), Bytes.ofLong(d.upTo()));
      markAllRead(d.owner(), d.peer(), d.upTo(), batch);
    } else if (action instanceof Action.AllDeleted d) {
      batch.put(Spaces.STATE, StateKey.ownerWatermark(d.owner()), Bytes.ofLong(d.upTo()));
      // Only conversations with incoming messages can have unread ones: their counters list them.
      state.store().scan(Spaces.INCOMING, PairKey.owner(d.owner()), false, (k, v) -> {
        markAllRead(d.owner(), PairKey.peer(k), d.upTo(), batch);
        return true;
      });
    } else if (action instanceof Action.CapSet c) {
      batch.put(Spaces.CAPS, Bytes.ofLong(c.sender()), StateReader.encodeCap(c.messages(), c.periodMillis()));
    } else if (action instanceof Action.Followed f) {
      relations.followed(f, batch);
    } else if (action instanceof Action.FollowersAdded f) {
      relations.followersAdded(f, batch);
    } else if (action instanceof Action.Unfollowed f) {
      relations.unfollowed(f, batch);
    } else if (action instanceof Action.Subscribed s) {
      relations.subscribed(s, batch);
    } else if (action instanceof Action.Unsubscribed u) {
      relations.unsubscribed(u, batch);
    } else if (action instanceof Action.SegmentReplaced r) {
      relations.segmentReplaced(r, batch);
    } else if (action instanceof Action.SegmentExtended e) {
      relations.segmentExtended(e, batch);
    } else if (action instanceof Action.BroadcastAccepted a) {
      broadcasts.accepted(a, batch);
    } else if (action instanceof Action.BroadcastCompleted c) {
      broadcasts.completed(c, batch, replaying);
    } else {
      throw new IllegalArgumentException("no applier for " + action);
    }
  }

  /** Every device has read everything up to {@code upTo}, which clears the whole conversation. */
  private void markAllRead(long owner, long peer, long upTo, WriteBatch batch) {
    long incoming = state.incoming(owner, peer);
    for (Map.Entry<String, ReadPosition> e : state.positions(owner, peer).entrySet()) {
      long position = Math.max(upTo, e.getValue().upTo());
      batch.put(Spaces.STATE, StateKey.readPosition(owner, peer, e.getKey()),
          new ReadPosition(position, incoming).encode());
    }
  }
}
