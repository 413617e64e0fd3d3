package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.DELETE;
import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.PUT;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.model.Erasure;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.Times;
import io.vertx.core.Future;
import java.time.Instant;

/**
 * Erasure of a user and legal hold (API.md, Lifecycle; decision 0044), services only: {@code
 * DELETE /v1/users/{uid}} starts the erasure (202) and revokes the user's tokens, {@code GET
 * /v1/erasures/{id}} tells how far it is, {@code PUT|DELETE /v1/users/{uid}/hold} puts the user
 * on legal hold or releases it (204).
 */
public final class LifecycleRoutes {
  public static final String HOLD = "/v1/users/:uid/hold";

  private final Letterbox box;
  private final EngineCalls engine;
  private final RevocationRoutes revocations;

  public LifecycleRoutes(Letterbox box, EngineCalls engine, RevocationRoutes revocations) {
    this.box = box;
    this.engine = engine;
    this.revocations = revocations;
  }

  /** An erasure as the API gives it: completedAt null while it runs. */
  record ErasureView(String erasure, String uid, String status, String startedAt, String completedAt) {
    static ErasureView of(Erasure e) {
      return new ErasureView(Long.toString(e.id()), Long.toString(e.uid()), e.done() ? "done" : "running",
          Times.format(Instant.ofEpochMilli(e.startedAt())),
          e.done() && e.completedAt() != 0 ? Times.format(Instant.ofEpochMilli(e.completedAt())) : null);
    }
  }

  public void register(Routes routes) {
    routes.add(DELETE, "/v1/users/:uid", ctx -> {
      long uid = Params.id(ctx, "uid");
      Future<ErasureView> started = engine.write(() -> box.erasures().erase(uid)
          .thenCompose(e -> revocations.revoke(uid).thenApply(revoked -> ErasureView.of(e))));
      Replies.json(ctx, 202, started);
    });

    routes.add(GET, "/v1/erasures/:id", ctx -> {
      long id = Params.id(ctx, "id");
      Replies.json(ctx, 200, engine.read(() -> ErasureView.of(box.erasures().find(id)
          .orElseThrow(() -> LetterboxException.notFound("no erasure %d", id)))));
    });

    routes.add(PUT, HOLD, ctx -> {
      long uid = Params.id(ctx, "uid");
      Replies.noContent(ctx, engine.write(() -> box.erasures().hold(uid, true)));
    });

    routes.add(DELETE, HOLD, ctx -> {
      long uid = Params.id(ctx, "uid");
      Replies.noContent(ctx, engine.write(() -> box.erasures().hold(uid, false)));
    });
  }
}
