package io.letterbox.engine.write;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.apply.PendingWrites;
import io.letterbox.engine.read.StateReader;
import io.letterbox.id.IdGenerator;
import io.letterbox.store.Space;
import java.util.List;

/**
 * What a command's decision may consult: the writer's state (its partition's pending writes over
 * the store), the id generator, the settings, and what the group read ahead ({@link ReadAhead}).
 */
final class EngineContext {
  private final StateReader state;
  private final PendingWrites pending;
  private final IdGenerator ids;
  private final LetterboxConfig config;

  EngineContext(StateReader state, PendingWrites pending, IdGenerator ids, LetterboxConfig config) {
    this.state = state;
    this.pending = pending;
    this.ids = ids;
    this.config = config;
  }

  StateReader state() {
    return state;
  }

  IdGenerator ids() {
    return ids;
  }

  LetterboxConfig config() {
    return config;
  }

  /** The group being decided read {@code readAhead} (null: nothing): reads consult it before the store. */
  void readAhead(ReadAhead readAhead) {
    pending.prefetched(readAhead);
  }

  /**
   * Values of {@code keys} as the state has them: a pending write of the partition first, then
   * what the group read ahead, then one multi-get of the store for the rest.
   */
  List<byte[]> multiGet(Space space, List<byte[]> keys) {
    return pending.multiGet(space, keys);
  }
}
