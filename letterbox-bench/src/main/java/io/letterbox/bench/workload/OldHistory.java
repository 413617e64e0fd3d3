package io.letterbox.bench.workload;

import java.util.List;
import java.util.function.Consumer;

/** Messages to load as old history, each at its own millisecond, fed oldest first, the same for the same seed. */
public interface OldHistory {
  long messages();

  /** Feeds every message, oldest first, in chunks of {@code chunk}. */
  void forEach(int chunk, Consumer<List<HistoryMessage>> sink);
}
