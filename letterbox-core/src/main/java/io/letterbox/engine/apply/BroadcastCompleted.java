package io.letterbox.engine.apply;

import io.letterbox.keys.BroadcastKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.rows.BroadcastRecord;
import io.letterbox.rows.FanoutJobRow;

/**
 * A broadcast's fan-out finished: its job row goes and its record says done. The fan-out's own
 * rows (reached records) are written outside the log by sorted loads; the live engine's job wrote
 * them before logging this, a replay writes them here ({@link Applying#fanOut}).
 */
public record BroadcastCompleted(long id, long from, long completedAt) implements Action {
  static final byte TAG = 15;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(id).l(from).l(completedAt);
  }

  static BroadcastCompleted read(ActionCodec.Reader r) {
    return new BroadcastCompleted(r.l(), r.l(), r.l());
  }

  @Override
  public void apply(Applying to) {
    FanoutJobRow job = to.state().broadcastRows().job(id);
    if (job != null) {
      to.fanOut(job);
    }
    to.batch().delete(Spaces.STATE, StateKey.job(id));
    BroadcastRecord record = to.state().broadcastRows().broadcastRecord(from, id);
    if (record != null) {
      to.batch().put(Spaces.BROADCASTS, BroadcastKey.of(from, id), record.completed(completedAt).encode());
    }
  }
}
