package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.POST;

import io.letterbox.server.backup.OnlineBackups;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.JsonViews;
import io.letterbox.server.http.json.Times;
import java.util.Locale;

/**
 * Online backups of the embedded store (API.md, Lifecycle: backups; decision 0047): start one
 * ({@code POST /v1/admin/backups}) and list them, oldest first ({@code GET /v1/admin/backups});
 * services only.
 */
public final class BackupRoutes {
  private final OnlineBackups backups;
  private final EngineCalls engine;

  /** @param backups null where the routes are only listed (the OpenAPI document's test) */
  public BackupRoutes(OnlineBackups backups, EngineCalls engine) {
    this.backups = backups;
    this.engine = engine;
  }

  /** A backup as the API shows it; {@code upTo} null for a backup of an empty log. */
  record BackupView(String id, String status, String createdAt, long bytes, String upTo) {
    static BackupView of(OnlineBackups.Backup b) {
      return new BackupView(Integer.toString(b.id()), b.status().name().toLowerCase(Locale.ROOT),
          Times.format(b.createdAt()), b.bytes(), b.upTo() == 0 ? null : Long.toString(b.upTo()));
    }
  }

  public void register(Routes routes) {
    routes.add(POST, "/v1/admin/backups", ctx ->
        // Started, not waited for: copying a large store takes minutes. The start reads the log's last id.
        Replies.json(ctx, 202, engine.read(() -> BackupView.of(backups.start()))));

    routes.add(GET, "/v1/admin/backups", ctx -> Replies.json(ctx, 200, engine.read(() ->
        new JsonViews.PageView<>(backups.list().stream().map(BackupView::of).toList(), null))));
  }
}
