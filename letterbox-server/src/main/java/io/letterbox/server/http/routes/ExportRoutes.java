package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.Export;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.StreamedJson;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A user's export (decision 0046): {@code application/x-ndjson}, streamed. Each batch of lines is
 * read and written as JSON on the engine's pool, and the next is read only once the response's
 * write queue has room again, so what the server holds of an export is a batch or two, whatever the
 * user's history.
 */
public final class ExportRoutes {
  public static final String PATH = "/v1/users/:uid/export";
  private static final Logger log = LoggerFactory.getLogger(ExportRoutes.class);
  /** How long a batch waits to be read again when the engine's pool is full. */
  private static final long RETRY_MILLIS = 50;
  private final Letterbox box;
  private final EngineCalls engine;

  public ExportRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  public void register(Routes routes) {
    routes.add(GET, PATH, ctx -> {
      long uid = Params.id(ctx, "uid");
      Replies.when(ctx, engine.read(() -> box.export().of(uid)), walk -> new Stream(ctx, walk).start());
    });
  }

  /** One export's answer: a batch read on the pool, written, then the next once the socket takes it. */
  private final class Stream {
    private final RoutingContext ctx;
    private final HttpServerResponse response;
    private final Export.Walk walk;
    private boolean closed;

    Stream(RoutingContext ctx, Export.Walk walk) {
      this.ctx = ctx;
      this.response = ctx.response();
      this.walk = walk;
    }

    void start() {
      response.setStatusCode(200)
          .setChunked(true)
          .putHeader("Content-Type", "application/x-ndjson; charset=utf-8");
      response.closeHandler(v -> closed = true);
      next();
    }

    private void next() {
      if (closed) {
        return;
      }
      engine.read(() -> StreamedJson.exportLines(walk.next())).onComplete(ar -> {
        if (closed) {
          return;
        }
        if (ar.succeeded()) {
          write(ar.result());
        } else if (ar.cause() instanceof LetterboxException e && e.code() == ErrorCode.OVERLOADED) {
          ctx.vertx().setTimer(RETRY_MILLIS, t -> next());
        } else {
          // The status is sent: a cut connection is how the client learns the export is incomplete.
          log.error("export of {} failed after its answer began", ctx.pathParam("uid"), ar.cause());
          response.reset();
        }
      });
    }

    private void write(Buffer lines) {
      if (lines.length() == 0) {
        response.end();
      } else {
        response.write(lines);
        if (response.writeQueueFull()) {
          response.drainHandler(v -> next());
        } else {
          next();
        }
      }
    }
  }
}
