package io.letterbox.server.push;

import io.letterbox.server.config.PushSettings;
import io.letterbox.server.http.hooks.HookSignature;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The calls to push-url: each body POSTed once, signed ({@link HookSignature}, key hook-secret),
 * by Vert.x's web client on its event loop, and counted as sent (2xx) or failed (anything else,
 * no answer within {@link #TIMEOUT}). A failed push is not made again: push is best effort.
 */
final class PushCalls implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(PushCalls.class);
  /** How long one call may take. */
  static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final String url;
  private final WebClient client;
  private final HookSignature signature;
  final AtomicLong sent = new AtomicLong();
  final AtomicLong failed = new AtomicLong();

  PushCalls(Vertx vertx, PushSettings settings) {
    this.url = settings.url().toString();
    this.client = WebClient.create(vertx, new WebClientOptions().setUserAgent("Letterbox-Push")
        .setConnectTimeout((int) TIMEOUT.toMillis()));
    this.signature = new HookSignature(settings.secret());
  }

  /** POSTs {@code body}; returns at once. */
  void post(byte[] body) {
    client.postAbs(url)
        .timeout(TIMEOUT.toMillis())
        .putHeader("Content-Type", "application/json")
        .putHeader(HookSignature.HEADER, signature.of(body))
        .sendBuffer(Buffer.buffer(body))
        .onComplete(answer -> {
          if (answer.succeeded() && answer.result().statusCode() / 100 == 2) {
            sent.incrementAndGet();
            return;
          }
          long n = failed.incrementAndGet();
          if (n == 1 || n % 1000 == 0) {
            log.warn("push-url did not take a push ({} failed so far): {}", n,
                answer.succeeded() ? "HTTP " + answer.result().statusCode() : String.valueOf(answer.cause()));
          }
        });
  }

  @Override
  public void close() {
    client.close();
  }
}
