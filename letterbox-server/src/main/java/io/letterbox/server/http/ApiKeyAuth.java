package io.letterbox.server.http;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.PlatformHandler;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;

/**
 * Admits requests that carry {@code Authorization: Bearer <key>} with a configured key. With no
 * key configured it admits everything: the server then listens on loopback only.
 *
 * <p>A {@link PlatformHandler} so that Vert.x lets it run before the body handler: a stranger's
 * request is refused before its body is read, not after buffering up to max-body-bytes.
 */
final class ApiKeyAuth implements PlatformHandler {
  private static final String PREFIX = "bearer ";
  private final List<byte[]> keys;

  ApiKeyAuth(List<String> keys) {
    this.keys = keys.stream().map(k -> k.getBytes(StandardCharsets.UTF_8)).toList();
  }

  @Override
  public void handle(RoutingContext ctx) {
    if (keys.isEmpty() || admits(ctx.request().getHeader("Authorization"))) {
      ctx.next();
    } else {
      ctx.fail(new LetterboxException(ErrorCode.UNAUTHORIZED,
          "an Authorization: Bearer <api-key> header with a configured key is required"));
    }
  }

  private boolean admits(String header) {
    if (header == null || header.length() <= PREFIX.length()
        || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
      return false;
    }
    byte[] given = header.substring(PREFIX.length()).trim().getBytes(StandardCharsets.UTF_8);
    boolean ok = false;
    // Compare with every key in constant time so that timing reveals neither key nor position.
    for (byte[] key : keys) {
      ok |= MessageDigest.isEqual(key, given);
    }
    return ok;
  }
}
