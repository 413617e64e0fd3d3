package io.letterbox.server.http.forwarding;

import io.letterbox.server.http.routes.ClusterRoutes;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;

/**
 * How the members of a cluster call each other (forwarded requests, deliveries, announcements):
 * HTTP/2 over cleartext with prior knowledge, so that every call between two nodes shares one
 * multiplexed connection instead of a pool of HTTP/1.1 connections each waiting for its answer
 * (decision 0007). The servers accept it on their one port alongside HTTP/1.1. Internal routes
 * are authenticated by the cluster's shared secret ({@link ClusterRoutes#SECRET_HEADER}).
 */
public final class InternalChannel {
  /** The fewest connections to one member; each carries many calls at once. */
  private static final int MIN_CONNECTIONS_PER_MEMBER = 2;

  private InternalChannel() {}

  /**
   * @param cores the cores this process is given: a connection per core to each member (at least
   *     two), so that the calls of every event loop do not queue on one connection's
   * @return a client for calls to the other members
   */
  public static HttpClient client(Vertx vertx, int cores) {
    return vertx.createHttpClient(new HttpClientOptions()
        .setProtocolVersion(HttpVersion.HTTP_2)
        .setHttp2ClearTextUpgrade(false)
        .setKeepAlive(true), new PoolOptions().setHttp2MaxSize(Math.max(MIN_CONNECTIONS_PER_MEMBER, cores)));
  }
}
