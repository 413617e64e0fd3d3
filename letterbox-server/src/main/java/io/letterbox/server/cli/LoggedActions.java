package io.letterbox.server.cli;

import io.letterbox.keys.Spaces;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;

/** How many actions a store's log holds: the expected length of a replay. */
final class LoggedActions {
  private LoggedActions() {}

  static long count(KeyValueStore store) {
    long[] n = {0};
    store.scan(Spaces.LOG, new KeyRange(new byte[0], null), false, (key, value) -> {
      n[0]++;
      return true;
    });
    return n[0];
  }
}
