package io.letterbox.bench.targets;

import java.time.Duration;

/**
 * The one-to-many side of a target: one content to many receivers, as the seed's 群发.
 * A target without broadcasts throws {@link Unsupported} from {@link DmTarget#broadcaster()}.
 * Receivers read a broadcast through {@link DmTarget#history}, as any conversation.
 */
public interface Broadcaster {
  /** Who the receivers are to the sender. The seed's designs get a list either way. */
  enum Audience {
    /** The sender's followers: a relation that exists before the broadcast. */
    FOLLOWERS,
    /** An explicit list of people with no relation to the sender (the news account's case). */
    UIDS,
    /** The same people as a named segment stored beforehand (targets without segments take the list). */
    SEGMENT
  }

  /**
   * Sets up what must exist before the broadcast and is not part of it: for
   * {@link Audience#FOLLOWERS}, the follow relations; for {@link Audience#SEGMENT}, the segment.
   * Not timed as the broadcast.
   *
   * @return whether there was anything to set up
   */
  default boolean prepare(long sender, long[] receivers, Audience audience) {
    return false;
  }

  /**
   * Sends one broadcast and returns when it is durable and every receiver can read it.
   *
   * @param receivers distinct uids, ascending
   * @return the broadcast's message id
   */
  long broadcast(long sender, String text, long[] receivers, Audience audience);

  /**
   * Stores an earlier broadcast to an explicit list of receivers as set-up (a populated store),
   * not timed: its receipts as this design keeps them, durable and complete when it returns. By
   * default the broadcast itself to a uid list, waited for up to {@code timeout}.
   */
  default void preload(long sender, String text, long[] receivers, Duration timeout) {
    awaitFanOut(broadcast(sender, text, receivers, Audience.UIDS), timeout);
  }

  /**
   * Waits for work the broadcast left running in the background (none in the seed's designs).
   *
   * @throws IllegalStateException when that work failed or did not finish within {@code timeout}
   */
  default void awaitFanOut(long id, Duration timeout) {}
}
