package io.letterbox.server.http.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.schedule.DueSchedules;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Extras;
import io.letterbox.model.GroupPost;
import io.letterbox.model.SendRequest;
import io.letterbox.model.Vetted;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.json.Ids64;
import io.letterbox.server.http.json.Json;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Sends, group posts and broadcasts through the before-send hook, if one is set: the request is
 * stored as the hook allows or replaces it, or refused. The engine's idempotency record of the
 * request's key is read first, on a worker, at the partition's owner (another node refuses the
 * read and the request is forwarded, so it is hooked once, at the owner). A request whose key
 * already stands for a stored message is not hooked: the record is durable, so a retry after a
 * restart or through another node is answered from it (the engine keys the record to the request
 * as asked, so a replaced message is found again). A retry that arrives while the first request
 * is still being decided takes the same verdict instead of asking again.
 */
public final class HookedSends {
  private final BeforeSendHook hook;
  private final EngineCalls engine;
  private final Letterbox box;
  private final Map<Key, Deciding> deciding = new ConcurrentHashMap<>();

  /** A sender's idempotency key; {@code scope} is the group of a post (its keys are the group's), else 0. */
  private record Key(String kind, long scope, long from, String idempotencyKey) {}

  /** A request with an idempotency key whose verdict is being asked for or stored. */
  private record Deciding(Object asked, Future<?> vetted) {}

  /** @param hook the before-send hook; null: requests are stored as asked */
  public HookedSends(BeforeSendHook hook, EngineCalls engine, Letterbox box) {
    this.hook = hook;
    this.engine = engine;
    this.box = box;
  }

  /**
   * @param body  the request's body as the client gave it (for its attachments as JSON)
   * @param store stores the vetted send
   * @return what {@code store} answers, or the refusal
   */
  public <T> Future<T> send(SendRequest req, JsonNode body, Function<Vetted<SendRequest>, Future<T>> store) {
    return through(req, body, store, r -> single(r, body), new Key("single", 0, req.from(), req.idempotencyKey()),
        () -> box.messages().idempotencyKeyUsed(req.from(), req.idempotencyKey()), HookedSends::replaced);
  }

  /**
   * What the hook makes of a scheduled send when it comes due (decision 0052): asked as a live
   * send is, with the attachments as the schedule stores them.
   */
  public Future<Vetted<SendRequest>> scheduled(SendRequest req) {
    if (hook == null) {
      return Future.succeededFuture(Vetted.asAsked(req));
    }
    return ask(req, r -> single(r, storedBody(r.extras())), HookedSends::replaced);
  }

  /** What the hook makes of a scheduled group post when it comes due: asked as a live post is. */
  public Future<Vetted<GroupPost>> scheduled(GroupPost post) {
    if (hook == null) {
      return Future.succeededFuture(Vetted.asAsked(post));
    }
    return ask(post, p -> group(p, storedBody(p.extras())), HookedSends::replaced);
  }

  /** What the hook makes of the scheduled sends and posts that come due (decision 0052). */
  public DueSchedules.Vetting dueSchedules() {
    return new DueSchedules.Vetting() {
      @Override
      public CompletableFuture<Vetted<SendRequest>> vet(SendRequest asked) {
        return scheduled(asked).toCompletionStage().toCompletableFuture();
      }

      @Override
      public CompletableFuture<Vetted<GroupPost>> vetPost(GroupPost asked) {
        return scheduled(asked).toCompletionStage().toCompletableFuture();
      }
    };
  }

  /** A request's body as a schedule stores it: its attachments. */
  private static ObjectNode storedBody(Extras extras) {
    ObjectNode body = JsonNodeFactory.instance.objectNode();
    var attachments = body.putArray("attachments");
    for (io.letterbox.model.Attachment a : extras.attachments()) {
      attachments.addObject().put("blob", a.blob()).put("name", a.name()).put("contentType", a.contentType())
          .put("size", a.size());
    }
    return body;
  }

  private static ObjectNode single(SendRequest r, JsonNode body) {
    ObjectNode call = call("single", r.from(), r.text(), r.extras(), body);
    call.put("to", Ids64.format(r.to()));
    return call;
  }

  private static SendRequest replaced(SendRequest r, HookVerdict v) {
    return new SendRequest(r.from(), r.to(), text(r.text(), v), r.idempotencyKey(), extras(r.extras(), v),
        r.forwardOf());
  }

  /** @return what {@code store} answers for the vetted post, or the refusal */
  public <T> Future<T> post(GroupPost post, JsonNode body, Function<Vetted<GroupPost>, Future<T>> store) {
    return through(post, body, store, p -> group(p, body), new Key("group", post.group(), post.from(),
        post.idempotencyKey()), () -> box.groups().postKeyUsed(post.group(), post.from(), post.idempotencyKey()),
        HookedSends::replaced);
  }

  private static ObjectNode group(GroupPost p, JsonNode body) {
    ObjectNode call = call("group", p.from(), p.text(), p.extras(), body);
    call.put("group", Ids64.format(p.group()));
    return call;
  }

  private static GroupPost replaced(GroupPost p, HookVerdict v) {
    return new GroupPost(p.group(), p.from(), text(p.text(), v), p.mentions(), p.idempotencyKey(),
        extras(p.extras(), v), p.forwardOf());
  }

  /** @return what {@code store} answers for the vetted broadcast, or the refusal */
  public <T> Future<T> broadcast(BroadcastRequest request, JsonNode body,
      Function<Vetted<BroadcastRequest>, Future<T>> store) {
    return through(request, body, store, r -> {
      ObjectNode call = call("broadcast", r.from(), r.text(), r.extras(), body);
      call.set("audience", body.path("audience").isMissingNode() ? JsonNodeFactory.instance.nullNode()
          : body.get("audience"));
      return call;
    }, new Key("broadcast", 0, request.from(), request.idempotencyKey()),
        // Broadcasts share the sender's idempotency keys with one-to-one sends.
        () -> box.messages().idempotencyKeyUsed(request.from(), request.idempotencyKey()),
        (r, v) -> new BroadcastRequest(r.from(), text(r.text(), v), r.audience(), r.priority(), r.idempotencyKey(),
            extras(r.extras(), v), r.push()));
  }

  private <R, T> Future<T> through(R req, JsonNode body, Function<Vetted<R>, Future<T>> store,
      Function<R, ObjectNode> call, Key key, Callable<Boolean> keyUsed, BiFunction<R, HookVerdict, R> replaced) {
    if (hook == null) {
      return store.apply(Vetted.asAsked(req));
    }
    if (key.idempotencyKey() == null) {
      // Read all the same: a node that does not own the request refuses it, and it is forwarded before the hook is asked.
      return engine.read(keyUsed).compose(used -> ask(req, call, replaced)).compose(store);
    }
    Promise<Vetted<R>> vetted = Promise.promise();
    Deciding mine = new Deciding(req, vetted.future());
    Deciding earlier = deciding.putIfAbsent(key, mine);
    if (earlier != null && earlier.asked().equals(req)) {
      @SuppressWarnings("unchecked")
      Future<Vetted<R>> same = (Future<Vetted<R>>) earlier.vetted();
      return same.compose(store);
    }
    // A first request, or another one with a key being decided: the engine tells which one the key stands for.
    engine.read(keyUsed)
        .compose(used -> used ? Future.succeededFuture(Vetted.asAsked(req)) : ask(req, call, replaced))
        .onComplete(vetted);
    Future<T> stored = vetted.future().compose(store);
    if (earlier == null) {
      stored.onComplete(done -> deciding.remove(key, mine));
    }
    return stored;
  }

  private <R> Future<Vetted<R>> ask(R req, Function<R, ObjectNode> call, BiFunction<R, HookVerdict, R> replaced) {
    return hook.check(call.apply(req)).map(v -> new Vetted<>(req, v.replaced() ? replaced.apply(req, v) : req));
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
        : new Extras(sent.type(), verdict.payload(), sent.attachments(), sent.mentions(), sent.replyTo(), sent.forwarded());
  }
}
