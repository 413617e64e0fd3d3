package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.HEAD;
import static io.vertx.core.http.HttpMethod.POST;

import io.letterbox.blob.Blobs;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.model.Blob;
import io.letterbox.server.auth.Principal;
import io.letterbox.server.config.InlineBlobTypes;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.access.Authentication;
import io.letterbox.server.http.errors.ApiException;
import io.letterbox.server.http.errors.HttpCode;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.JsonViews;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.Locale;
import java.util.Optional;

/**
 * Blobs: uploads of raw bytes, and downloads with {@code ETag}, {@code If-None-Match} and one
 * byte range ({@code Range}, {@code If-Range}; RFC 9110). A blob never changes, so its id (opaque:
 * never the hash of its bytes) is its strong entity tag and clients may cache it for good.
 *
 * <p>A blob is private (decision 0022): its uploader, the readers of a message that attaches it
 * and services read it; anyone else gets the 404 of a blob that does not exist. One whose type is
 * not in {@code inline-blob-types} is served as a download in a sandbox, so that bytes a user
 * uploaded (HTML, SVG) never run as a page of the API's origin.
 */
public final class BlobRoutes {
  private static final String CACHE_CONTROL = "private, max-age=31536000, immutable";
  /** Bytes read and written at a time: four chunks. */
  static final int SLICE_BYTES = 4 * Blobs.CHUNK_BYTES;

  private final Letterbox box;
  private final EngineCalls engine;
  private final long maxBytes;
  private final InlineBlobTypes inlineTypes;

  /** @param maxBytes the engine's max-blob-bytes, the routes' body limit */
  public BlobRoutes(Letterbox box, EngineCalls engine, long maxBytes, InlineBlobTypes inlineTypes) {
    this.box = box;
    this.engine = engine;
    this.maxBytes = maxBytes;
    this.inlineTypes = inlineTypes;
  }

  /** @return the uid whose access to blobs a request has: its user's, or {@link Blobs#SERVICE} for a service */
  static long reader(RoutingContext ctx) {
    Principal principal = ctx.get(Authentication.PRINCIPAL);
    return principal == null || principal.isService() ? Blobs.SERVICE : principal.uid();
  }

  public void register(Routes routes) {
    routes.add(POST, "/v1/blobs", maxBytes, "max-blob-bytes", ctx -> {
      Blobs blobs = box.blobs();
      byte[] bytes = ctx.body().buffer() == null ? new byte[0] : ctx.body().buffer().getBytes();
      String contentType = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
      long uploader = reader(ctx);
      Replies.when(ctx, engine.write(() -> blobs.put(uploader, bytes, contentType)), stored -> {
        ctx.response().putHeader(HttpHeaders.LOCATION, "/v1/blobs/" + stored.blob().id());
        Replies.json(ctx, stored.created() ? 201 : 200, JsonViews.blob(stored.blob()));
      });
    });
    routes.add(GET, "/v1/blobs/:id", ctx -> download(ctx, true));
    routes.add(HEAD, "/v1/blobs/:id", ctx -> download(ctx, false));
  }

  private void download(RoutingContext ctx, boolean withBody) {
    String id = ctx.pathParam("id");
    Blobs blobs = box.blobs();
    long reader = reader(ctx);
    Replies.when(ctx, engine.read(() -> box.blobAccess().read(reader, id)), found -> {
      // The same answer whether it does not exist or this reader may not read it.
      Blob blob = found.orElseThrow(() -> LetterboxException.notFound("no blob %s", id));
      String etag = "\"" + blob.id() + "\"";
      HttpServerResponse response = ctx.response()
          .putHeader(HttpHeaders.ETAG, etag)
          .putHeader(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL)
          .putHeader(HttpHeaders.ACCEPT_RANGES, "bytes")
          .putHeader("X-Content-Type-Options", "nosniff");
      if (!inlineTypes.inline(blob.contentType())) {
        response.putHeader("Content-Disposition", "attachment")
            .putHeader("Content-Security-Policy", "sandbox");
      }
      if (matches(ctx.request().getHeader(HttpHeaders.IF_NONE_MATCH), etag)) {
        response.setStatusCode(304).end();
        return;
      }
      String ifRange = ctx.request().getHeader("If-Range");
      Optional<ByteRange> range = ifRange == null || ifRange.trim().equals(etag)
          ? ByteRange.of(ctx.request().getHeader("Range"), blob.size())
          : Optional.empty();
      if (range.isPresent() && range.get().length() < 0) {
        response.putHeader("Content-Range", "bytes */" + blob.size());
        throw new ApiException(HttpCode.RANGE_NOT_SATISFIABLE,
            "the range " + ctx.request().getHeader("Range") + " has no bytes in a blob of " + blob.size());
      }
      ByteRange r = range.orElse(new ByteRange(0, blob.size()));
      response.putHeader(HttpHeaders.CONTENT_TYPE, blob.contentType())
          // Attachments are mostly compressed already, and a range is of the stored bytes.
          .putHeader(HttpHeaders.CONTENT_ENCODING, HttpHeaders.IDENTITY)
          .putHeader(HttpHeaders.CONTENT_LENGTH, Long.toString(r.length()));
      if (range.isPresent()) {
        response.setStatusCode(206).putHeader("Content-Range",
            "bytes " + r.from() + "-" + (r.from() + r.length() - 1) + "/" + blob.size());
      }
      if (!withBody) {
        response.end();
        return;
      }
      send(ctx, blobs, blob, r.from(), r.from() + r.length());
    });
  }

  /**
   * Writes bytes {@code [from, end)} of {@code blob} a slice at a time, each read when the client
   * has taken the one before: a large blob never sits in memory whole.
   */
  private void send(RoutingContext ctx, Blobs blobs, Blob blob, long from, long end) {
    HttpServerResponse response = ctx.response();
    if (from >= end) {
      response.end();
      return;
    }
    long n = Math.min(SLICE_BYTES, end - from);
    Replies.when(ctx, engine.read(() -> blobs.read(blob, from, n)), bytes -> {
      response.write(Buffer.buffer(bytes));
      if (response.writeQueueFull()) {
        response.drainHandler(v -> send(ctx, blobs, blob, from + n, end));
      } else {
        send(ctx, blobs, blob, from + n, end);
      }
    });
  }

  /** @return whether an {@code If-None-Match} list names {@code etag} (weakly compared) or is {@code *} */
  static boolean matches(String ifNoneMatch, String etag) {
    if (ifNoneMatch == null) {
      return false;
    }
    for (String tag : ifNoneMatch.split(",")) {
      String t = tag.trim();
      if (t.equals("*") || (t.startsWith("W/") ? t.substring(2) : t).equals(etag)) {
        return true;
      }
    }
    return false;
  }

  /**
   * One range of bytes: {@code length} bytes from {@code from}; a negative length means none of the
   * requested bytes exist (416).
   */
  record ByteRange(long from, long length) {
    private static final ByteRange UNSATISFIABLE = new ByteRange(0, -1);

    /**
     * @return the range a {@code Range} header asks of a blob of {@code size}; empty where the
     *     whole blob is to be sent: no header, another unit, several ranges or a malformed one
     *     (which RFC 9110 lets a server ignore)
     */
    static Optional<ByteRange> of(String header, long size) {
      if (header == null) {
        return Optional.empty();
      }
      String h = header.trim();
      if (!h.toLowerCase(Locale.ROOT).startsWith("bytes=") || h.indexOf(',') >= 0) {
        return Optional.empty();
      }
      String spec = h.substring(6).trim();
      int dash = spec.indexOf('-');
      if (dash < 0) {
        return Optional.empty();
      }
      Long first = number(spec.substring(0, dash));
      Long last = number(spec.substring(dash + 1));
      if (dash == 0) {
        // A suffix: the last n bytes.
        if (last == null) {
          return Optional.empty();
        }
        if (last == 0 || size == 0) {
          return Optional.of(UNSATISFIABLE);
        }
        long n = Math.min(last, size);
        return Optional.of(new ByteRange(size - n, n));
      }
      if (first == null || (dash + 1 < spec.length() && (last == null || last < first))) {
        return Optional.empty();
      }
      if (first >= size) {
        return Optional.of(UNSATISFIABLE);
      }
      long end = last == null ? size - 1 : Math.min(last, size - 1);
      return Optional.of(new ByteRange(first, end - first + 1));
    }

    /** @return the decimal digits as a number, or null if they are not (or overflow) */
    private static Long number(String s) {
      if (s.isEmpty() || s.length() > 18 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
        return null;
      }
      return Long.parseLong(s);
    }
  }
}
