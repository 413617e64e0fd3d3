package io.letterbox.server.http.forwarding;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.NotOwnerException;
import io.letterbox.server.cluster.ClusterSecret;
import io.letterbox.server.http.access.UserLimits;
import io.letterbox.server.http.errors.ErrorResponder;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.http.WebSocketClient;
import io.vertx.ext.web.RoutingContext;
import java.net.URI;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends a request this node cannot answer (its partition is hosted by another node) to the node
 * that can, and relays the answer: any node accepts any request, and clients need no map of the
 * cluster (decision 0007). A request is forwarded once; one that arrives forwarded and still
 * finds no owner here is answered 503 with {@code Retry-After}, as while a partition moves.
 *
 * <p>A request, with the client's credentials, goes only to a member that proved it holds the
 * cluster secret (only those own partitions), and is signed with it ({@link ClusterSecret}); a
 * request that claims to be forwarded is refused (401) unless its signature verifies, so that
 * nobody else can pass for a member (decision 0024).
 */
public final class Forwarder implements AutoCloseable {
  /** Set on a forwarded request: the node that forwarded it. */
  public static final String FORWARDED_BY = "X-Letterbox-Forwarded-By";
  private static final Logger log = LoggerFactory.getLogger(Forwarder.class);
  private static final long TIMEOUT_MILLIS = 30_000;
  /** Hop-by-hop headers, and those the client recomputes. */
  private static final Set<String> NOT_COPIED = Set.of("host", "connection", "keep-alive", "transfer-encoding",
      "content-length", "te", "trailer", "upgrade", "proxy-connection");

  private final ClusterMap owners;
  private final HttpClient client;
  /** WebSockets need HTTP/1.1, which the internal channel (HTTP/2) is not. */
  private final WebSocketClient sockets;

  public Forwarder(HttpClient client, WebSocketClient sockets, ClusterMap owners) {
    this.owners = owners;
    this.client = client;
    this.sockets = sockets;
  }

  /**
   * Relays WebSocket {@code front} (upgraded from {@code ctx}'s request) to the node that owns
   * its user, if {@code failure} says another node does: frame by frame, the owner's pausing when
   * the client reads slowly, so that the owner's limit on unsent events holds.
   *
   * @return whether it was forwarded
   */
  public boolean forwardSocket(RoutingContext ctx, io.vertx.core.http.ServerWebSocket front, Throwable failure) {
    Optional<URI> owner = ownerFor(ctx, failure);
    if (owner.isEmpty()) {
      return false;
    }
    io.vertx.core.http.WebSocketConnectOptions options = new io.vertx.core.http.WebSocketConnectOptions()
        .setHost(owner.get().getHost()).setPort(owner.get().getPort()).setURI(ctx.request().uri());
    String auth = ctx.request().getHeader(HttpHeaders.AUTHORIZATION);
    if (auth != null) {
      options.addHeader(HttpHeaders.AUTHORIZATION, auth);
    }
    options.addHeader(FORWARDED_BY, owners.self());
    // The owner counts the socket against its user's limits; this node does not.
    UserLimits.forwarded(ctx);
    options.addHeader(ClusterSecret.HEADER, owners.secret().sign(owners.self(), "GET", ctx.request().uri(), null,
        Instant.now()));
    front.pause();
    sockets.connect(options).onComplete(connected -> {
      if (connected.failed()) {
        log.debug("forwarding a socket to {} failed", owner.get(), connected.cause());
        front.close((short) 1013, "NOT_OWNER");
        return;
      }
      io.vertx.core.http.WebSocket back = connected.result();
      back.frameHandler(frame -> {
        front.writeFrame(frame);
        if (front.writeQueueFull()) {
          back.pause();
          front.drainHandler(v -> back.resume());
        }
      });
      back.closeHandler(v -> {
        if (!front.isClosed()) {
          front.close(back.closeStatusCode() == null ? 1000 : back.closeStatusCode(), back.closeReason());
        }
      });
      front.closeHandler(v -> back.close());
      front.frameHandler(back::writeFrame);
      front.resume();
    });
    return true;
  }

  /**
   * Forwards the request of {@code ctx} if {@code failure} says another node owns it.
   *
   * @return whether it was forwarded (the answer is then on its way)
   */
  public boolean forward(RoutingContext ctx, Throwable failure) {
    Optional<URI> owner = ownerFor(ctx, failure);
    if (owner.isEmpty()) {
      return false;
    }
    NotOwnerException notOwner = (NotOwnerException) failure;
    URI base = owner.get();
    // The owner counts the request against its user's limits; this node does not.
    UserLimits.forwarded(ctx);
    RequestOptions options = new RequestOptions()
        .setMethod(ctx.request().method())
        .setHost(base.getHost())
        .setPort(base.getPort())
        .setURI(ctx.request().uri())
        .setTimeout(TIMEOUT_MILLIS);
    MultiMap headers = MultiMap.caseInsensitiveMultiMap();
    ctx.request().headers().forEach(h -> {
      if (!NOT_COPIED.contains(h.getKey().toLowerCase(java.util.Locale.ROOT))) {
        headers.add(h.getKey(), h.getValue());
      }
    });
    Buffer body = ctx.body() == null || ctx.body().buffer() == null ? Buffer.buffer() : ctx.body().buffer();
    headers.set(FORWARDED_BY, owners.self());
    headers.set(ClusterSecret.HEADER, owners.secret().sign(owners.self(), ctx.request().method().name(),
        ctx.request().uri(), body.getBytes(), Instant.now()));
    options.setHeaders(headers);
    client.request(options)
        .compose(request -> {
          // The client went away (e.g. from an event stream): so does the forwarded request.
          ctx.response().closeHandler(v -> request.reset());
          return request.send(body);
        })
        .compose(response -> {
          var out = ctx.response().setStatusCode(response.statusCode());
          response.headers().forEach(h -> {
            if (!NOT_COPIED.contains(h.getKey().toLowerCase(java.util.Locale.ROOT))) {
              out.headers().add(h.getKey(), h.getValue());
            }
          });
          String length = response.getHeader(HttpHeaders.CONTENT_LENGTH);
          if (length != null) {
            out.headers().set(HttpHeaders.CONTENT_LENGTH, length);
          } else {
            out.setChunked(true);
          }
          // Relayed as it comes, so that an event stream flows through as it is written.
          return response.pipeTo(out);
        })
        .onFailure(e -> {
          log.debug("forwarding {} {} to {} failed", ctx.request().method(), ctx.request().path(), base, e);
          if (ctx.response().headWritten()) {
            ctx.response().reset();
            return;
          }
          ErrorResponder.answer(ctx, new NotOwnerException(notOwner.partition(),
              "the node owning partition " + notOwner.partition() + " did not answer; retry shortly"));
        });
    return true;
  }

  /**
   * Refuses (401) a request that says it was forwarded ({@link #FORWARDED_BY}) without a fresh
   * signature of a holder of the cluster secret; runs once its body is read.
   */
  public void checkForwarded(RoutingContext ctx) {
    if (ctx.request().getHeader(FORWARDED_BY) == null) {
      ctx.next();
      return;
    }
    byte[] body = ctx.body() == null || ctx.body().buffer() == null ? new byte[0] : ctx.body().buffer().getBytes();
    if (owners.secret().verify(ctx.request().getHeader(ClusterSecret.HEADER), ctx.request().method().name(),
        ctx.request().uri(), body, Instant.now()).isEmpty()) {
      ctx.fail(new LetterboxException(ErrorCode.UNAUTHORIZED, "a forwarded request must carry a fresh signature of"
          + " a cluster member (" + ClusterSecret.HEADER + ")"));
      return;
    }
    ctx.next();
  }

  /**
   * @return the node to send {@code ctx}'s request to: the owner of the partition
   *     {@code failure} names, unless the request was forwarded already or the owner is unknown
   */
  private Optional<URI> ownerFor(RoutingContext ctx, Throwable failure) {
    if (!(failure instanceof NotOwnerException notOwner) || ctx.request().getHeader(FORWARDED_BY) != null) {
      return Optional.empty();
    }
    return owners.urlOf(notOwner.partition());
  }

  @Override
  public void close() {}
}
