package io.letterbox.server.http.access;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.auth.Principal;
import io.letterbox.server.auth.Revocations;
import io.letterbox.server.auth.UserTokens;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.PlatformHandler;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.List;

/**
 * Decides who a request acts as, from {@code Authorization: Bearer <credential>}: a configured
 * service key acts as a service (full access); a user token (a JWT, when user tokens are
 * configured) as its user, if it verifies (else 401). Without a credential, a server with no key
 * configured (loopback only) takes the request as a service's, and one with keys refuses it (401).
 * The {@link Principal} is left in the context for {@link UserAccess}. Whether a user token was
 * revoked ({@link Revocations}) is checked by {@link #revocationCheck}, after the body is read: it
 * may need a store read, which a platform handler must not wait for.
 *
 * <p>A {@link PlatformHandler} so that Vert.x lets it run before the body handler: a stranger's
 * request is refused before its body is read, not after buffering up to max-body-bytes.
 */
public final class Authentication implements PlatformHandler {
  public static final String PRINCIPAL = "letterbox.principal";
  /** The verified user token's {@code iat} (an Instant, absent without one). */
  private static final String ISSUED_AT = "letterbox.issued-at";
  private static final String PREFIX = "bearer ";
  private final List<byte[]> keys;
  private final UserTokens tokens;
  private final Revocations revocations;

  /**
   * @param tokens      null when user tokens are not configured
   * @param revocations when each user's tokens were last revoked
   */
  public Authentication(List<String> keys, UserTokens tokens, Revocations revocations) {
    this.keys = keys.stream().map(k -> k.getBytes(StandardCharsets.UTF_8)).toList();
    this.tokens = tokens;
    this.revocations = revocations;
  }

  @Override
  public void handle(RoutingContext ctx) {
    String credential = bearer(ctx.request().getHeader("Authorization"));
    if (credential != null && isKey(credential)) {
      admit(ctx, Principal.SERVICE);
    } else if (credential != null && tokens != null && UserTokens.looksLikeToken(credential)) {
      UserTokens.Verified token;
      try {
        token = tokens.verified(credential, Clock.systemUTC());
      } catch (UserTokens.InvalidToken e) {
        ctx.fail(new LetterboxException(ErrorCode.UNAUTHORIZED, e.getMessage()));
        return;
      }
      if (token.issuedAt() != null) {
        ctx.put(ISSUED_AT, token.issuedAt());
      }
      admit(ctx, Principal.user(token.uid()));
    } else if (keys.isEmpty()) {
      admit(ctx, Principal.SERVICE);
    } else {
      ctx.fail(new LetterboxException(ErrorCode.UNAUTHORIZED, tokens == null
          ? "an Authorization: Bearer <api-key> header with a configured key is required"
          : "an Authorization: Bearer header with a configured key or a valid user token is required"));
    }
  }

  /**
   * Refuses (401) a user token revoked after it was issued (decision 0024); lets services and
   * other users' tokens through. Answers at once when the user's revocation is cached.
   */
  public Handler<RoutingContext> revocationCheck() {
    return ctx -> {
      Principal principal = ctx.get(PRINCIPAL);
      if (principal == null || principal.isService()) {
        ctx.next();
        return;
      }
      CompletableFuture<Boolean> revoked = revocations.revoked(principal.uid(), ctx.get(ISSUED_AT));
      if (revoked.isDone()) {
        decide(ctx, revoked);
        return;
      }
      // The store is read off the event loop. A request not read to its end yet (a GET, whose end
      // follows its headers) is held meanwhile: Vert.x upgrades to a WebSocket only a request whose
      // end it has not delivered, and the upgrade resumes it itself; any other request, or one
      // refused, is resumed once decided.
      HttpServerRequest request = ctx.request();
      boolean held = !request.isEnded();
      if (held) {
        request.pause();
      }
      Context context = Vertx.currentContext();
      revoked.whenComplete((r, e) -> context.runOnContext(v -> {
        if (held && (!isUpgrade(request) || !Boolean.FALSE.equals(r))) {
          request.resume();
        }
        decide(ctx, revoked);
      }));
    };
  }

  private static boolean isUpgrade(HttpServerRequest request) {
    return "websocket".equalsIgnoreCase(request.getHeader("Upgrade"));
  }

  private static void decide(RoutingContext ctx, CompletableFuture<Boolean> revoked) {
    boolean refused;
    try {
      refused = revoked.join();
    } catch (RuntimeException e) {
      ctx.fail(e.getCause() != null ? e.getCause() : e);
      return;
    }
    if (refused) {
      ctx.fail(new LetterboxException(ErrorCode.UNAUTHORIZED,
          "the user token was revoked: its user's tokens issued until a later moment no longer act"));
    } else {
      ctx.next();
    }
  }

  private static void admit(RoutingContext ctx, Principal principal) {
    ctx.put(PRINCIPAL, principal);
    ctx.next();
  }

  /** @return the credential of a bearer header; null for none or another scheme */
  private static String bearer(String header) {
    if (header == null || header.length() <= PREFIX.length()
        || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
      return null;
    }
    String credential = header.substring(PREFIX.length()).trim();
    return credential.isEmpty() ? null : credential;
  }

  private boolean isKey(String credential) {
    byte[] given = credential.getBytes(StandardCharsets.UTF_8);
    boolean ok = false;
    // Compare with every key in constant time so that timing reveals neither key nor position.
    for (byte[] key : keys) {
      ok |= MessageDigest.isEqual(key, given);
    }
    return ok;
  }
}
