package io.letterbox.server.kafka;

import io.letterbox.engine.follow.FeedBatch;
import io.letterbox.engine.follow.FeedConsumer;
import io.letterbox.engine.follow.FeedEvent;
import io.letterbox.engine.follow.FeedFollowers;
import io.letterbox.engine.follow.FeedMark;
import io.letterbox.engine.follow.FeedPositions;
import io.letterbox.engine.follow.FollowStatus;
import io.letterbox.model.Event;
import io.letterbox.server.config.KafkaChangeStreamSettings;
import io.letterbox.server.http.json.Json;
import io.letterbox.server.http.json.JsonViews;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The change stream to Kafka as a consumer of the owner feed (decisions 0040 and 0041): each
 * batch the feed's follower hands over is published by {@link KafkaChangeStream} in transactions
 * that carry its position, and that position, read back when a partition is taken, is where the
 * follower resumes: the stream keeps its positions itself, inside Kafka. Events at or before what
 * Kafka has committed are never published again, whatever the follower hands over a second time
 * (after a failed batch, or a publish whose outcome was unknown), so a {@code read_committed}
 * consumer sees each once. A partition taken for the first time starts at the oldest event the
 * feed keeps (sync-retention). A partition is opened in Kafka only while it is taken here: a
 * delivery that fails or arrives after the partition was released never opens it again, which
 * would fence the producer of the partition's new owner. A broadcast's completion is not a feed event: it is not produced.
 */
public final class KafkaFeedConsumer implements FeedConsumer, FeedPositions, AutoCloseable {
  /** Its name among the feed's consumers. */
  public static final String NAME = "kafka";

  private final KafkaChangeStream stream;
  private final int batch;
  /** The last position Kafka has committed, per partition taken here. */
  private final Map<Integer, FeedMark> committed = new ConcurrentHashMap<>();
  private volatile FeedFollowers.Followed followed;

  KafkaFeedConsumer(KafkaChangeStream stream, int batch) {
    this.stream = stream;
    this.batch = batch;
  }

  /** Starts producing the feed's events to {@code settings}' topic, from what Kafka has committed. */
  public static KafkaFeedConsumer start(FeedFollowers followers, KafkaChangeStreamSettings settings) {
    KafkaFeedConsumer consumer = new KafkaFeedConsumer(new KafkaChangeStream(settings), settings.batch());
    consumer.followed = followers.add(consumer);
    return consumer;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int batchSize() {
    return batch;
  }

  @Override
  public FeedPositions positions() {
    return this;
  }

  /** Takes {@code partition} over in Kafka (fencing its earlier producers) and answers where it resumes. */
  @Override
  public FeedMark load(int partition) {
    FeedMark mark = opened(partition, stream.open(partition).join());
    committed.put(partition, mark);
    return mark;
  }

  /** Never called: {@link #load} always answers a position. */
  @Override
  public CompletableFuture<Void> store(int partition, FeedMark mark) {
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletableFuture<Void> deliver(FeedBatch batch) {
    int p = batch.partition();
    FeedMark done = committed.get(p);
    if (done == null) {
      return CompletableFuture.failedFuture(new IllegalStateException("partition " + p + " is not taken here"));
    }
    List<ChangeEvent> events = new ArrayList<>(batch.events().size());
    FeedMark last = null;
    for (FeedEvent e : batch.events()) {
      if (e.mark().compareTo(done) > 0 && !(e.event() instanceof Event.BroadcastCompleted)) {
        events.add(new ChangeEvent(e.owner(), encode(e.mark()),
            new String(Json.write(JsonViews.event(e.owner(), e.event())), StandardCharsets.UTF_8)));
        last = e.mark();
      }
    }
    if (events.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    FeedMark published = last;
    return stream.publish(p, events).handle((ok, failure) -> {
      if (failure == null) {
        committed.computeIfPresent(p, (k, a) -> a.compareTo(published) >= 0 ? a : published);
        return CompletableFuture.<Void>completedFuture(null);
      }
      Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
      if (cause instanceof IllegalStateException && committed.containsKey(p)) {
        // The outcome is unknown: what Kafka committed is read back before the batch is given again.
        return stream.open(p).thenApply(position -> {
          if (committed.replace(p, opened(p, position)) == null) {
            stream.close(p); // released while it was opened again
          }
          return (Void) null;
        }).thenCompose(v -> CompletableFuture.<Void>failedFuture(cause));
      }
      return CompletableFuture.<Void>failedFuture(cause);
    }).thenCompose(f -> f);
  }

  /** Its progress on this node's partitions: the events not yet committed to Kafka, and whether publishing fails. */
  public FollowStatus status() {
    return followed.status();
  }

  @Override
  public void released(int partition) {
    committed.remove(partition);
    stream.close(partition);
  }

  @Override
  public void close() {
    if (followed != null) {
      followed.close();
    }
    stream.close();
  }

  private static FeedMark opened(int partition, Optional<String> position) {
    return position.map(KafkaFeedConsumer::decode).orElse(FeedMark.START);
  }

  static String encode(FeedMark mark) {
    return mark.seq() + ":" + mark.index();
  }

  static FeedMark decode(String position) {
    int colon = position.indexOf(':');
    if (colon < 0) {
      throw new IllegalStateException("not a position of the change stream: " + position);
    }
    return new FeedMark(Long.parseLong(position.substring(0, colon)), Integer.parseInt(position.substring(colon + 1)));
  }
}
