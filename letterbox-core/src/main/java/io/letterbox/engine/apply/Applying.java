package io.letterbox.engine.apply;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.read.StateReader;
import io.letterbox.rows.FanoutJobRow;
import io.letterbox.store.WriteBatch;

/** What an action's {@link Action#apply} works with. */
public interface Applying {
  /** The stored state as it is after every earlier action, written or still pending. */
  StateReader state();

  /**
   * The id of the action applied: its key in the log at its home partition, its origin where it
   * is delivered; 0 where nothing is written.
   */
  long id();

  /** The pending batch the action's index writes go into. */
  WriteBatch batch();

  LetterboxConfig config();

  /** Resolves broadcast audiences over the same state as {@link #state}. */
  io.letterbox.engine.fanout.AudienceResolver audiences();

  /**
   * Whether {@code owner}'s state belongs to the partition applying the action. An action writes
   * only what belongs to owners it owns; another partition applies the rest (decision 0007).
   */
  boolean owns(long owner);

  /**
   * Whether this is the partition that logged the action (not one applying its part of another's):
   * content rows, written once, are written at home.
   */
  boolean home();

  /**
   * Makes sure a finished broadcast's fan-out is done: the live engine's job did it before it
   * logged the completion; a replay of the log does it here.
   */
  void fanOut(FanoutJobRow job);

  /**
   * Records an event in {@code owner}'s change feed (decision 0010), for an owner this partition
   * {@linkplain #owns owns}: written with the journal entry of the batch, at its seq.
   *
   * @param content the message a message event announces, for connected clients; may be null
   */
  void event(long owner, io.letterbox.rows.FeedRow row, io.letterbox.model.Message content);
}
