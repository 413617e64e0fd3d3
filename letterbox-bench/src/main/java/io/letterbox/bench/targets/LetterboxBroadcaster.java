package io.letterbox.bench.targets;

import io.letterbox.bench.measure.Progress;
import io.letterbox.engine.Letterbox;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Broadcasts through Letterbox's facade: followers are loaded first as real follow relations
 * ({@code addFollowers}, the bulk path for a platform's existing graph; setup, not timed),
 * and a broadcast is timed until its future completes, when the engine promises it durable and
 * readable by every receiver. The fan-out that lists the sender in unrelated receivers'
 * conversation lists runs on afterwards; {@link #awaitFanOut} waits for it.
 */
final class LetterboxBroadcaster implements Broadcaster {
  /** Followers per bulk load call: one action each, so a log entry stays under a megabyte. */
  private static final int FOLLOWERS_PER_CALL = 100_000;

  /** The segment the bench broadcasts to with {@link Audience#SEGMENT}. */
  private static final String SEGMENT = "bench-audience";
  private final Supplier<Letterbox> engine;

  LetterboxBroadcaster(Supplier<Letterbox> engine) {
    this.engine = engine;
  }

  @Override
  public boolean prepare(long sender, long[] receivers, Audience audience) {
    if (audience == Audience.SEGMENT) {
      engine.get().relations().replaceSegment(SEGMENT, receivers).join();
      return true;
    }
    if (audience != Audience.FOLLOWERS) {
      return false;
    }
    try (Progress progress = Progress.start("letterbox follower load", receivers.length)) {
      for (int from = 0; from < receivers.length; from += FOLLOWERS_PER_CALL) {
        int to = Math.min(receivers.length, from + FOLLOWERS_PER_CALL);
        engine.get().relations().addFollowers(sender, Arrays.copyOfRange(receivers, from, to)).join();
        progress.advance(to - from);
      }
    }
    return true;
  }

  @Override
  public long broadcast(long sender, String text, long[] receivers, Audience audience) {
    io.letterbox.model.Audience to = switch (audience) {
      case FOLLOWERS -> new io.letterbox.model.Audience.Followers();
      case UIDS -> new io.letterbox.model.Audience.Uids(receivers);
      case SEGMENT -> new io.letterbox.model.Audience.Segment(SEGMENT);
    };
    BroadcastRequest request = new BroadcastRequest(sender, text, to, BroadcastRequest.Priority.NORMAL, null);
    return engine.get().broadcasts().send(request).join().id();
  }

  /** Polls the broadcast's status: a bench run fails rather than hang on a fan-out that never ends. */
  @Override
  public void awaitFanOut(long id, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Broadcast b = engine.get().broadcasts().find(id)
          .orElseThrow(() -> new IllegalStateException("broadcast " + id + " is unknown to the engine"));
      if (b.status() == Broadcast.Status.DONE) {
        return;
      }
      if (b.status() == Broadcast.Status.FAILED) {
        throw new IllegalStateException("the fan-out of broadcast " + id + " to " + b.receivers()
            + " receivers failed after the engine's retries (status failed); the log says why");
      }
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("the fan-out of broadcast " + id + " to " + b.receivers()
            + " receivers did not finish within " + timeout + " (status " + b.status().name().toLowerCase(Locale.ROOT)
            + "); give it longer with --fanout-timeout");
      }
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for the fan-out of broadcast " + id, e);
      }
    }
  }
}
