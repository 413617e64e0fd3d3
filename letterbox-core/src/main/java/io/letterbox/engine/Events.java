package io.letterbox.engine;

import io.letterbox.engine.feed.EventStreams;
import io.letterbox.engine.feed.FeedPosition;
import io.letterbox.engine.feed.FeedReader;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.model.SyncPage;
import io.letterbox.engine.write.DeliveryCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An owner's change feed (decision 0010): pages of its events after a position ({@code /sync}),
 * and live streams of them ({@code /events}, WebSocket).
 */
public final class Events {
  private static final Logger log = LoggerFactory.getLogger(Events.class);
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
    SyncPage page = feed.sync(owner, feed.decode(owner, since), limit);
    streams.receipts().received(owner, page.events());
    return page;
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

  /**
   * Logs the delivery receipts of what the devices of the owners hosted here received since the
   * last call (decision 0051): one action per receiver and sender whose position moved. Runs every
   * second; a receipt whose partition moved meanwhile is dropped (a later message moves it again).
   *
   * @return completed once each is durable, or failed
   */
  public CompletableFuture<Void> logReceipts() {
    List<CompletableFuture<Void>> logged = new ArrayList<>();
    streams.receipts().flush((receiver, sender, upTo) -> logged.add(
        commands.submit(receiver, new DeliveryCommand(receiver, sender, upTo)).whenComplete((v, e) -> {
          if (e != null) {
            log.debug("the delivery of {}'s messages to {} up to {} was not logged", sender, receiver, upTo, e);
          }
        })));
    return CompletableFuture.allOf(logged.toArray(CompletableFuture[]::new));
  }

  /** Event streams open on this node. */
  public int openStreams() {
    return streams.open();
  }
}
