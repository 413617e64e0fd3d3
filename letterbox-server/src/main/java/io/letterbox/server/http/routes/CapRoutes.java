package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.PUT;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.model.FrequencyCap;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.JsonBody;
import io.letterbox.server.http.json.JsonViews;
import java.time.Duration;
import java.time.format.DateTimeParseException;

/** A sender's frequency cap: at most {@code messages} to one receiver per {@code period}. */
public final class CapRoutes {
  private final Letterbox box;
  private final EngineCalls engine;

  public CapRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  public void register(Routes routes) {
    routes.add(PUT, "/v1/senders/:uid/cap", ctx -> {
      long sender = Params.id(ctx, "uid");
      FrequencyCap cap = capOf(JsonBody.of(ctx, "messages", "period"));
      Replies.noContent(ctx, engine.write(() -> box.broadcasts().setCap(sender, cap)));
    });

    routes.add(GET, "/v1/senders/:uid/cap", ctx -> {
      long sender = Params.id(ctx, "uid");
      Replies.json(ctx, 200, engine.read(() -> JsonViews.cap(box.broadcasts().cap(sender).orElseThrow(
          () -> LetterboxException.notFound("sender %d has no cap and no default cap is configured", sender)))));
    });
  }

  private static FrequencyCap capOf(JsonBody b) {
    int messages = b.integer("messages");
    String period = b.string("period");
    try {
      return new FrequencyCap(messages, Duration.parse(period));
    } catch (DateTimeParseException e) {
      throw LetterboxException.invalid("period must be an ISO-8601 duration such as P1D or PT12H: %s", period);
    } catch (IllegalArgumentException e) {
      throw LetterboxException.invalid("%s", e.getMessage());
    }
  }
}
