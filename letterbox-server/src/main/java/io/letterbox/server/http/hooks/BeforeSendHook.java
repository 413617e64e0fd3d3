package io.letterbox.server.http.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.config.BeforeSendHookSettings;
import io.letterbox.server.http.json.Json;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.PoolOptions;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * POSTs a message about to be sent to hook-before-send-url and turns the answer into a
 * {@link HookVerdict}, or a refusal: {@code REJECTED} (403) with the hook's reason, or, when no
 * answer comes within hook-before-send-timeout or the answer is something else and
 * hook-before-send-failure is {@code reject}, {@code HOOK_UNAVAILABLE} (503). Calls are made with
 * Vert.x's web client on the event loop of the request: nothing waits on a thread. Each call's
 * latency is the timer {@code letterbox.hook.before.send}, tagged with its outcome.
 */
public final class BeforeSendHook {
  /**
   * Connections kept to the hook: each call holds one for its round trip, so they bound the sends
   * in flight on the node (Vert.x's default of 5 held sends to a few at a time, and so out of the
   * writer's group commits); past it a call waits for a connection.
   */
  static final int MAX_CONNECTIONS = 256;
  private final Vertx vertx;
  private final WebClient client;
  private final String url;
  private final long timeoutMillis;
  private final BeforeSendHookSettings settings;
  private final HookSignature signature;
  private final Map<String, Timer> timers = new HashMap<>();

  private BeforeSendHook(Vertx vertx, BeforeSendHookSettings settings, MeterRegistry registry) {
    this.vertx = vertx;
    this.settings = settings;
    for (String outcome : List.of("allow", "replace", "reject", "failure")) {
      timers.put(outcome, Timer.builder("letterbox.hook.before.send").description("Calls of the before-send hook")
          .tag("outcome", outcome).register(registry));
    }
    this.signature = new HookSignature(settings.secret());
    this.url = settings.url().toString();
    this.timeoutMillis = Math.max(1, settings.timeout().toMillis());
    this.client = WebClient.create(vertx, new WebClientOptions().setKeepAlive(true)
        .setConnectTimeout((int) timeoutMillis), new PoolOptions().setHttp1MaxSize(MAX_CONNECTIONS));
  }

  /** The hook {@code settings} name; null when none is set. */
  public static BeforeSendHook of(Vertx vertx, BeforeSendHookSettings settings, MeterRegistry registry) {
    return settings.enabled() ? new BeforeSendHook(vertx, settings, registry) : null;
  }

  /**
   * Asks the hook about {@code call} (the message as the contract shows it to the hook).
   *
   * @return the verdict, or a failed future with the {@link LetterboxException} the send answers
   */
  public Future<HookVerdict> check(ObjectNode call) {
    byte[] body = Json.write(call);
    long start = System.nanoTime();
    Promise<HookVerdict> decided = Promise.promise();
    // The request's own timeout closes a silent connection; the timer bounds an answer that trickles in.
    long deadline = vertx.setTimer(timeoutMillis, t -> decided.tryFail(unavailable("no answer within "
        + settings.timeout())));
    client.postAbs(url).timeout(timeoutMillis).putHeader("Content-Type", "application/json")
        .putHeader(HookSignature.HEADER, signature.of(body))
        .sendBuffer(Buffer.buffer(body))
        .onComplete(ar -> {
          try {
            HookVerdict verdict = ar.succeeded() && ar.result().statusCode() == 200 ? verdict(ar.result().body()) : null;
            if (verdict != null) {
              decided.tryComplete(verdict);
            } else {
              decided.tryFail(unavailable(ar.failed() ? ar.cause().toString() : "the hook gave no verdict"));
            }
          } catch (LetterboxException e) {
            decided.tryFail(e);
          }
        });
    return decided.future().transform(ar -> {
      vertx.cancelTimer(deadline);
      String outcome = outcome(ar.succeeded() ? ar.result() : null, ar.cause());
      timers.get(outcome).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
      if (ar.succeeded()) {
        return Future.succeededFuture(ar.result());
      }
      if (ar.cause() instanceof LetterboxException e && e.code() == ErrorCode.HOOK_UNAVAILABLE
          && !settings.rejectOnFailure()) {
        return Future.succeededFuture(HookVerdict.ALLOW);
      }
      return Future.failedFuture(ar.cause());
    });
  }

  /** The verdict the answer {@code body} gives; null for an answer that is none of the three. */
  private static HookVerdict verdict(Buffer body) {
    JsonNode answer;
    try {
      answer = body == null ? null : Json.read(body.getBytes());
    } catch (RuntimeException e) {
      return null;
    }
    if (answer == null) {
      return null;
    }
    String action = answer.path("action").asText("");
    return switch (action) {
      case "allow" -> HookVerdict.ALLOW;
      case "replace" -> HookVerdict.replace(answer);
      case "reject" -> throw new LetterboxException(ErrorCode.REJECTED, answer.path("reason").asText("rejected"));
      default -> null;
    };
  }

  private static String outcome(HookVerdict verdict, Throwable failure) {
    if (verdict != null) {
      return verdict.replaced() ? "replace" : "allow";
    }
    return failure instanceof LetterboxException e && e.code() == ErrorCode.REJECTED ? "reject" : "failure";
  }

  private static LetterboxException unavailable(String why) {
    return new LetterboxException(ErrorCode.HOOK_UNAVAILABLE, "the before-send hook is unavailable: " + why);
  }
}
