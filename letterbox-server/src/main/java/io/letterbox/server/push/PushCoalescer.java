package io.letterbox.server.push;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * At most one push per owner per push-coalesce (decision 0043): an owner's first notice opens a
 * window; the notices arriving within it replace it by the newest; when it closes, the newest is
 * made (its badge read then). A notice after that opens the next window. Windows live in memory,
 * at most {@link #MAX_OWNERS} at once: past that, a notice is made at once.
 */
final class PushCoalescer {
  /** Owners with an open window at most: each holds one message until its window closes. */
  static final int MAX_OWNERS = 100_000;

  private final long windowNanos;
  private final ScheduledExecutorService timer;
  private final Consumer<PushNotice> make;
  private final Map<Long, PushNotice> waiting = new ConcurrentHashMap<>();

  /** @param make makes a push, on {@code timer}'s threads */
  PushCoalescer(Duration window, ScheduledExecutorService timer, Consumer<PushNotice> make) {
    this.windowNanos = window.toNanos();
    this.timer = timer;
    this.make = make;
  }

  /** {@code notice} is owed: made when its owner's window closes, as the newest of it. */
  void offer(PushNotice notice) {
    if (windowNanos == 0 || (waiting.size() >= MAX_OWNERS && !waiting.containsKey(notice.uid()))) {
      timer.execute(() -> make.accept(notice));
      return;
    }
    waiting.compute(notice.uid(), (uid, before) -> {
      if (before != null) {
        return before.newer(notice);
      }
      timer.schedule(() -> close(uid), windowNanos, TimeUnit.NANOSECONDS);
      return notice;
    });
  }

  /** Owners with a window open now. */
  int open() {
    return waiting.size();
  }

  private void close(long uid) {
    PushNotice newest = waiting.remove(uid);
    if (newest != null) {
      make.accept(newest);
    }
  }
}
