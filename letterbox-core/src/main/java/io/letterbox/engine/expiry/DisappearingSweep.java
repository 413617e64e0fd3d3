package io.letterbox.engine.expiry;

import io.letterbox.engine.partition.Partitioning;
import io.letterbox.keys.ExpiryKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.KeyValueStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the disappearing messages whose time came (decision 0045): reads the due timers, oldest
 * first, and asks for the removal (reason {@code disappearing}, decision 0042) of those whose home
 * partition this node hosts; the removal deletes the timer in its batch, so the timers are their
 * own durable position. A page of removals at a time, each waited for before the next.
 */
public final class DisappearingSweep {
  private static final Logger log = LoggerFactory.getLogger(DisappearingSweep.class);
  /** API.md: a message disappears within a minute of its time; the timers are read this often. */
  public static final Duration EVERY = Duration.ofSeconds(5);
  static final int PAGE = 128;

  private final KeyValueStore store;
  private final Partitioning partitioning;
  private final Supplier<Set<Integer>> hosted;
  private final LongFunction<CompletableFuture<?>> remove;
  private final Clock clock;
  private SweepThread thread;

  /**
   * @param hosted the partitions this node hosts now
   * @param remove removes message {@code id}'s content as disappearing
   */
  public DisappearingSweep(KeyValueStore store, Partitioning partitioning, Supplier<Set<Integer>> hosted,
      LongFunction<CompletableFuture<?>> remove, Clock clock) {
    this.store = store;
    this.partitioning = partitioning;
    this.hosted = hosted;
    this.remove = remove;
    this.clock = clock;
  }

  public synchronized void start() {
    if (thread == null) {
      thread = new SweepThread("disappearing", EVERY, this::sweep);
    }
  }

  public synchronized void close() {
    if (thread != null) {
      thread.close();
    }
  }

  /**
   * Removes every hosted message whose time came, and returns once each removal is written (a
   * removal that fails is logged, and asked for again at the next sweep).
   *
   * @return how many removals it asked for
   */
  public synchronized int sweep() {
    Set<Integer> mine = hosted.get();
    KeyRange due = ExpiryKey.due(clock.millis());
    byte[] from = due.from();
    int asked = 0;
    while (true) {
      List<KeyValue> page = store.scan(Spaces.EXPIRY, new KeyRange(from, due.to()), false, PAGE);
      List<CompletableFuture<?>> removals = new ArrayList<>();
      for (KeyValue kv : page) {
        if (mine.contains(partitioning.of(Bytes.getLong(kv.value(), 0)))) {
          removals.add(ask(ExpiryKey.id(kv.key())));
        }
      }
      CompletableFuture.allOf(removals.toArray(CompletableFuture[]::new)).join();
      asked += removals.size();
      if (page.size() < PAGE) {
        return asked;
      }
      byte[] last = page.get(page.size() - 1).key();
      from = Arrays.copyOf(last, last.length + 1);
    }
  }

  private CompletableFuture<?> ask(long id) {
    CompletableFuture<?> f;
    try {
      f = remove.apply(id);
    } catch (RuntimeException e) {
      f = CompletableFuture.failedFuture(e);
    }
    return f.exceptionally(e -> {
      log.warn("disappearing message {} not removed; asked again at the next sweep", id, e);
      return null;
    });
  }
}
