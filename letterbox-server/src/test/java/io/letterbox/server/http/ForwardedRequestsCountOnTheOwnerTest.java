package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.NotOwnerException;
import io.letterbox.keys.Spaces;
import io.letterbox.server.auth.Revocations;
import io.letterbox.server.auth.UserTokens;
import io.letterbox.server.cluster.ClusterSecret;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.config.UserLimitSettings;
import io.letterbox.server.http.access.Authentication;
import io.letterbox.server.http.access.UserLimits;
import io.letterbox.server.http.forwarding.Forwarder;
import io.letterbox.server.http.forwarding.InternalChannel;
import io.letterbox.server.http.requests.BodyBudget;
import io.letterbox.server.support.Tokens;
import io.letterbox.store.MemoryStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Per-user limits are kept by each node (decision 0021); a request that a node forwards to the
 * partition's owner arrives there with its original credentials and is counted there. So the
 * forwarding node gives back what it took: the request counts once, on the node that serves it.
 */
class ForwardedRequestsCountOnTheOwnerTest {
  private static final long UID = 4242;
  private final Vertx vertx = Vertx.vertx();
  private int frontPort;

  @BeforeEach
  void startOwnerAndFront() throws Exception {
    HttpServer owner = vertx.createHttpServer().requestHandler(request ->
        request.body().onSuccess(body -> request.response().setStatusCode(201).end("stored by the owner")));
    int ownerPort = listen(owner);
    Forwarder forwarder = new Forwarder(InternalChannel.client(vertx, 2), vertx.createWebSocketClient(),
        new OneOwnerCluster(URI.create("http://127.0.0.1:" + ownerPort), "a-cluster-secret-of-at-least-32-bytes"));
    UserTokens tokens = new UserTokens(Tokens.accepted(ServerConfig.builder()).build().userTokens());
    // One send a second, bursts of two: the third send at once would be refused here.
    UserLimits limits = new UserLimits(new UserLimitSettings(1, 0, 0, 0, 0, 0, 0), new SimpleMeterRegistry());
    Router router = Router.router(vertx);
    Authentication authentication = new Authentication(List.of(Tokens.SERVICE_KEY), tokens,
        new Revocations(new MemoryStore(Spaces.ALL), Runnable::run));
    Routes routes = new Routes(router, authentication, authentication.revocationCheck(), 1 << 20,
        new BodyBudget(1 << 24, 1 << 20), forwarder, limits);
    routes.add(HttpMethod.POST, "/v1/messages", ctx -> ctx.fail(new NotOwnerException(7, "owned elsewhere")));
    frontPort = listen(vertx.createHttpServer().requestHandler(router));
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @Test
  void sendsForwardedToTheOwnerAreNotCountedOnTheNodeThatForwardedThem() throws Exception {
    List<Integer> statuses = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      statuses.add(send().statusCode());
    }

    assertThat(statuses).containsOnly(201);
  }

  private HttpResponse<String> send() throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + frontPort + "/v1/messages"))
        .version(java.net.http.HttpClient.Version.HTTP_1_1)
        .header("Authorization", "Bearer " + Tokens.of(UID))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"from\":\"" + UID + "\",\"to\":\"7\",\"text\":\"hi\"}"))
        .build();
    return java.net.http.HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static int listen(HttpServer server) throws Exception {
    return server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS).actualPort();
  }
}
