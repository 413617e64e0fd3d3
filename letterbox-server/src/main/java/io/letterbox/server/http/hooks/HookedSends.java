package io.letterbox.server.http.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.letterbox.model.Extras;
import io.letterbox.model.SendRequest;
import io.letterbox.server.http.json.Ids64;
import io.letterbox.server.http.json.Json;
import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One-to-one sends through the before-send hook: the request becomes the one to store (as sent,
 * or with the hook's replacement), or a refusal. A send that carries an idempotency key is asked
 * about once: its verdict is remembered, by sender and key, for the same request, so that a retry
 * (which the engine answers with the message stored the first time) is not hooked again and
 * stores, or finds, the same content. The memory holds the latest {@value #REMEMBERED} keys of
 * this node; a retry past them, after a restart or on another node is asked again.
 */
public final class HookedSends {
  static final int REMEMBERED = 100_000;
  private final BeforeSendHook hook;
  private final Map<Key, Remembered> verdicts = new LinkedHashMap<>(1024, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Key, Remembered> eldest) {
      return size() > REMEMBERED;
    }
  };

  private record Key(long from, String idempotencyKey) {}

  private record Remembered(SendRequest asked, HookVerdict verdict) {}

  public HookedSends(BeforeSendHook hook) {
    this.hook = hook;
  }

  /**
   * @param body the send's body as the client gave it (for its payload and attachments as JSON)
   * @return the request to store, or the refusal
   */
  public Future<SendRequest> vet(SendRequest req, JsonNode body) {
    Key key = req.idempotencyKey() == null ? null : new Key(req.from(), req.idempotencyKey());
    if (key != null) {
      Remembered earlier;
      synchronized (verdicts) {
        earlier = verdicts.get(key);
      }
      if (earlier != null && earlier.asked().equals(req)) {
        return Future.succeededFuture(apply(req, earlier.verdict()));
      }
    }
    return hook.check(call(req, body)).map(verdict -> {
      if (key != null) {
        synchronized (verdicts) {
          verdicts.put(key, new Remembered(req, verdict));
        }
      }
      return apply(req, verdict);
    });
  }

  private static ObjectNode call(SendRequest req, JsonNode body) {
    ObjectNode call = JsonNodeFactory.instance.objectNode();
    call.put("kind", "single");
    call.put("from", Ids64.format(req.from()));
    call.put("to", Ids64.format(req.to()));
    call.put("type", req.extras().type());
    call.put("text", req.text());
    call.set("payload", req.extras().payload() == null ? JsonNodeFactory.instance.nullNode()
        : Json.read(req.extras().payload().getBytes(StandardCharsets.UTF_8)));
    JsonNode attachments = body.get("attachments");
    call.set("attachments", attachments == null || attachments.isNull() ? JsonNodeFactory.instance.arrayNode()
        : attachments);
    return call;
  }

  private static SendRequest apply(SendRequest req, HookVerdict verdict) {
    if (!verdict.replaced()) {
      return req;
    }
    Extras e = req.extras();
    Extras extras = new Extras(e.type(), verdict.payload() != null ? verdict.payload() : e.payload(), e.attachments(),
        e.mentions());
    return new SendRequest(req.from(), req.to(), verdict.text() != null ? verdict.text() : req.text(),
        req.idempotencyKey(), extras);
  }
}
