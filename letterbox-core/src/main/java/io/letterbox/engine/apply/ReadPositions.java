package io.letterbox.engine.apply;

import io.letterbox.keys.RequestsKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.rows.ReadPosition;
import java.util.Map;

/**
 * Every write of a device's read position: a conversation in the owner's requests folder moves
 * the folder's read counter with it (decision 0008).
 */
final class ReadPositions {
  private ReadPositions() {}

  /** The device's position in the conversation goes from {@code old} to {@code now}. */
  static void write(Applying to, long owner, long peer, String device, ReadPosition old, ReadPosition now) {
    to.batch().put(Spaces.STATE, StateKey.readPosition(owner, peer, device), now.encode());
    long read = now.base() - old.base();
    if (read != 0 && to.state().conversationRow(owner, peer).request()) {
      to.batch().increment(Spaces.REQUESTS, RequestsKey.read(owner, device), read);
    }
  }

  /** Every device has read everything up to {@code upTo}, which clears the whole conversation. */
  static void markAllRead(Applying to, long owner, long peer, long upTo) {
    long incoming = to.state().incoming(owner, peer);
    for (Map.Entry<String, ReadPosition> e : to.state().positions(owner, peer).entrySet()) {
      long position = Math.max(upTo, e.getValue().upTo());
      write(to, owner, peer, e.getKey(), e.getValue(), new ReadPosition(position, incoming));
    }
  }
}
