package io.letterbox.engine.read;

import io.letterbox.keys.BroadcastKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.rows.BroadcastRecord;
import io.letterbox.rows.FanoutJobRow;
import io.letterbox.store.KeyValue;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The broadcasts' stored records as their senders see them, their pending fan-outs, the big senders. */
public final class BroadcastRows {
  private final StoreReads store;

  BroadcastRows(StoreReads store) {
    this.store = store;
  }

  // --- broadcasts ---

  /** @return the broadcast's record, or null */
  public BroadcastRecord broadcastRecord(long sender, long id) {
    return BroadcastRecord.decode(store.get(Spaces.BROADCASTS, BroadcastKey.of(sender, id)));
  }

  /** @return up to {@code limit} of the sender's broadcasts below {@code before}, newest first */
  public List<Map.Entry<Long, BroadcastRecord>> sentBroadcasts(long sender, long before, int limit) {
    List<Map.Entry<Long, BroadcastRecord>> out = new ArrayList<>();
    for (KeyValue kv : store.scan(Spaces.BROADCASTS, BroadcastKey.before(sender, before), true, limit)) {
      out.add(Map.entry(BroadcastKey.id(kv.key()), BroadcastRecord.decode(kv.value())));
    }
    return out;
  }

  /** @return the pending fan-out of broadcast {@code id}, or null */
  public FanoutJobRow job(long id) {
    return FanoutJobRow.decode(id, store.get(Spaces.STATE, StateKey.job(id)));
  }

  /** @return the ids of every broadcast whose fan-out has not finished */
  public List<Long> jobIds() {
    List<Long> ids = new ArrayList<>();
    store.scan(Spaces.STATE, StateKey.jobs(), false, (k, v) -> ids.add(StateKey.recordId(k)));
    return ids;
  }

  /** @return the senders whose broadcasts reach many receivers */
  public List<Long> bigSenders() {
    List<Long> out = new ArrayList<>();
    store.scan(Spaces.STATE, StateKey.bigSenders(), false, (k, v) -> out.add(StateKey.recordId(k)));
    return out;
  }
}
