package io.letterbox.engine.read;

import io.letterbox.keys.ScheduleKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.ScheduledRow;
import io.letterbox.store.KeyValue;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.List;

/**
 * Senders' scheduled messages (decision 0052), as the partitions keeping them applied them (a
 * group post's: the group's).
 */
public final class ScheduleState {
  private final StoreReads store;

  ScheduleState(StoreReads store) {
    this.store = store;
  }

  /** @return sender {@code uid}'s schedule {@code id}, pending or failed, or null for none */
  public ScheduledRow row(long uid, long id) {
    return ScheduledRow.decode(store.get(Spaces.SCHEDULED, ScheduleKey.ofSender(uid, id)));
  }

  /** @return at most {@code limit} of sender {@code uid}'s schedules with ids above {@code after}, in id order */
  public List<ScheduledRow> rows(long uid, long after, int limit) {
    List<ScheduledRow> out = new ArrayList<>();
    for (KeyValue kv : store.scan(Spaces.SCHEDULED, ScheduleKey.listed(uid, after), false, limit)) {
      out.add(ScheduledRow.decode(kv.value()));
    }
    return out;
  }
}
