package io.letterbox.server.http.errors;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import java.time.Duration;

/**
 * Closes the connection of a request answered before its body was all read, without losing the
 * answer. A socket closed with unread bytes in its receive buffer makes the kernel send a reset,
 * and a reset can overtake the answer on its way, so a client still sending its body would see a
 * broken connection instead of the refusal. So the connection first reads and discards what the
 * client still sends ("lingering close", RFC 9112 section 9.6), and closes when the request's last
 * byte has come, when the client closes, or after {@link #LINGER}, whichever is first: a client
 * that never stops sending holds its connection no longer than that.
 */
public final class LingeringClose {
  /** How long a refused request's remaining bytes are read and discarded before the connection goes anyway. */
  public static final Duration LINGER = Duration.ofSeconds(2);

  private LingeringClose() {}

  /** Closes {@code request}'s connection once the client has nothing more to send; called when the answer has ended. */
  public static void close(HttpServerRequest request) {
    HttpConnection connection = request.connection();
    Context context = Vertx.currentContext();
    if (request.isEnded() || context == null) {
      connection.close();
      return;
    }
    long timer = context.owner().setTimer(LINGER.toMillis(), id -> connection.close());
    try {
      request.handler(discarded -> { });
      request.exceptionHandler(failure -> connection.close());
      request.endHandler(done -> {
        context.owner().cancelTimer(timer);
        connection.close();
      });
      request.resume();
    } catch (IllegalStateException alreadyRead) {
      // The request's stream is over after all: nothing is left to read.
      context.owner().cancelTimer(timer);
      connection.close();
    }
  }
}
