package io.letterbox.engine;

import io.letterbox.bitmap.Blocks;
import io.letterbox.id.Ids;
import io.letterbox.keys.AudienceKey;
import io.letterbox.keys.BroadcastKey;
import io.letterbox.keys.IdempotencyKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.log.Action;
import io.letterbox.model.Audience;
import io.letterbox.model.FrequencyCap;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.WriteBatch;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;

/**
 * Derives a broadcast's indexes. Accepting it freezes the audience: resolved from the relations
 * as they are at this point of the log, minus the receivers at the frequency cap, and stored once
 * as one row per block of 2^16 uids. The broadcast record is written last, so a reader never sees
 * an audience in part.
 */
final class BroadcastApplier {
  private final KeyValueStore store;
  private final StateReader state;
  private final AudienceResolver resolver;
  private final long bigSenderReceivers;

  BroadcastApplier(StateReader state, long bigSenderReceivers) {
    this.store = state.store();
    this.state = state;
    this.resolver = new AudienceResolver(store);
    this.bigSenderReceivers = bigSenderReceivers;
  }

  void accepted(Action.BroadcastAccepted a, WriteBatch batch) {
    Optional<FrequencyCap> cap = state.cap(a.from());
    long capped = 0;
    TreeMap<Long, byte[]> rows = cap.isEmpty() ? resolver.stored(a.audience(), a.from()) : null;
    if (rows == null) {
      TreeMap<Long, RoaringBitmap> audience = resolver.resolve(a.from(), a.audience());
      if (cap.isPresent()) {
        capped = CapLevels.apply(store, batch, a.from(), cap.get(), Ids.epochMillis(a.id()), audience);
      }
      rows = new TreeMap<>();
      for (Map.Entry<Long, RoaringBitmap> e : audience.entrySet()) {
        if (!e.getValue().isEmpty()) {
          rows.put(e.getKey(), Blocks.serialize(e.getValue()));
        }
      }
    } else {
      // A stored set taken as it is: its blocks are copied byte for byte, but the sender's own.
      long own = Blocks.block(a.from());
      byte[] ownBlock = rows.get(own);
      if (ownBlock != null && Blocks.contains(ownBlock, a.from())) {
        RoaringBitmap b = Blocks.deserialize(ownBlock);
        b.remove(Blocks.low(a.from()));
        if (b.isEmpty()) {
          rows.remove(own);
        } else {
          rows.put(own, Blocks.serialize(b));
        }
      }
    }
    List<Long> blocks = new ArrayList<>(rows.size());
    long receivers = 0;
    for (Map.Entry<Long, byte[]> e : rows.entrySet()) {
      batch.put(Spaces.AUDIENCE, AudienceKey.of(a.from(), e.getKey(), a.id()), e.getValue());
      blocks.add(e.getKey());
      receivers += Blocks.cardinality(e.getValue());
    }
    if (a.idempotencyKey() != null) {
      batch.put(Spaces.IDEMPOTENCY, IdempotencyKey.of(a.from(), a.idempotencyKey()),
          Idempotency.record(a.id(), a.requestHash()));
    }
    // Followers and subscribers find the sender through their own relations: nothing to fan out.
    boolean fansOut = a.audience() instanceof Audience.Uids || a.audience() instanceof Audience.Segment;
    if (fansOut && !blocks.isEmpty()) {
      batch.put(Spaces.STATE, StateKey.job(a.id()), encodeJob(a.from(), a.priority().ordinal(), blocks));
    }
    BroadcastRecord record = new BroadcastRecord(false, receivers, capped, 0);
    if (!fansOut || blocks.isEmpty()) {
      record = record.completed(Ids.epochMillis(a.id()));
    }
    batch.put(Spaces.STATE, StateKey.latestBroadcast(a.from()), Bytes.ofLong(a.id()));
    if (receivers >= bigSenderReceivers) {
      batch.put(Spaces.STATE, StateKey.bigSender(a.from()), Bytes.ofLong(receivers));
    }
    batch.put(Spaces.BROADCASTS, BroadcastKey.of(a.from(), a.id()), record.encode());
  }

  /**
   * Marks the broadcast done. A replay of the log also does the fan-out here, which the live
   * engine did in a job before logging this.
   */
  void completed(Action.BroadcastCompleted c, WriteBatch batch, boolean replaying) {
    byte[] job = store.get(Spaces.STATE, StateKey.job(c.id()));
    if (replaying && job != null) {
      Job j = decodeJob(c.id(), job);
      PairRecords.write(store, j.sender(), j.id(), j.blocks());
    }
    batch.delete(Spaces.STATE, StateKey.job(c.id()));
    BroadcastRecord record = BroadcastRecord.decode(store.get(Spaces.BROADCASTS, BroadcastKey.of(c.from(), c.id())));
    if (record != null) {
      batch.put(Spaces.BROADCASTS, BroadcastKey.of(c.from(), c.id()), record.completed(c.completedAt()).encode());
    }
  }

  /** A broadcast's pending fan-out: the blocks of its audience. */
  record Job(long id, long sender, int priority, List<Long> blocks) {}

  static byte[] encodeJob(long sender, int priority, List<Long> blocks) {
    ByteBuffer b = ByteBuffer.allocate(8 + 1 + 4 + 8 * blocks.size()).putLong(sender).put((byte) priority)
        .putInt(blocks.size());
    blocks.forEach(b::putLong);
    return b.array();
  }

  static Job decodeJob(long id, byte[] row) {
    ByteBuffer b = ByteBuffer.wrap(row);
    long sender = b.getLong();
    int priority = b.get();
    int n = b.getInt();
    List<Long> blocks = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      blocks.add(b.getLong());
    }
    return new Job(id, sender, priority, blocks);
  }
}
