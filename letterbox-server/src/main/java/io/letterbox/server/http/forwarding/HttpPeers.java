package io.letterbox.server.http.forwarding;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.engine.NotOwnerException;
import io.letterbox.engine.Peers;
import io.letterbox.server.cluster.ClusterSecret;
import io.letterbox.server.http.json.Json;
import io.letterbox.server.http.routes.ClusterRoutes;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The engine's {@link Peers} over the members' internal HTTP routes ({@link ClusterRoutes}): a
 * partition's deliveries go to the node that owns it now, a published broadcast to every other
 * member, a revocation of a user's tokens to every other member. Each call is signed with the
 * cluster secret ({@link io.letterbox.server.cluster.ClusterSecret}), which it never carries, and
 * goes only to members that proved they hold it.
 */
public final class HttpPeers implements Peers {
  private static final long TIMEOUT_MILLIS = 10_000;

  private final HttpClient client;
  private final ClusterMap cluster;

  public HttpPeers(HttpClient client, ClusterMap cluster) {
    this.client = client;
    this.cluster = cluster;
  }

  @Override
  public CompletableFuture<Void> deliver(int partition, long[] origins) {
    Optional<URI> owner = cluster.urlOf(partition);
    if (owner.isEmpty()) {
      return CompletableFuture.failedFuture(new NotOwnerException(partition, "no node owns partition " + partition + " now"));
    }
    List<String> ids = new ArrayList<>(origins.length);
    for (long o : origins) {
      ids.add(Long.toString(o));
    }
    return post(owner.get(), ClusterRoutes.DELIVERIES.replace(":p", Integer.toString(partition)), Map.of("origins", ids));
  }

  @Override
  public CompletableFuture<Void> published(long sender, long id) {
    return toOthers(Map.of("sender", Long.toString(sender), "id", Long.toString(id)));
  }

  @Override
  public CompletableFuture<Void> fannedOut(long sender, long id) {
    return toOthers(Map.of("sender", Long.toString(sender), "id", Long.toString(id), "fannedOut", true));
  }

  /**
   * Tells every other member that {@code uid}'s tokens issued at or before epoch second
   * {@code second} are revoked.
   *
   * @return completed once every live member has answered; failed if one did not
   */
  public CompletableFuture<Void> revoked(long uid, long second) {
    return toOthers(ClusterRoutes.REVOCATIONS, Map.of("uid", Long.toString(uid), "at", Long.toString(second)));
  }

  /**
   * Asks every other member for the JSON {@code path} (a signed internal GET) answers there.
   *
   * @return per member, its answer or, where it did not give one within {@code timeoutMillis}, the failure
   */
  public CompletableFuture<Map<URI, CompletableFuture<JsonNode>>> getFromOthers(String path, long timeoutMillis) {
    Map<URI, CompletableFuture<JsonNode>> answers = new java.util.LinkedHashMap<>();
    for (URI member : cluster.others()) {
      answers.put(member, get(member, path, timeoutMillis));
    }
    return CompletableFuture.allOf(answers.values().stream().map(a -> a.exceptionally(e -> null))
        .toArray(CompletableFuture[]::new)).thenApply(v -> answers);
  }

  @Override
  public CompletableFuture<Void> typing(long gid, long from) {
    return toOthers(ClusterRoutes.TYPING, Map.of("gid", Long.toString(gid), "from", Long.toString(from)));
  }

  @Override
  public CompletableFuture<Void> reacted(long id, long by) {
    return toOthers(ClusterRoutes.REACTED, Map.of("id", Long.toString(id), "by", Long.toString(by)));
  }

  @Override
  public CompletableFuture<Void> groupPinsChanged(long gid) {
    return toOthers(ClusterRoutes.GROUP_PINS, Map.of("gid", Long.toString(gid)));
  }

  /** Asks member {@code base} for the JSON {@code path} (a signed internal GET) answers there. */
  public CompletableFuture<JsonNode> getFrom(URI base, String path, long timeoutMillis) {
    return get(base, path, timeoutMillis);
  }

  private CompletableFuture<JsonNode> get(URI base, String path, long timeoutMillis) {
    RequestOptions options = new RequestOptions()
        .setMethod(HttpMethod.GET)
        .setHost(base.getHost())
        .setPort(base.getPort())
        .setURI(path)
        .setTimeout(timeoutMillis)
        .putHeader(ClusterSecret.HEADER, cluster.secret().sign(cluster.self(), "GET", path, new byte[0], Instant.now()));
    Future<JsonNode> done = client.request(options)
        .compose(r -> r.send())
        .compose(response -> response.body().compose(b -> response.statusCode() == 200
            ? Future.succeededFuture(Json.read(b.getBytes()))
            : Future.failedFuture(new IllegalStateException(base + path + " answered " + response.statusCode() + ": " + b))));
    return done.toCompletionStage().toCompletableFuture();
  }

  /** Posts {@code body} to every other member's announcement route. */
  private CompletableFuture<Void> toOthers(Map<String, ?> body) {
    return toOthers(ClusterRoutes.PUBLISHED, body);
  }

  private CompletableFuture<Void> toOthers(String path, Map<String, ?> body) {
    List<CompletableFuture<Void>> calls = new ArrayList<>();
    for (URI member : cluster.others()) {
      calls.add(post(member, path, body));
    }
    return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new));
  }

  private CompletableFuture<Void> post(URI base, String path, Object body) {
    byte[] bytes = Json.write(body);
    RequestOptions options = new RequestOptions()
        .setMethod(HttpMethod.POST)
        .setHost(base.getHost())
        .setPort(base.getPort())
        .setURI(path)
        .setTimeout(TIMEOUT_MILLIS)
        .putHeader(ClusterSecret.HEADER, cluster.secret().sign(cluster.self(), "POST", path, bytes, Instant.now()))
        .putHeader("Content-Type", "application/json");
    Future<Void> done = client.request(options)
        .compose(r -> r.send(Buffer.buffer(bytes)))
        .compose(response -> response.body().compose(b -> response.statusCode() == 204
            ? Future.succeededFuture()
            : Future.failedFuture(new IllegalStateException(base + path + " answered " + response.statusCode() + ": " + b))));
    return done.toCompletionStage().toCompletableFuture();
  }
}
