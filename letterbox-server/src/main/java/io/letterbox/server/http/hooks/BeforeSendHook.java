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
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * POSTs a message about to be sent to hook-before-send-url and turns the answer into a
 * {@link HookVerdict}, or a refusal: {@code REJECTED} (403) with the hook's reason, or, when no
 * answer comes within hook-before-send-timeout or the answer is something else and
 * hook-before-send-failure is {@code reject}, {@code HOOK_UNAVAILABLE} (503). Runs on the event
 * loop of the request: nothing waits on a thread. Each call's latency is the timer
 * {@code letterbox.hook.before.send}, tagged with its outcome.
 */
public final class BeforeSendHook {
  private final Vertx vertx;
  private final HttpClient client;
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
    this.client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true)
        .setConnectTimeout((int) Math.max(1, settings.timeout().toMillis())));
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
    AtomicReference<HttpClientRequest> sent = new AtomicReference<>();
    long deadline = vertx.setTimer(settings.timeout().toMillis(), t -> {
      if (decided.tryFail(unavailable("no answer within " + settings.timeout())) && sent.get() != null) {
        // The connection is not left to the late answer: the next call gets one of its own.
        sent.get().reset();
      }
    });
    RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST).setAbsoluteURI(settings.url().toString())
        .putHeader("Content-Type", "application/json").putHeader(HookSignature.HEADER, signature.of(body));
    client.request(options)
        .compose(req -> {
          sent.set(req);
          return req.send(Buffer.buffer(body));
        })
        .compose(resp -> resp.body().map(b -> resp.statusCode() == 200 ? verdict(b) : null))
        .onComplete(ar -> {
          if (ar.succeeded() && ar.result() != null) {
            decided.tryComplete(ar.result());
          } else if (ar.failed() && ar.cause() instanceof LetterboxException e) {
            decided.tryFail(e);
          } else {
            decided.tryFail(unavailable("the hook gave no verdict"));
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
      answer = Json.read(body.getBytes());
    } catch (RuntimeException e) {
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
