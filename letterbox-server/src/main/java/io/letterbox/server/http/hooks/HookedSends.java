package io.letterbox.server.http.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Extras;
import io.letterbox.model.GroupPost;
import io.letterbox.model.SendRequest;
import io.letterbox.server.http.json.Ids64;
import io.letterbox.server.http.json.Json;
import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Sends, group posts and broadcasts through the before-send hook: the request becomes the one to
 * store (as sent, or with the hook's replacement), or a refusal. A request that carries an
 * idempotency key is asked about once: its verdict is remembered, by kind, sender and key, for
 * the same request, so that a retry (which the engine answers with what it stored the first time)
 * is not hooked again and stores, or finds, the same content. The memory holds the latest
 * {@value #REMEMBERED} keys of this node; a retry past them, after a restart or on another node
 * is asked again.
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

  private record Key(String kind, long from, String idempotencyKey) {}

  private record Remembered(Object asked, HookVerdict verdict) {}

  public HookedSends(BeforeSendHook hook) {
    this.hook = hook;
  }

  /**
   * @param body the request's body as the client gave it (for its attachments and audience as JSON)
   * @return the send to store, or the refusal
   */
  public Future<SendRequest> vet(SendRequest req, JsonNode body) {
    ObjectNode call = call("single", req.from(), req.text(), req.extras(), body);
    call.put("to", Ids64.format(req.to()));
    return vet("single", req, req.from(), req.idempotencyKey(), call, (r, v) -> new SendRequest(r.from(), r.to(),
        text(r.text(), v), r.idempotencyKey(), extras(r.extras(), v)));
  }

  /** @return the group post to store, or the refusal */
  public Future<GroupPost> vet(GroupPost post, JsonNode body) {
    ObjectNode call = call("group", post.from(), post.text(), post.extras(), body);
    call.put("group", Ids64.format(post.group()));
    return vet("group", post, post.from(), post.idempotencyKey(), call, (p, v) -> new GroupPost(p.group(), p.from(),
        text(p.text(), v), p.mentions(), p.idempotencyKey(), extras(p.extras(), v)));
  }

  /** @return the broadcast to accept, or the refusal */
  public Future<BroadcastRequest> vet(BroadcastRequest request, JsonNode body) {
    ObjectNode call = call("broadcast", request.from(), request.text(), request.extras(), body);
    call.set("audience", body.path("audience").isMissingNode() ? JsonNodeFactory.instance.nullNode()
        : body.get("audience"));
    return vet("broadcast", request, request.from(), request.idempotencyKey(), call, (r, v) -> new BroadcastRequest(
        r.from(), text(r.text(), v), r.audience(), r.priority(), r.idempotencyKey(), extras(r.extras(), v)));
  }

  private <R> Future<R> vet(String kind, R req, long from, String idempotencyKey, ObjectNode call,
      BiFunction<R, HookVerdict, R> replaced) {
    Key key = idempotencyKey == null ? null : new Key(kind, from, idempotencyKey);
    if (key != null) {
      Remembered earlier;
      synchronized (verdicts) {
        earlier = verdicts.get(key);
      }
      if (earlier != null && earlier.asked().equals(req)) {
        return Future.succeededFuture(apply(req, earlier.verdict(), replaced));
      }
    }
    return hook.check(call).map(verdict -> {
      if (key != null) {
        synchronized (verdicts) {
          verdicts.put(key, new Remembered(req, verdict));
        }
      }
      return apply(req, verdict, replaced);
    });
  }

  private static <R> R apply(R req, HookVerdict verdict, BiFunction<R, HookVerdict, R> replaced) {
    return verdict.replaced() ? replaced.apply(req, verdict) : req;
  }

  /** The fields every kind shows the hook. */
  private static ObjectNode call(String kind, long from, String text, Extras extras, JsonNode body) {
    ObjectNode call = JsonNodeFactory.instance.objectNode();
    call.put("kind", kind);
    call.put("from", Ids64.format(from));
    call.put("type", extras.type());
    call.put("text", text);
    call.set("payload", extras.payload() == null ? JsonNodeFactory.instance.nullNode()
        : Json.read(extras.payload().getBytes(StandardCharsets.UTF_8)));
    JsonNode attachments = body.get("attachments");
    call.set("attachments", attachments == null || attachments.isNull() ? JsonNodeFactory.instance.arrayNode()
        : attachments);
    return call;
  }

  private static String text(String sent, HookVerdict verdict) {
    return verdict.text() != null ? verdict.text() : sent;
  }

  private static Extras extras(Extras sent, HookVerdict verdict) {
    return verdict.payload() == null ? sent
        : new Extras(sent.type(), verdict.payload(), sent.attachments(), sent.mentions());
  }
}
