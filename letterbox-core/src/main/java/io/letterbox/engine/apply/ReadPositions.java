package io.letterbox.engine.apply;

import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.rows.ReadPosition;
import java.util.Map;

/** Read-position writes that several deletes share. */
final class ReadPositions {
  private ReadPositions() {}

  /** Every device has read everything up to {@code upTo}, which clears the whole conversation. */
  static void markAllRead(Applying to, long owner, long peer, long upTo) {
    long incoming = to.state().incoming(owner, peer);
    for (Map.Entry<String, ReadPosition> e : to.state().positions(owner, peer).entrySet()) {
      long position = Math.max(upTo, e.getValue().upTo());
      to.batch().put(Spaces.STATE, StateKey.readPosition(owner, peer, e.getKey()),
          new ReadPosition(position, incoming).encode());
    }
  }
}
