package io.letterbox.engine;

import io.letterbox.engine.feed.EventStreams;
import io.letterbox.engine.feed.FeedPosition;
import io.letterbox.engine.feed.FeedReader;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.model.SyncPage;
import java.util.List;

/**
 * An owner's change feed (decision 0010): pages of its events after a position ({@code /sync}),
 * and live streams of them ({@code /events}, WebSocket).
 */
public final class Events {
  private final PartitionCommands commands;
  private final FeedReader feed;
  private final EventStreams streams;

  Events(PartitionCommands commands, FeedReader feed, EventStreams streams) {
    this.commands = commands;
    this.feed = feed;
    this.streams = streams;
  }

  /**
   * {@code owner}'s events after position {@code since}, oldest first, at most {@code limit}.
   *
   * @param since a position this server issued; null for the owner's position now and no events
   * @throws LetterboxException {@link ErrorCode#SYNC_TOO_OLD} for a position older than sync-retention,
   *     {@link ErrorCode#INVALID_ARGUMENT} for one this server did not issue for this owner
   */
  public SyncPage sync(long owner, String since, int limit) {
    Validate.uid("uid", owner);
    Validate.limit(limit);
    commands.requireHosted(owner);
    if (since == null) {
      return new SyncPage(List.of(), feed.encode(owner, feed.now(owner)), false);
    }
    return feed.sync(owner, feed.decode(owner, since), limit);
  }

  /**
   * Streams {@code owner}'s events after {@code since} (null: from now) to {@code sink}: first
   * those it missed, then each as it happens. Close the stream when the client goes away.
   */
  public EventStreams.Stream stream(long owner, String since, EventStreams.Sink sink) {
    Validate.uid("uid", owner);
    commands.requireHosted(owner);
    FeedPosition from = since == null ? feed.now(owner) : feed.decode(owner, since);
    return streams.open(owner, from, sink);
  }

  /** Event streams open on this node. */
  public int openStreams() {
    return streams.open();
  }
}
