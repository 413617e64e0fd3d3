package io.letterbox.engine.apply;

import io.letterbox.keys.Spaces;
import io.letterbox.model.FrequencyCap;
import io.letterbox.rows.CapRow;
import io.letterbox.store.Bytes;
import java.time.Duration;

/** The sender's frequency cap was set; later actions of the sender count against it. */
public record CapSet(long sender, int messages, long periodMillis) implements Action {
  static final byte TAG = 7;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(sender).i(messages).l(periodMillis);
  }

  static CapSet read(ActionCodec.Reader r) {
    return new CapSet(r.l(), r.i(), r.l());
  }

  public FrequencyCap cap() {
    return new FrequencyCap(messages, Duration.ofMillis(periodMillis));
  }

  @Override
  public void apply(Applying to) {
    to.batch().put(Spaces.CAPS, Bytes.ofLong(sender), CapRow.encode(messages, periodMillis));
    to.state().senders().capSet(sender, cap());
  }
}
