package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.NotOwnerException;
import io.letterbox.server.http.forwarding.Forwarder;
import io.letterbox.server.http.forwarding.InternalChannel;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A node forwards what another node owns over the internal channel, once. */
class ForwarderTest {
  private static final int PARTITION = 7;
  private static final String SECRET = "forwarder-test-secret";

  private final Vertx vertx = Vertx.vertx();
  private final AtomicReference<HttpVersion> ownerSaw = new AtomicReference<>();
  private final AtomicReference<String> forwardedBy = new AtomicReference<>();
  private final AtomicReference<String> signedBy = new AtomicReference<>();
  private final java.util.concurrent.CompletableFuture<Void> secondHalf = new java.util.concurrent.CompletableFuture<>();
  private HttpClient internal;
  private int frontPort;

  @BeforeEach
  void startOwnerAndFront() throws Exception {
    HttpServer owner = vertx.createHttpServer().webSocketHandler(ws -> {
      forwardedBy.set(ws.headers().get(Forwarder.FORWARDED_BY));
      ws.writeTextMessage("from the owner of " + ws.path());
    }).requestHandler(request -> {
      ownerSaw.set(request.version());
      if (request.path().equals("/v1/stream")) {
        // Half an answer, the rest only once the client has seen the first half: it must flow through.
        request.response().setChunked(true).putHeader("Content-Type", "text/event-stream").write("first\n");
        secondHalf.thenRun(() -> request.response().end("second\n"));
        return;
      }
      forwardedBy.set(request.getHeader(Forwarder.FORWARDED_BY));
      request.body().onSuccess(body -> signedBy.set(new io.letterbox.server.cluster.ClusterSecret(SECRET).verify(
          request.getHeader(io.letterbox.server.cluster.ClusterSecret.HEADER), request.method().name(), request.uri(),
          body.getBytes(), java.time.Instant.now()).orElse("no valid signature"))).onSuccess(body -> request.response().setStatusCode(201).putHeader("X-Answered-By", "owner")
          .end("owner got " + body));
    });
    int ownerPort = listen(owner);
    internal = InternalChannel.client(vertx, 2);
    Forwarder forwarder = new Forwarder(internal, vertx.createWebSocketClient(),
        new OneOwnerCluster(URI.create("http://127.0.0.1:" + ownerPort), SECRET));
    Router router = Router.router(vertx);
    // Before the body handler: a request whose body was read cannot be upgraded.
    router.get("/v1/socket").handler(ctx -> ctx.request().toWebSocket().onSuccess(ws ->
        forwarder.forwardSocket(ctx, ws, new NotOwnerException(PARTITION, "owned elsewhere"))));
    router.route().handler(BodyHandler.create());
    router.post("/v1/thing").handler(ctx -> ctx.fail(new NotOwnerException(PARTITION, "owned elsewhere")));
    router.get("/v1/stream").handler(ctx -> ctx.fail(new NotOwnerException(PARTITION, "owned elsewhere")));

    router.route().failureHandler(ctx -> {
      if (!forwarder.forward(ctx, ctx.failure())) {
        ctx.response().setStatusCode(503).end("not forwarded");
      }
    });
    frontPort = listen(vertx.createHttpServer().requestHandler(router));
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @Test
  void aRequestForAnotherNodesPartitionIsAnsweredByThatNodeOverHttp2() throws Exception {
    HttpResponse<String> answer = post(null);
    assertThat(answer.statusCode()).isEqualTo(201);
    assertThat(answer.body()).isEqualTo("owner got hello");
    assertThat(answer.headers().firstValue("X-Answered-By")).hasValue("owner");
    assertThat(ownerSaw.get()).isEqualTo(HttpVersion.HTTP_2);
    assertThat(forwardedBy.get()).isEqualTo("node-a");
    assertThat(signedBy.get()).as("the forwarded request is signed with the cluster secret").isEqualTo("node-a");
  }

  @Test
  @org.junit.jupiter.api.Timeout(300) // buffered whole, the answer would never begin: the second half waits for the first
  void aStreamedAnswerIsRelayedAsItComesNotWhenItEnds() throws Exception {
    HttpResponse<java.util.stream.Stream<String>> answer = java.net.http.HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + frontPort + "/v1/stream"))
            .version(java.net.http.HttpClient.Version.HTTP_1_1).build(), HttpResponse.BodyHandlers.ofLines());
    java.util.Iterator<String> lines = answer.body().iterator();

    assertThat(answer.headers().firstValue("Content-Type")).hasValue("text/event-stream");
    assertThat(lines.next()).isEqualTo("first");
    secondHalf.complete(null);
    assertThat(lines.next()).isEqualTo("second");
    assertThat(lines.hasNext()).isFalse();
  }

  @Test
  void aWebSocketIsRelayedToTheOwnerFrameByFrame() throws Exception {
    java.util.concurrent.CompletableFuture<String> text = new java.util.concurrent.CompletableFuture<>();
    java.net.http.HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(
        URI.create("ws://127.0.0.1:" + frontPort + "/v1/socket"), new java.net.http.WebSocket.Listener() {
          @Override
          public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket ws, CharSequence data,
              boolean last) {
            text.complete(data.toString());
            return null;
          }
        }).get(30, TimeUnit.SECONDS);

    assertThat(text.get(30, TimeUnit.SECONDS)).isEqualTo("from the owner of /v1/socket");
    assertThat(forwardedBy.get()).isEqualTo("node-a");
  }

  @Test
  void aRequestThatWasForwardedAlreadyIsNotForwardedAgain() throws Exception {
    HttpResponse<String> answer = post("node-b");
    assertThat(answer.statusCode()).isEqualTo(503);
    assertThat(ownerSaw.get()).isNull();
  }

  private HttpResponse<String> post(String forwardedByHeader) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + frontPort + "/v1/thing"))
        .version(java.net.http.HttpClient.Version.HTTP_1_1)
        .POST(HttpRequest.BodyPublishers.ofString("hello"));
    if (forwardedByHeader != null) {
      request.header(Forwarder.FORWARDED_BY, forwardedByHeader);
    }
    return java.net.http.HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static int listen(HttpServer server) throws Exception {
    return server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS).actualPort();
  }
}
