package io.letterbox.server.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.server.http.hooks.HookSignature;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A webhook endpoint on a real Vert.x HTTP server in the test: it keeps each body it answers 2xx
 * with its signature header, and answers 500 while {@link #failing}.
 */
public final class WebhookEndpoint implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Vertx vertx = Vertx.vertx();
  private final HttpServer server;
  /** Bodies answered 2xx, in the order they came. */
  public final List<byte[]> delivered = new CopyOnWriteArrayList<>();
  public final Map<byte[], String> signatures = new ConcurrentHashMap<>();
  /** Calls answered 500. */
  public final AtomicInteger refused = new AtomicInteger();
  /** While set, every call is answered 500. */
  public volatile boolean failing;

  public WebhookEndpoint() throws Exception {
    server = vertx.createHttpServer().requestHandler(req -> req.body().onSuccess(body -> {
      if (failing) {
        refused.incrementAndGet();
        req.response().setStatusCode(500).end("down for a while");
        return;
      }
      byte[] bytes = body.getBytes();
      signatures.put(bytes, String.valueOf(req.getHeader(HookSignature.HEADER)));
      delivered.add(bytes);
      req.response().setStatusCode(204).end();
    })).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  public String url() {
    return "http://127.0.0.1:" + server.actualPort() + "/letterbox-events";
  }

  /** An event as a sync or the endpoint shows it, without its position. */
  public static String shown(JsonNode event) {
    return event.get("type").asText() + " " + event.path("id").asText() + " " + event.path("peer").asText()
        + " " + event.path("upTo").asText();
  }

  /** Every event taken for {@code owner}, in the order taken, duplicates included. */
  public List<String> received(long owner) throws IOException {
    List<String> out = new ArrayList<>();
    for (byte[] body : delivered) {
      for (JsonNode e : JSON.readTree(body).get("events")) {
        if (e.get("owner").asText().equals(Long.toString(owner))) {
          out.add(shown(e));
        }
      }
    }
    return out;
  }

  /** What {@code owner}'s sync gives after {@code since}, each event as {@link #shown}. */
  /** The offline pushes the endpoint took for {@code uid}, in the order they came. */
  public List<JsonNode> pushesTo(long uid) {
    List<JsonNode> out = new ArrayList<>();
    for (byte[] body : delivered) {
      try {
        JsonNode push = JSON.readTree(body);
        if (push.get("uid").asText().equals(Long.toString(uid))) {
          out.add(push);
        }
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return out;
  }

  public static List<String> synced(Api api, long owner, String since) {
    return Synced.events(api, owner, since).stream().map(WebhookEndpoint::shown).toList();
  }

  public static JsonNode events(byte[] body) throws IOException {
    return JSON.readTree(body).get("events");
  }

  @Override
  public void close() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }
}
