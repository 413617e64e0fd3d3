package io.letterbox.server.http.routes;

import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.json.JsonBody;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;

/**
 * A conversation's settings in a request body ({@code …/state} of a one-to-one conversation or a
 * group): any subset of pinned, muted, archived and disappearAfter, at least one; null keeps a
 * setting's value, except disappearAfter, which null turns off ({@code disappearing}: whether the
 * body names it).
 */
record Settings(Boolean pinned, Boolean muted, Boolean archived, boolean disappearing, Duration disappearAfter) {
  static Settings of(RoutingContext ctx) {
    JsonBody b = JsonBody.of(ctx, "pinned", "muted", "archived", "disappearAfter");
    Settings s = new Settings(b.optionalBoolean("pinned").orElse(null), b.optionalBoolean("muted").orElse(null),
        b.optionalBoolean("archived").orElse(null), b.names("disappearAfter"),
        b.optionalDuration("disappearAfter").orElse(null));
    if (!s.disappearing && !s.others()) {
      throw LetterboxException.invalid("give at least one of pinned, muted, archived, disappearAfter");
    }
    return s;
  }

  /** Whether it sets pinned, muted or archived. */
  boolean others() {
    return pinned != null || muted != null || archived != null;
  }
}
