package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.feed.EventStreams;
import io.letterbox.model.Event;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.access.UserLimits;
import io.letterbox.server.http.errors.ErrorResponder;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.forwarding.Forwarder;
import io.letterbox.server.http.json.Json;
import io.letterbox.server.http.json.JsonViews;
import io.letterbox.server.http.requests.ByteBudget;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An owner's events (API.md, Live events and sync): {@code sync} from a position, and the same
 * events live over Server-Sent Events and WebSocket. A stream first gives what the client missed
 * since its position ({@code Last-Event-ID}, or {@code ?since=}), then each event as it happens
 * (decision 0010). A client that falls more than event-buffer-bytes behind is told
 * {@code SLOW_CONSUMER} and disconnected; it resumes from the last position it got. So is one whose
 * next event would take the unsent bytes of all streams together past event-buffer-total-bytes:
 * each stream's buffer is bounded, and so is their sum, whatever the number of streams.
 */
public final class EventRoutes {
  /** A stream's client fell too far behind. */
  static final String SLOW_CONSUMER = "SLOW_CONSUMER";
  /** The server ended the stream (its user's partition moved, the server stops). */
  static final String STREAM_ENDED = "STREAM_ENDED";
  private static final int SYNC_DEFAULT_LIMIT = 100;

  private final Letterbox box;
  private final EngineCalls engine;
  private final Vertx vertx;
  private final Duration keepAlive;
  private final long bufferBytes;
  private final ByteBudget allStreams;

  public EventRoutes(Letterbox box, EngineCalls engine, Vertx vertx, Duration keepAlive, long bufferBytes, long totalBytes) {
    this.box = box;
    this.engine = engine;
    this.vertx = vertx;
    this.keepAlive = keepAlive;
    this.bufferBytes = bufferBytes;
    this.allStreams = new ByteBudget(totalBytes);
  }

  public void register(Routes routes) {
    routes.add(GET, "/v1/users/:uid/sync", ctx -> {
      long uid = Params.id(ctx, "uid");
      String since = Params.optionalQuery(ctx, "since");
      int limit = Params.limit(ctx, SYNC_DEFAULT_LIMIT);
      Replies.json(ctx, 200, engine.read(() -> JsonViews.sync(uid, box.events().sync(uid, since, limit))));
    });

    routes.add(GET, "/v1/users/:uid/events", ctx -> {
      long uid = Params.id(ctx, "uid");
      String header = ctx.request().getHeader("Last-Event-ID");
      String since = header != null && !header.isEmpty() ? header : Params.optionalQuery(ctx, "since");
      open(ctx, uid, since, new Sse(ctx));
    });

    routes.add(GET, "/v1/users/:uid/socket", ctx -> {
      long uid = Params.id(ctx, "uid");
      String since = Params.optionalQuery(ctx, "since");
      // Upgraded first (Vert.x upgrades only a request not yet read); a position the engine
      // refuses then ends the socket with an error message naming its code.
      ctx.request().toWebSocket().onComplete(ws -> {
        if (ws.failed()) {
          ctx.fail(ws.cause());
        } else {
          open(ctx, uid, since, new Socket(ws.result(), routes.forwarder()));
        }
      });
    });
  }

  /**
   * Opens the engine's stream and bridges it to {@code channel} once the stream is accepted. The
   * channel's close is watched from the start, before the engine call: a client that goes away at
   * any moment (while the call that reads its position is on a worker, during its backlog, or
   * later) releases its stream, every frame it holds in the shared buffer, and what the request
   * counts against its user's limits. A write that fails (the head, a frame, a keep-alive) says
   * the same: a connection can be gone without its close being told to a handler registered after
   * it failed, so the keep-alives find out within one period.
   */
  private void open(RoutingContext ctx, long uid, String since, Channel channel) {
    Bridge bridge = new Bridge(uid, channel, Vertx.currentContext(), () -> UserLimits.ended(ctx));
    if (!channel.onClose(bridge::gone)) {
      UserLimits.ended(ctx);
      return;
    }
    engine.read(() -> box.events().stream(uid, since, bridge)).onComplete(opened -> {
      if (opened.failed()) {
        if (!bridge.isGone()) {
          channel.refused(ctx, opened.cause());
        }
        return;
      }
      bridge.start(opened.result());
    });
  }

  /** @return the bytes of frames handed to streams and not yet written, all streams together */
  public long bufferedBytes() {
    return allStreams.reserved();
  }

  /** Where a stream's frames go: an SSE response or a WebSocket. Used on its event loop only. */
  private interface Channel {
    /** Sends the head of the stream; fails when the connection is gone. */
    Future<Void> begin();

    Buffer frame(long owner, Event e);

    Future<Void> write(Buffer frame);

    /** Fails when the connection is gone. */
    Future<Void> keepAlive();

    /** Says why the stream ends ({@code code}, {@code message}) and closes it. */
    void end(String code, String message);

    /**
     * Runs {@code r} once when the connection closes.
     *
     * @return false if it is closed already (then {@code r} is not run)
     */
    boolean onClose(Runnable r);

    /** The stream was refused before it began: an ordinary error answer. */
    void refused(RoutingContext ctx, Throwable cause);
  }

  /** The engine's stream on one connection; counts the bytes handed to it and not yet written. */
  private final class Bridge implements EventStreams.Sink {
    private final long owner;
    private final Channel channel;
    private final Context context;
    /** Releases what the request counts against its user's limits; run once, when the client is gone. */
    private final Runnable released;
    private final AtomicLong unsent = new AtomicLong();
    /** No more frames are taken: the stream ended or its client went away. */
    private volatile boolean done;
    // On the event loop only:
    private boolean started;
    /** The engine's call that opens the stream came back. */
    private boolean answered;
    private boolean gone;
    /** The client was told why the stream ended. */
    private boolean told;
    /** Why the stream ended before it began, told once it begins. */
    private String[] endedEarly;
    private final List<Buffer> early = new ArrayList<>();
    private EventStreams.Stream stream;
    private long timer = -1;

    Bridge(long owner, Channel channel, Context context, Runnable released) {
      this.owner = owner;
      this.channel = channel;
      this.context = context;
      this.released = released;
    }

    @Override
    public boolean accept(Event e) {
      if (done) {
        return false;
      }
      Buffer frame = channel.frame(owner, e);
      long bytes = frame.length();
      if (unsent.get() + bytes > bufferBytes || !allStreams.tryReserve(bytes)) {
        done = true;
        String over = unsent.get() + bytes > bufferBytes ? bufferBytes + " bytes waiting"
            : "event-buffer-total-bytes waiting for all streams together";
        context.runOnContext(v -> finish(SLOW_CONSUMER, "the client read events too slowly (over " + over
            + "); reconnect from the last position"));
        return false;
      }
      unsent.addAndGet(bytes);
      context.runOnContext(v -> {
        if (done) {
          sent(frame); // never written: the stream ended meanwhile
        } else if (!started) {
          early.add(frame);
        } else {
          send(frame);
        }
      });
      return true;
    }

    @Override
    public void ended(String reason) {
      done = true;
      context.runOnContext(v -> finish(STREAM_ENDED, reason));
    }

    private void send(Buffer frame) {
      if (done) {
        sent(frame); // the stream ended meanwhile: never written
        return;
      }
      Future<Void> written;
      try {
        written = channel.write(frame);
      } catch (RuntimeException closed) {
        sent(frame);
        gone();
        return;
      }
      written.onComplete(r -> {
        sent(frame);
        if (r.failed()) {
          gone();
        }
      });
    }

    /** The frame left the server's hands: written, failed with its connection, or dropped. */
    private void sent(Buffer frame) {
      unsent.addAndGet(-frame.length());
      allStreams.release(frame.length());
    }

    /** The engine accepted the stream: it begins, unless it ended or its client went away meanwhile. */
    void start(EventStreams.Stream s) {
      stream = s;
      answered = true;
      if (done) {
        stop();
        if (endedEarly != null) {
          finish(endedEarly[0], endedEarly[1]);
        }
        return;
      }
      watch(channel.begin());
      started = true;
      // Taken out first: a failed write ends the stream (stop) while the backlog is being sent.
      List<Buffer> backlog = List.copyOf(early);
      early.clear();
      backlog.forEach(this::send);
      timer = vertx.setPeriodic(keepAlive.toMillis(), id -> {
        try {
          watch(channel.keepAlive());
        } catch (RuntimeException closed) {
          gone();
        }
      });
    }

    private void watch(Future<Void> write) {
      write.onFailure(failed -> gone());
    }

    /** The client went away (its connection closed, or a write to it failed). Safe to call more than once. */
    void gone() {
      if (gone) {
        return;
      }
      gone = true;
      stop();
      released.run();
    }

    boolean isGone() {
      return gone;
    }

    /** Ends the stream, telling the client why: now if the engine opened it, else once it does. */
    private void finish(String code, String message) {
      stop();
      if (gone || told) {
        return;
      }
      if (started || answered) {
        told = true;
        if (!started) {
          channel.begin();
        }
        channel.end(code, message);
      } else {
        endedEarly = new String[] {code, message};
      }
    }

    /**
     * Stops the engine's stream and the keep-alives, and gives back the frames never written (the
     * client went away, or the stream ends). Safe to call more than once.
     */
    private void stop() {
      done = true;
      if (timer >= 0) {
        vertx.cancelTimer(timer);
        timer = -1;
      }
      early.forEach(this::sent);
      early.clear();
      if (stream != null) {
        stream.close();
        stream = null;
      }
    }
  }

  private static String json(Object o) {
    return new String(Json.write(o), StandardCharsets.UTF_8);
  }

  private static ErrorResponder.ErrorBody error(String code, String message) {
    return new ErrorResponder.ErrorBody(new ErrorResponder.ErrorBody.Error(code, message));
  }

  /** Server-Sent Events: {@code id:} the position, {@code event:} the type, {@code data:} the event. */
  private static final class Sse implements Channel {
    private final RoutingContext ctx;
    private final HttpServerResponse response;

    Sse(RoutingContext ctx) {
      this.ctx = ctx;
      this.response = ctx.response();
    }

    @Override
    public Future<Void> begin() {
      response.setChunked(true)
          .putHeader("Content-Type", "text/event-stream; charset=utf-8")
          .putHeader("Cache-Control", "no-store")
          .putHeader("X-Accel-Buffering", "no");
      return response.write(": connected\n\n");
    }

    @Override
    public Buffer frame(long owner, Event e) {
      JsonViews.EventView view = JsonViews.event(owner, e);
      return Buffer.buffer("id: " + view.position() + "\nevent: " + view.type() + "\ndata: ")
          .appendBytes(Json.write(view)).appendString("\n\n");
    }

    @Override
    public Future<Void> write(Buffer frame) {
      return response.write(frame);
    }

    @Override
    public Future<Void> keepAlive() {
      return response.write(": keep-alive\n\n");
    }

    @Override
    public void end(String code, String message) {
      if (!response.ended() && !response.closed()) {
        response.end("event: error\ndata: " + json(error(code, message)) + "\n\n");
      }
    }

    @Override
    public boolean onClose(Runnable r) {
      if (response.closed() || response.ended()) {
        return false;
      }
      // The context's end handlers, not the response's one close handler: the metrics of the
      // request and the body's budget watch the same end.
      ctx.addEndHandler(v -> r.run());
      return true;
    }

    @Override
    public void refused(RoutingContext ctx, Throwable cause) {
      ctx.fail(cause);
    }
  }

  /** WebSocket: one text message per event (its JSON, with {@code type} and {@code position}). */
  private static final class Socket implements Channel {
    /** Close code 1013, "try again later": the client reconnects from its last position. */
    private static final short TRY_AGAIN_LATER = 1013;
    /** Close code 1008, "policy violation": the request was refused (its code says why). */
    private static final short REFUSED = 1008;
    private final ServerWebSocket ws;
    private final Forwarder forwarder;

    /** @param forwarder relays the socket to the node that owns its user; null without a cluster */
    Socket(ServerWebSocket ws, Forwarder forwarder) {
      this.ws = ws;
      this.forwarder = forwarder;
    }

    @Override
    public Future<Void> begin() {
      return Future.succeededFuture();
    }

    @Override
    public Buffer frame(long owner, Event e) {
      return Buffer.buffer(Json.write(JsonViews.event(owner, e)));
    }

    @Override
    public Future<Void> write(Buffer frame) {
      return ws.writeTextMessage(frame.toString(StandardCharsets.UTF_8));
    }

    @Override
    public Future<Void> keepAlive() {
      return ws.writePing(Buffer.buffer());
    }

    @Override
    public void end(String code, String message) {
      if (!ws.isClosed()) {
        ws.writeTextMessage(json(new SocketError("error", error(code, message).error())));
        ws.close(code.equals(SLOW_CONSUMER) || code.equals(STREAM_ENDED) ? TRY_AGAIN_LATER : REFUSED, code);
      }
    }

    @Override
    public boolean onClose(Runnable r) {
      if (ws.isClosed()) {
        return false;
      }
      ws.closeHandler(v -> r.run());
      return true;
    }

    @Override
    public void refused(RoutingContext ctx, Throwable failure) {
      Throwable cause = ErrorResponder.unwrap(failure);
      if (forwarder != null && forwarder.forwardSocket(ctx, ws, cause)) {
        return;
      }
      String code = cause instanceof LetterboxException e ? e.code().name() : "INTERNAL";
      end(code, cause.getMessage() == null ? code : cause.getMessage());
    }
  }

  /** The last message of a WebSocket the server ends. */
  private record SocketError(String type, ErrorResponder.ErrorBody.Error error) {}
}
