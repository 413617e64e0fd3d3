package io.letterbox.engine.read;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.keys.CapLevelKey;
import io.letterbox.keys.IdempotencyKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.FrequencyCap;
import io.letterbox.rows.CapLevelsRow;
import io.letterbox.rows.CapRow;
import io.letterbox.rows.IdempotencyRow;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.Space;
import io.letterbox.store.StoreReads;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.roaringbitmap.RoaringBitmap;

/** What a sender's writes are checked against: its frequency cap and cap levels, its idempotency keys. */
public final class SenderState {
  private final StoreReads store;
  private final LetterboxConfig config;
  /** Every sender's own cap: few, small, refreshed by whoever applies or publishes a change. */
  private final Map<Long, FrequencyCap> caps = new ConcurrentHashMap<>();

  SenderState(StoreReads store, LetterboxConfig config) {
    this.store = store;
    this.config = config;
    reloadCaps();
  }

  // --- caps and idempotency ---

  /** @return the sender's cap, else the configured default. */
  public Optional<FrequencyCap> cap(long sender) {
    FrequencyCap own = caps.get(sender);
    return own != null ? Optional.of(own) : config.defaultCap();
  }

  /** The sender's own cap is now {@code cap}. */
  public void capSet(long sender, FrequencyCap cap) {
    caps.put(sender, cap);
  }

  /** Reads every sender's cap again. */
  public void reloadCaps() {
    Map<Long, FrequencyCap> all = new HashMap<>();
    store.scan(Spaces.CAPS, new KeyRange(new byte[0], null), false, (k, v) -> {
      all.put(Bytes.getLong(k, 0), CapRow.decode(v));
      return true;
    });
    caps.keySet().retainAll(all.keySet());
    caps.putAll(all);
  }

  /** The cap levels of one (sender, window, block); level 1 first. */
  public List<RoaringBitmap> capLevels(long sender, long windowStart, long block) {
    return capLevels(Spaces.CAP_LEVELS, CapLevelKey.of(sender, windowStart, block));
  }

  /** The cap levels stored at {@code key} of {@code space}; level 1 first. */
  public List<RoaringBitmap> capLevels(Space space, byte[] key) {
    return CapLevelsRow.decode(store.get(space, key));
  }

  /** @return what the sender's idempotency key stands for, or null if it was never used */
  public IdempotencyRow idempotency(long sender, String key) {
    return IdempotencyRow.decode(store.get(Spaces.IDEMPOTENCY, IdempotencyKey.of(sender, key)));
  }
}
