package io.letterbox.server.http.routes;

import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.json.JsonBody;
import io.vertx.ext.web.RoutingContext;

/**
 * A conversation's settings in a request body ({@code …/state} of a one-to-one conversation or a
 * group): any subset of pinned, muted, archived, at least one; null keeps a setting's value.
 */
record Settings(Boolean pinned, Boolean muted, Boolean archived) {
  static Settings of(RoutingContext ctx) {
    JsonBody b = JsonBody.of(ctx, "pinned", "muted", "archived");
    Settings s = new Settings(b.optionalBoolean("pinned").orElse(null), b.optionalBoolean("muted").orElse(null),
        b.optionalBoolean("archived").orElse(null));
    if (s.pinned == null && s.muted == null && s.archived == null) {
      throw LetterboxException.invalid("give at least one of pinned, muted, archived");
    }
    return s;
  }
}
