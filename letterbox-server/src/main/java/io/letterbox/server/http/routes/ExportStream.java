package io.letterbox.server.http.routes;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A chunked answer written batch by batch at the client's pace: a batch is asked for only once the
 * previous one is written and the response's write queue has room again ({@code writeQueueFull},
 * then its drain handler), so the server holds a batch or two, never the whole answer. An empty
 * batch ends the answer. A batch refused with OVERLOADED is asked for again a little later. Any other
 * failure of the first batch, before a byte is sent, is answered as a refusal (a partition that moved
 * is forwarded); later, it cuts the connection: an incomplete chunked body is how the client learns
 * it.
 */
final class ExportStream {
  private static final Logger log = LoggerFactory.getLogger(ExportStream.class);
  /** How long a batch waits to be asked for again when the engine's pool is full. */
  private static final long RETRY_MILLIS = 50;
  private final Vertx vertx;
  private final HttpServerResponse response;
  private final Supplier<Future<Buffer>> batches;
  private final Handler<Throwable> refusal;
  private boolean closed;

  /**
   * @param batches the next batch, completed on the response's event loop; empty at the end
   * @param refusal answers a failure that came before the first byte
   */
  ExportStream(Vertx vertx, HttpServerResponse response, Supplier<Future<Buffer>> batches, Handler<Throwable> refusal) {
    this.vertx = vertx;
    this.response = response;
    this.batches = batches;
    this.refusal = refusal;
  }

  /** Sends the status and headers with {@code contentType}, then the batches. */
  void start(String contentType) {
    response.setStatusCode(200).setChunked(true).putHeader("Content-Type", contentType);
    response.closeHandler(v -> closed = true);
    next();
  }

  private void next() {
    if (closed) {
      return;
    }
    batches.get().onComplete(ar -> {
      if (closed) {
        return;
      }
      if (ar.succeeded()) {
        write(ar.result());
      } else if (ar.cause() instanceof LetterboxException e && e.code() == ErrorCode.OVERLOADED) {
        vertx.setTimer(RETRY_MILLIS, t -> next());
      } else if (!response.headWritten()) {
        refusal.handle(ar.cause());
      } else {
        log.error("a streamed answer failed after it began", ar.cause());
        response.reset();
      }
    });
  }

  private void write(Buffer batch) {
    if (batch.length() == 0) {
      response.end();
      return;
    }
    response.write(batch);
    if (response.writeQueueFull()) {
      response.drainHandler(v -> next());
    } else {
      next();
    }
  }
}
