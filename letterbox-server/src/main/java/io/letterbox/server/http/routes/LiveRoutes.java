package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.POST;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.ErrorCode;
import io.letterbox.model.Presence;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.forwarding.ClusterMap;
import io.letterbox.server.http.forwarding.HttpPeers;
import io.letterbox.server.http.json.Ids64;
import io.letterbox.server.http.json.Times;
import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Typing and presence (API.md, Typing and presence; decision 0051). A one-to-one typing is
 * decided where the receiver's streams are (its partition's node: a request elsewhere is
 * forwarded there), a group's typing where its sender's partition is. A presence read asks each
 * user's node, which holds its streams: the users this node hosts are answered here, the others
 * by one internal call per node hosting some of them.
 */
public final class LiveRoutes {
  /** The presence of users this member hosts, asked by another member (signed with the cluster secret). */
  public static final String PRESENCE = "/internal/v1/presence";
  /** The most users one presence read asks about. */
  static final int MAX_PRESENCE = 100;
  private static final long PRESENCE_TIMEOUT_MILLIS = 5_000;

  private final Letterbox box;
  private final EngineCalls engine;
  /** Null for a single node. */
  private final ClusterMap cluster;
  private final HttpPeers peers;

  /** @param cluster null for a single node, with {@code peers} */
  public LiveRoutes(Letterbox box, EngineCalls engine, ClusterMap cluster, HttpPeers peers) {
    this.box = box;
    this.engine = engine;
    this.cluster = cluster;
    this.peers = peers;
  }

  /** One user's presence: {@code lastSeen} left out while online, and when not known. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record PresenceView(String uid, boolean online, String lastSeen) {
    static PresenceView of(Presence p) {
      return new PresenceView(Ids64.format(p.uid()), p.online(), p.online() || p.lastSeen() == 0 ? null
          : Times.format(java.time.Instant.ofEpochMilli(p.lastSeen())));
    }
  }

  record PresenceList(List<PresenceView> items) {}

  /** {@code uid} is typing in the conversation the path's {@code where} names: 204, nothing stored. */
  private void typing(RoutingContext ctx, String where, BiConsumer<Long, Long> tell) {
    long uid = Params.id(ctx, "uid");
    long to = Params.id(ctx, where);
    Replies.noContent(ctx, engine.read(() -> {
      tell.accept(uid, to);
      return null;
    }));
  }

  public void register(Routes routes) {
    routes.add(POST, "/v1/users/:uid/conversations/:peer/typing", ctx -> typing(ctx, "peer", box.live()::typing));
    routes.add(POST, "/v1/users/:uid/groups/:gid/typing", ctx -> typing(ctx, "gid", box.live()::typingInGroup));

    routes.add(GET, "/v1/users/:uid/presence", ctx -> {
      long uid = Params.id(ctx, "uid");
      long[] of = of(Params.requiredQuery(ctx, "of"));
      Replies.json(ctx, 200, presence(uid, of).map(PresenceList::new));
    });

    if (cluster != null) {
      routes.addOpen(GET, PRESENCE, ctx -> {
        ClusterRoutes.member(ctx, cluster);
        long uid = Params.queryId(ctx, "uid");
        long[] of = of(Params.requiredQuery(ctx, "of"));
        Replies.json(ctx, 200, engine.read(() -> new PresenceList(
            box.live().presence(uid, of).stream().map(PresenceView::of).toList())));
      });
    }
  }

  /** {@code ?of=}: 1..100 ids, comma-separated. */
  static long[] of(String text) {
    String[] parts = text.split(",", -1);
    if (parts.length > MAX_PRESENCE) {
      throw LetterboxException.invalid("of names at most %d users: %d", MAX_PRESENCE, parts.length);
    }
    long[] ids = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      ids[i] = Ids64.parse("of", parts[i]);
    }
    return ids;
  }

  /** Asks each user's node: this one for those it hosts (or with no cluster), the others by one call each. */
  private Future<List<PresenceView>> presence(long uid, long[] of) {
    Map<URI, List<Long>> elsewhere = new LinkedHashMap<>();
    List<Long> here = new ArrayList<>();
    for (long o : of) {
      Optional<URI> owner = cluster == null ? Optional.empty()
          : cluster.urlOf(box.partitions().partitioning().of(o));
      if (owner.isPresent()) {
        elsewhere.computeIfAbsent(owner.get(), k -> new ArrayList<>()).add(o);
      } else {
        here.add(o);
      }
    }
    Map<Long, PresenceView> found = new java.util.concurrent.ConcurrentHashMap<>();
    List<CompletableFuture<Void>> asked = new ArrayList<>();
    for (Map.Entry<URI, List<Long>> node : elsewhere.entrySet()) {
      String path = PRESENCE + "?uid=" + uid + "&of=" + String.join(",", node.getValue().stream().map(String::valueOf).toList());
      asked.add(peers.getFrom(node.getKey(), path, PRESENCE_TIMEOUT_MILLIS).thenAccept(answer -> {
        for (JsonNode item : answer.get("items")) {
          JsonNode seen = item.get("lastSeen");
          found.put(Ids64.parse("uid", item.get("uid")), new PresenceView(item.get("uid").asText(),
              item.get("online").asBoolean(), seen == null ? null : seen.asText()));
        }
      }));
    }
    long[] local = here.stream().mapToLong(Long::longValue).toArray();
    Future<Void> mine = engine.read(() -> {
      for (Presence p : box.live().presence(uid, local)) {
        found.put(p.uid(), PresenceView.of(p));
      }
      return null;
    });
    Future<Void> theirs = Future.fromCompletionStage(CompletableFuture.allOf(asked.toArray(CompletableFuture[]::new))
        .exceptionally(e -> {
          throw new LetterboxException(ErrorCode.NOT_READY, "a node hosting some of the users did not answer; retry shortly");
        }));
    return Future.all(mine, theirs).map(v -> {
      List<PresenceView> out = new ArrayList<>(of.length);
      for (long o : of) {
        out.add(found.get(o));
      }
      return out;
    });
  }
}
