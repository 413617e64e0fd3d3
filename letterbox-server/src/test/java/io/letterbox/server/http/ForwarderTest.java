package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.NotOwnerException;
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

  private final Vertx vertx = Vertx.vertx();
  private final AtomicReference<HttpVersion> ownerSaw = new AtomicReference<>();
  private final AtomicReference<String> forwardedBy = new AtomicReference<>();
  private HttpClient internal;
  private int frontPort;

  @BeforeEach
  void startOwnerAndFront() throws Exception {
    HttpServer owner = vertx.createHttpServer().requestHandler(request -> {
      ownerSaw.set(request.version());
      forwardedBy.set(request.getHeader(Forwarder.FORWARDED_BY));
      request.body().onSuccess(body -> request.response().setStatusCode(201).putHeader("X-Answered-By", "owner")
          .end("owner got " + body));
    });
    int ownerPort = listen(owner);
    internal = vertx.createHttpClient(InternalChannel.options());
    Forwarder forwarder = new Forwarder(internal, new OneOwner(URI.create("http://127.0.0.1:" + ownerPort)));
    Router router = Router.router(vertx);
    router.route().handler(BodyHandler.create());
    router.post("/v1/thing").handler(ctx -> ctx.fail(new NotOwnerException(PARTITION, "owned elsewhere")));
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

  /** A cluster whose every partition is owned by one other node. */
  private record OneOwner(URI owner) implements ClusterMap {
    @Override
    public String self() {
      return "node-a";
    }

    @Override
    public Optional<URI> urlOf(int partition) {
      return Optional.of(owner);
    }

    @Override
    public List<URI> others() {
      return List.of(owner);
    }

    @Override
    public String secret() {
      return "secret";
    }

    @Override
    public Object describe() {
      return "";
    }

    @Override
    public boolean ready() {
      return true;
    }
  }
}
