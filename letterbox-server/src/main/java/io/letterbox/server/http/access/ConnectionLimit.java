package io.letterbox.server.http.access;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.errors.ErrorResponder;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bounds the connections open at once (max-connections, decision 0014). Every connection holds a
 * file descriptor, and so does every table file of the store: a process out of descriptors fails
 * its next flush or compaction (RocksDB then refuses writes) and can no longer accept, and the
 * clients it cannot accept hang in the kernel's backlog without an answer. So a connection past
 * the limit is accepted only to be refused: its requests get 429 {@code OVERLOADED} with
 * Retry-After, and it is closed after its first answer, or after {@link #GRACE_MILLIS} if no
 * request comes. Refused connections waiting for their request hold descriptors too, so at most a
 * quarter of the limit more wait: past that a new connection is closed at once, unanswered. The
 * limit being reached is logged once, and its end once, not per connection.
 */
public final class ConnectionLimit implements Handler<HttpConnection> {
  private static final Logger log = LoggerFactory.getLogger(ConnectionLimit.class);
  /** How long a refused connection may stay open waiting for the request its refusal answers. */
  static final long GRACE_MILLIS = 2_000;

  private final Vertx vertx;
  private final int max;
  private final AtomicInteger open = new AtomicInteger();
  private final Set<HttpConnection> refused = ConcurrentHashMap.newKeySet();
  private final AtomicBoolean refusing = new AtomicBoolean();
  private final AtomicLong refusedSince = new AtomicLong();
  private final LetterboxException refusal;

  public ConnectionLimit(Vertx vertx, int max) {
    this.vertx = vertx;
    this.max = max;
    this.refusal = new LetterboxException(ErrorCode.OVERLOADED,
        "too many connections open (max-connections " + max + "); retry shortly");
  }

  /**
   * @return half the file descriptors the process has left under its open-file limit now (call it
   *     once the store is open), at least 1; 10,000 where the JVM does not tell
   */
  public static int halfTheDescriptorsLeft() {
    if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
      long left = unix.getMaxFileDescriptorCount() - unix.getOpenFileDescriptorCount();
      return (int) Math.max(1, Math.min(1 << 24, left / 2));
    }
    return 10_000;
  }

  /** A new connection: counted, and refused if it is one too many. */
  @Override
  public void handle(HttpConnection connection) {
    int now = open.incrementAndGet();
    connection.closeHandler(closed -> {
      refused.remove(connection);
      if (open.decrementAndGet() < max && refusing.compareAndSet(true, false)) {
        log.info("connections under max-connections ({}) again; {} were refused meanwhile", max, refusedSince.get());
      }
    });
    if (now > max) {
      if (now > max + max / 4) {
        connection.close();
      } else {
        refused.add(connection);
        vertx.setTimer(GRACE_MILLIS, t -> connection.close());
      }
      refusedSince.incrementAndGet();
      if (refusing.compareAndSet(false, true)) {
        refusedSince.set(1);
        log.warn("max-connections ({}) reached: new connections are refused (429 OVERLOADED, then closed) until some "
            + "close. If this is load, not a flood, raise max-connections and the open-file limit (LimitNOFILE) "
            + "together: the store needs descriptors too", max);
      }
    }
  }

  /**
   * Wraps the server's request handler: requests of a refused connection are answered 429 and the
   * connection closed; others go on to {@code next}.
   */
  public Handler<HttpServerRequest> guard(Handler<HttpServerRequest> next) {
    return request -> {
      if (refused.contains(request.connection())) {
        ErrorResponder.refuse(request, refusal);
      } else {
        next.handle(request);
      }
    };
  }

  /** @return the connections open now, refused ones included */
  public int open() {
    return open.get();
  }
}
