package io.letterbox.engine.write;

import io.letterbox.engine.apply.PendingWrites;
import io.letterbox.store.Space;
import io.letterbox.store.StoreReads;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The keys the commands of one group will read, fetched together before the first is decided:
 * one multi-get per space for the whole group, where each command reading its own keys would
 * cost a round trip each (on HBase a group's deliveries come from up to every other partition).
 * Values are as of the group's start; each partition's {@link PendingWrites} puts what earlier
 * commands of the group wrote in front of them (the appliers read through it too). A group
 * written early (at its mutation limit, or for a lane closing) makes them stale: it
 * {@linkplain #invalidate invalidates} them and reads ahead again for the rest of the group; the
 * end of the group invalidates them too.
 */
final class ReadAhead implements PendingWrites.Prefetched {
  /** Reads the spaces after a group's first, while the sequencer reads that one. */
  private static final ExecutorService READERS = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "letterbox-read-ahead");
    t.setDaemon(true);
    return t;
  });

  private final Map<Space, Map<ByteBuffer, byte[]>> wanted = new LinkedHashMap<>();
  private boolean valid;

  /** Asks for {@code key} of {@code space} to be read with the group's others. */
  void want(Space space, byte[] key) {
    wanted.computeIfAbsent(space, s -> new HashMap<>()).put(ByteBuffer.wrap(key), null);
  }

  /**
   * Reads every wanted key: one multi-get per space, the spaces' at the same time (on a remote
   * store each is a round trip of its own).
   */
  void fetch(StoreReads store) {
    List<CompletableFuture<Void>> others = new ArrayList<>();
    Map.Entry<Space, Map<ByteBuffer, byte[]>> first = null;
    for (Map.Entry<Space, Map<ByteBuffer, byte[]>> e : wanted.entrySet()) {
      if (first == null) {
        first = e;
      } else {
        others.add(CompletableFuture.runAsync(() -> fetch(store, e.getKey(), e.getValue()), READERS));
      }
    }
    if (first != null) {
      fetch(store, first.getKey(), first.getValue());
    }
    others.forEach(CompletableFuture::join);
    valid = !wanted.isEmpty();
  }

  private static void fetch(StoreReads store, Space space, Map<ByteBuffer, byte[]> into) {
    List<ByteBuffer> keys = new ArrayList<>(into.keySet());
    List<byte[]> raw = new ArrayList<>(keys.size());
    keys.forEach(k -> raw.add(k.array()));
    List<byte[]> values = store.multiGet(space, raw);
    for (int i = 0; i < keys.size(); i++) {
      into.put(keys.get(i), values.get(i));
    }
  }

  /** What was read stays unused from now on: the store changed under it. */
  void invalidate() {
    valid = false;
  }

  @Override
  public boolean has(Space space, byte[] key) {
    if (!valid) {
      return false;
    }
    Map<ByteBuffer, byte[]> values = wanted.get(space);
    return values != null && values.containsKey(ByteBuffer.wrap(key));
  }

  @Override
  public byte[] get(Space space, byte[] key) {
    return wanted.get(space).get(ByteBuffer.wrap(key));
  }
}
