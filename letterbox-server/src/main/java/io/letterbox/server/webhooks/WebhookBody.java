package io.letterbox.server.webhooks;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.letterbox.engine.follow.FeedBatch;
import io.letterbox.engine.follow.FeedEvent;
import io.letterbox.model.Event;
import io.letterbox.server.http.json.Ids64;
import io.letterbox.server.http.json.Json;
import io.letterbox.server.http.json.JsonViews;
import io.letterbox.server.http.json.Times;
import java.time.Instant;
import java.util.List;

/**
 * A webhook call's body: {@code {"events":[…]}}, each event as {@code /sync} gives it to its
 * owner, with {@code "owner"}; a broadcast's completion as {@code broadcastCompleted}.
 */
final class WebhookBody {
  private WebhookBody() {}

  /** An owner's event as sync renders it, and whose it is. */
  record Owned(String owner, @JsonUnwrapped JsonViews.EventView event) {}

  /** The owner's broadcast {@code id} reached every receiver at {@code completedAt}. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Completed(String type, String position, String id, String completedAt, String owner) {}

  record Body(List<Object> events) {}

  static byte[] of(FeedBatch batch) {
    return Json.write(new Body(batch.events().stream().map(WebhookBody::view).toList()));
  }

  private static Object view(FeedEvent e) {
    String owner = Ids64.format(e.owner());
    if (e.event() instanceof Event.BroadcastCompleted c) {
      return new Completed("broadcastCompleted", c.position(), Ids64.format(c.id()),
          Times.format(Instant.ofEpochMilli(c.completedAt())), owner);
    }
    return new Owned(owner, JsonViews.event(e.owner(), e.event()));
  }
}
