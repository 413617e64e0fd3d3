package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.DELETE;
import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.PATCH;
import static io.vertx.core.http.HttpMethod.POST;
import static io.vertx.core.http.HttpMethod.PUT;

import io.letterbox.model.ConversationRef;
import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.model.GroupPost;
import io.letterbox.model.GroupRefusal;
import io.letterbox.model.GroupRole;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.hooks.HookedSends;
import io.letterbox.server.http.json.JsonBody;
import io.letterbox.server.http.json.JsonViews;
import io.letterbox.server.http.json.MessageContent;
import java.util.Arrays;

/** Groups (decision 0011): create, rename, members and roles, posts, a member's history and read positions. */
public final class GroupRoutes {
  private static final String[] POST_FIELDS = MessageContent.withReferences("from", "text", "mentions", "idempotencyKey",
      "sendAt");
  private final Letterbox box;
  private final EngineCalls engine;
  private final HookedSends hooked;

  /** @param hooked posts through the before-send hook, if one is set */
  public GroupRoutes(Letterbox box, EngineCalls engine, HookedSends hooked) {
    this.box = box;
    this.engine = engine;
    this.hooked = hooked;
  }

  public void register(Routes routes) {
    routes.add(POST, "/v1/groups", ctx -> {
      JsonBody b = JsonBody.of(ctx, "by", "name", "members", "newMembersSee");
      long by = b.id("by");
      String name = b.string("name");
      long[] members = b.node().has("members") ? b.ids("members") : new long[0];
      boolean seeAll = newMembersSee(b.optionalString("newMembersSee").orElse("fromJoin"));
      // Those that do not consent to being added by the creator are listed, not added (decision 0023).
      Replies.json(ctx, 201, engine.write(() -> box.groups().create(by, name, members, seeAll)).map(JsonViews::newGroup));
    });

    routes.add(GET, "/v1/groups/:gid", ctx -> {
      long gid = Params.id(ctx, "gid");
      Replies.json(ctx, 200, engine.read(() -> JsonViews.group(box.groups().get(gid))));
    });

    routes.add(PATCH, "/v1/groups/:gid", ctx -> {
      long gid = Params.id(ctx, "gid");
      JsonBody b = JsonBody.of(ctx, "by", "name", "disappearAfter");
      long by = b.id("by");
      String name = b.optionalString("name").orElse(null);
      boolean disappearing = b.names("disappearAfter");
      java.time.Duration after = b.optionalDuration("disappearAfter").orElse(null);
      if (name == null && !disappearing) {
        throw LetterboxException.invalid("give name or disappearAfter");
      }
      // The disappearing setting first: its duration is checked before anything changes.
      Replies.json(ctx, 200, engine.write(() -> {
        var set = disappearing
            ? box.conversations().setDisappearAfter(by, io.letterbox.model.ConversationRef.group(gid), after)
                .thenApply(c -> (Void) null)
            : java.util.concurrent.CompletableFuture.<Void>completedFuture(null);
        return set.thenCompose(done -> name == null ? java.util.concurrent.CompletableFuture.completedFuture(
            box.groups().get(gid)) : box.groups().rename(gid, by, name));
      }).map(JsonViews::group));
    });

    routes.add(PUT, "/v1/groups/:gid/members/:uid", ctx -> {
      long gid = Params.id(ctx, "gid");
      long uid = Params.id(ctx, "uid");
      JsonBody b = JsonBody.of(ctx, "by", "role");
      long by = b.id("by");
      GroupRole role = role(b.optionalString("role").orElse("member"));
      // One user: its refusal is the answer (403 BLOCKED or NOT_ALLOWED), and nothing changed.
      Replies.when(ctx, engine.write(() -> box.groups().setMembers(gid, by, new long[] {uid}, role)), refused -> {
        if (!refused.isEmpty()) {
          GroupRefusal r = refused.get(0);
          throw new LetterboxException(ErrorCode.valueOf(r.reason().name()), r.reason() == GroupRefusal.Reason.BLOCKED
              ? String.format("user %d blocked user %d", uid, by)
              : String.format("user %d's settings do not let user %d add it to groups", uid, by));
        }
        Replies.noContent(ctx);
      });
    });

    // Many members at once (one action, however many): what a platform importing a big group needs.
    // Those that do not consent to being added by {@code by} are listed, the others added.
    routes.add(POST, "/v1/groups/:gid/members", ctx -> {
      long gid = Params.id(ctx, "gid");
      JsonBody b = JsonBody.of(ctx, "by", "uids", "role");
      long by = b.id("by");
      long[] uids = b.ids("uids");
      GroupRole role = role(b.optionalString("role").orElse("member"));
      if (role == GroupRole.OWNER) {
        throw LetterboxException.invalid("role must be member or admin here; hand a group over with PUT .../members/{uid}");
      }
      Replies.json(ctx, 200, engine.write(() -> box.groups().setMembers(gid, by, uids, role))
          .map(refused -> new JsonViews.RefusedView(JsonViews.refusals(refused))));
    });

    routes.add(DELETE, "/v1/groups/:gid/members/:uid", ctx -> {
      long gid = Params.id(ctx, "gid");
      long uid = Params.id(ctx, "uid");
      long by = Params.queryId(ctx, "by");
      Replies.noContent(ctx, engine.write(() -> box.groups().removeMember(gid, by, uid)));
    });

    routes.add(GET, "/v1/groups/:gid/members", ctx -> {
      long gid = Params.id(ctx, "gid");
      String cursor = Params.cursor(ctx);
      int limit = Params.limit(ctx);
      Replies.json(ctx, 200, engine.read(() -> JsonViews.page(box.groups().members(gid, cursor, limit), JsonViews::member)));
    });

    routes.add(POST, "/v1/groups/:gid/messages", ctx -> {
      long gid = Params.id(ctx, "gid");
      JsonBody b = JsonBody.of(ctx, POST_FIELDS);
      long[] mentions = b.node().has("mentions") ? b.ids("mentions") : new long[0];
      GroupPost post = new GroupPost(gid, b.id("from"), b.optionalString("text").orElse(null),
          Arrays.stream(mentions).boxed().toList(), b.optionalString("idempotencyKey").orElse(null),
          MessageContent.extras(b), MessageContent.forwardOf(b));
      long attacher = BlobRoutes.reader(ctx);
      java.util.Optional<String> sendAt = b.optionalString("sendAt");
      if (sendAt.isPresent()) {
        java.time.Instant at = io.letterbox.server.http.json.Times.parse("sendAt", sendAt.get());
        ScheduleRoutes.schedule(ctx, engine, () -> box.schedules().schedule(post, at, attacher));
        return;
      }
      // 200 for a replayed idempotency key, as for one-to-one sends.
      Replies.when(ctx, hooked.post(post, b.node(), v -> engine.write(() -> box.groups().post(v, attacher))),
          r -> Replies.json(ctx, r.created() ? 201 : 200, JsonViews.message(r.message())));
    });

    new OneConversationRoutes(box, engine).register(routes, "/v1/users/:uid/groups/:gid", "gid", ConversationRef::group);
  }

  private static boolean newMembersSee(String value) {
    return switch (value) {
      case "fromJoin" -> false;
      case "all" -> true;
      default -> throw LetterboxException.invalid("newMembersSee must be fromJoin or all: %s", value);
    };
  }

  private static GroupRole role(String value) {
    return switch (value) {
      case "member" -> GroupRole.MEMBER;
      case "admin" -> GroupRole.ADMIN;
      case "owner" -> GroupRole.OWNER;
      default -> throw LetterboxException.invalid("role must be member, admin or owner: %s", value);
    };
  }
}
