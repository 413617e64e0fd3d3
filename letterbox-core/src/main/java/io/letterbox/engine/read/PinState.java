package io.letterbox.engine.read;

import io.letterbox.keys.PinKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.PinRow;
import io.letterbox.store.KeyRange;
import io.letterbox.store.Space;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Pinned messages of conversations (decision 0050): one set per one-to-one conversation, one per group. */
public final class PinState {
  private final StoreReads store;

  PinState(StoreReads store) {
    this.store = store;
  }

  /** A pinned message: its id, and the log id of the pin. */
  public record Pin(long messageId, long pinnedAt) {}

  /** The pins of the one-to-one conversation of {@code a} and {@code b}, the newest pin first. */
  public List<Pin> ofPair(long a, long b) {
    return pins(Spaces.PINS, PinKey.pair(a, b));
  }

  /** The pins of group {@code gid}, the newest pin first. */
  public List<Pin> ofGroup(long gid) {
    return pins(Spaces.GROUP_PINS, PinKey.group(gid));
  }

  /** The stored row of message {@code id} in the conversation of {@code a} and {@code b}, or null. */
  public PinRow pairRow(long a, long b, long id) {
    return PinRow.decode(store.get(Spaces.PINS, PinKey.pair(a, b, id)));
  }

  /** The stored row of message {@code id} in group {@code gid}, or null. */
  public PinRow groupRow(long gid, long id) {
    return PinRow.decode(store.get(Spaces.GROUP_PINS, PinKey.group(gid, id)));
  }

  private List<Pin> pins(Space space, KeyRange range) {
    List<Pin> out = new ArrayList<>();
    store.scan(space, range, false, (k, v) -> {
      PinRow row = PinRow.decode(v);
      if (row.pinned()) {
        out.add(new Pin(PinKey.message(k), row.by()));
      }
      return true;
    });
    out.sort(Comparator.comparingLong(Pin::pinnedAt).reversed());
    return out;
  }
}
