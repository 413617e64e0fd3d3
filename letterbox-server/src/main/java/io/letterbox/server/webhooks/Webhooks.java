package io.letterbox.server.webhooks;

import io.letterbox.engine.follow.FeedBatch;
import io.letterbox.engine.follow.FeedConsumer;
import io.letterbox.engine.follow.FeedFollowers;
import io.letterbox.engine.follow.FollowStatus;
import io.letterbox.server.config.WebhookSettings;
import io.letterbox.server.http.hooks.HookSignature;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The webhook consumer of the owner feed: each batch is one POST of {@link WebhookBody} to
 * webhook-url, signed ({@link HookSignature}), made by Vert.x's web client on its event loop;
 * delivered once the endpoint answers 2xx. Anything else (another status, no answer within
 * webhook-timeout, no connection) fails the batch, which the feed's follower hands over again
 * after its backoff.
 */
public final class Webhooks implements FeedConsumer, AutoCloseable {
  /** Its name among the feed's consumers: it keys its stored positions. */
  public static final String NAME = "webhooks";

  private final WebhookSettings settings;
  private final WebClient client;
  private final HookSignature signature;
  private volatile FeedFollowers.Followed followed;

  private Webhooks(Vertx vertx, WebhookSettings settings) {
    this.settings = settings;
    this.client = WebClient.create(vertx, new WebClientOptions().setUserAgent("Letterbox-Webhooks")
        .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, settings.timeout().toMillis())));
    this.signature = new HookSignature(settings.secret());
  }

  /** Starts delivering the feed's events to {@code settings}' URL, from the stored positions. */
  public static Webhooks start(Vertx vertx, FeedFollowers followers, WebhookSettings settings) {
    Webhooks webhooks = new Webhooks(vertx, settings);
    webhooks.followed = followers.add(webhooks);
    return webhooks;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int batchSize() {
    return settings.batch();
  }

  @Override
  public Duration minBackoff() {
    return settings.backoffMin();
  }

  @Override
  public Duration maxBackoff() {
    return settings.backoffMax();
  }

  @Override
  public CompletableFuture<Void> deliver(FeedBatch batch) {
    byte[] body = WebhookBody.of(batch);
    return client.postAbs(settings.url().toString())
        .timeout(settings.timeout().toMillis())
        .putHeader("Content-Type", "application/json")
        .putHeader(HookSignature.HEADER, signature.of(body))
        .sendBuffer(Buffer.buffer(body))
        .<Void>transform(answer -> {
          if (answer.failed()) {
            return io.vertx.core.Future.failedFuture(answer.cause());
          }
          int status = answer.result().statusCode();
          return status / 100 == 2 ? io.vertx.core.Future.succeededFuture()
              : io.vertx.core.Future.failedFuture(new IllegalStateException("the endpoint answered HTTP " + status));
        })
        .toCompletionStage().toCompletableFuture();
  }

  public String url() {
    return settings.url().toString();
  }

  public FollowStatus status() {
    return followed.status();
  }

  @Override
  public void close() {
    followed.close();
    client.close();
  }
}
