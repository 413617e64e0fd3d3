package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.POST;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.auth.Revocations;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.access.UserAccess;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.forwarding.HttpPeers;
import io.vertx.core.Future;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * {@code POST /v1/users/{uid}/sessions/revoke} (services only, {@link UserAccess}): every token of
 * {@code uid} issued at or before now is refused from then on, on every node (decision 0024). The
 * revocation is stored, then every other live member is told; it is answered 204 only once all
 * have confirmed, else 503 {@code NOT_READY} (the revocation is stored and is seen by a node at
 * the latest when its cached entry lapses; revoking again is harmless).
 */
public final class RevocationRoutes {
  public static final String REVOKE = "/v1/users/:uid/sessions/revoke";

  private final Revocations revocations;
  private final HttpPeers peers;

  /** @param peers the other members to tell; null for a single node */
  public RevocationRoutes(Revocations revocations, HttpPeers peers) {
    this.revocations = revocations;
    this.peers = peers;
  }

  public void register(Routes routes) {
    routes.add(POST, REVOKE, ctx -> {
      long uid = Params.id(ctx, "uid");
      Replies.noContent(ctx, Future.fromCompletionStage(revoke(uid)));
    });
  }

  /**
   * Revokes every token of {@code uid} issued at or before now, on every node (an erasure of the
   * user does it too). @return its completion once every node confirmed it
   */
  public CompletableFuture<Void> revoke(long uid) {
    return revocations.revoke(uid, Instant.now()).thenCompose(second -> peers == null
        ? CompletableFuture.completedFuture(null)
        : peers.revoked(uid, second).exceptionallyCompose(e -> CompletableFuture.failedFuture(new LetterboxException(
            ErrorCode.NOT_READY, "the revocation is stored but not every node confirmed it yet; revoke again"))));
  }
}
