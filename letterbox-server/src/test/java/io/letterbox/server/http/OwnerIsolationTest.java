package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.auth.UserTokens;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Owner isolation over every route of the served OpenAPI document: a user token for {@code a}
 * gets 403 on every route that names another user ({@code b}) or acts as another, and on every
 * route that is for services; afterwards everything {@code b} and {@code c} can read is as it was.
 */
class OwnerIsolationTest {
  static final String SECRET = "isolation-secret-of-at-least-32-bytes";
  static final String KEY = "isolation-service-key";
  /** Routes a user token may use without naming a user (blobs), and those open to everyone. */
  static final Set<String> NOT_ABOUT_A_USER = Set.of("GET /health", "GET /openapi.json", "GET /", "GET /web/{file}",
      "POST /v1/blobs", "GET /v1/blobs/{id}", "HEAD /v1/blobs/{id}");

  /** Routes only a node of a cluster serves: 404 on this single node. */
  static final Set<String> CLUSTER_ONLY = Set.of("GET /v1/cluster");

  @TempDir
  static Path dir;
  static LetterboxServer server;
  static Api service;
  static Api userA;
  static long a;
  static long b;
  static long c;
  static String message;
  static String group;

  @BeforeAll
  static void start() {
    server = TestServers.start(dir, s -> s.apiKeys(List.of(KEY)).userTokenSecret(SECRET));
    service = new Api(server.port()).withKey(KEY);
    a = TestServers.freshUid();
    b = TestServers.freshUid();
    c = TestServers.freshUid();
    userA = new Api(server.port()).withKey(new UserTokens(ServerConfig.builder().userTokenSecret(SECRET).build()
        .userTokens()).issue(a, Duration.ofHours(1), Clock.systemUTC()));
    message = service.post("/v1/messages", "{\"from\":\"" + b + "\",\"to\":\"" + c + "\",\"text\":\"b to c\"}")
        .json().get("id").asText();
    group = service.post("/v1/groups", "{\"by\":\"" + b + "\",\"name\":\"b's\",\"members\":[\"" + c + "\"]}")
        .json().get("id").asText();
    assertThat(service.post("/v1/groups/" + group + "/messages", "{\"from\":\"" + b + "\",\"text\":\"hi group\"}")
        .status()).isEqualTo(201);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aUserTokenGets403OnEveryRouteThatNamesAnotherUserAndNothingChanges() throws Exception {
    JsonNode document = new ObjectMapper().readTree(service.get("/openapi.json").body());
    Map<String, String> before = whatTheOthersSee();
    List<String> checked = new ArrayList<>();
    List<String> notRefused = new ArrayList<>();
    Set<String> all = new TreeSet<>();

    for (Iterator<Map.Entry<String, JsonNode>> paths = document.get("paths").fields(); paths.hasNext(); ) {
      Map.Entry<String, JsonNode> path = paths.next();
      for (Iterator<String> methods = path.getValue().fieldNames(); methods.hasNext(); ) {
        String method = methods.next().toUpperCase();
        if (!Set.of("GET", "PUT", "POST", "DELETE", "PATCH", "HEAD").contains(method)) {
          continue;
        }
        String route = method + " " + path.getKey();
        all.add(route);
        if (NOT_ABOUT_A_USER.contains(route)) {
          continue;
        }
        Reply r = userA.send(method, concrete(path.getKey(), method), body(method, path.getKey()), "application/json");
        checked.add(route);
        boolean notServedHere = CLUSTER_ONLY.contains(route) && r.status() == 404;
        if (!notServedHere && (r.status() != 403 || !"FORBIDDEN".equals(r.errorCode()))) {
          notRefused.add(route + " -> " + r.status() + " " + r.errorCode());
        }
      }
    }

    assertThat(notRefused).as("routes that let a user act as another").isEmpty();
    assertThat(checked).hasSize(all.size() - NOT_ABOUT_A_USER.size()).hasSizeGreaterThanOrEqualTo(48);
    assertThat(whatTheOthersSee()).isEqualTo(before);
  }

  @Test
  void theSameRoutesActingAsItsOwnUserAreNotRefusedForIdentity() {
    // The check above could pass by refusing everything: these act as a, and get past it.
    assertThat(userA.get("/v1/users/" + a + "/conversations").status()).isEqualTo(200);
    assertThat(userA.post("/v1/groups", "{\"by\":\"" + a + "\",\"name\":\"a's\"}").status()).isEqualTo(201);
    assertThat(userA.put("/v1/users/" + a + "/following/" + b, "").status()).isEqualTo(204);
  }

  /** The route's path with another user's ids: b as the user, c as the peer, b's message and group. */
  private static String concrete(String template, String method) {
    String path = template.replace("{uid}", "" + b).replace("{target}", "" + b).replace("{peer}", "" + c)
        .replace("{id}", message).replace("{gid}", group).replace("{name}", "isolation").replace("{emoji}", "%F0%9F%91%8D");
    boolean byQuery = method.equals("DELETE") && template.equals("/v1/groups/{gid}/members/{uid}")
        || template.equals("/v1/groups/{gid}/pins/{id}");
    return byQuery ? path + "?by=" + b : path;
  }

  /** A body acting as b where the route takes its actor from the body; an empty object elsewhere. */
  private static String body(String method, String template) {
    if (method.equals("GET") || method.equals("HEAD") || method.equals("DELETE")) {
      return null;
    }
    Map<String, String> bodies = new LinkedHashMap<>();
    bodies.put("POST /v1/messages", "{\"from\":\"" + b + "\",\"to\":\"" + a + "\",\"text\":\"as b\"}");
    bodies.put("POST /v1/groups", "{\"by\":\"" + b + "\",\"name\":\"as b\",\"members\":[\"" + a + "\"]}");
    bodies.put("PATCH /v1/groups/{gid}", "{\"by\":\"" + b + "\",\"name\":\"renamed by a\"}");
    bodies.put("PUT /v1/groups/{gid}/members/{uid}", "{\"by\":\"" + b + "\",\"role\":\"admin\"}");
    bodies.put("POST /v1/groups/{gid}/members", "{\"by\":\"" + b + "\",\"uids\":[\"" + a + "\"]}");
    bodies.put("POST /v1/groups/{gid}/messages", "{\"from\":\"" + b + "\",\"text\":\"as b\"}");
    bodies.put("PUT /v1/users/{uid}/settings", "{\"groupAdds\":\"nobody\"}");
    return bodies.getOrDefault(method + " " + template, "{}");
  }

  /** Everything b and c can read of what a could have touched, as the service sees it. */
  private static Map<String, String> whatTheOthersSee() {
    Map<String, String> out = new LinkedHashMap<>();
    for (String path : List.of(
        "/v1/users/" + b + "/conversations", "/v1/users/" + b + "/conversations?folder=archived",
        "/v1/users/" + b + "/unread", "/v1/users/" + b + "/blocks", "/v1/users/" + b + "/settings", "/v1/users/" + b + "/messages/" + message,
        "/v1/users/" + b + "/conversations/" + c + "/messages", "/v1/users/" + b + "/broadcasts",
        "/v1/senders/" + b + "/cap", "/v1/groups/" + group, "/v1/groups/" + group + "/members",
        "/v1/users/" + b + "/groups/" + group + "/messages", "/v1/users/" + b + "/groups/" + group,
        "/v1/users/" + c + "/conversations", "/v1/users/" + c + "/unread",
        "/v1/users/" + c + "/groups/" + group + "/messages", "/v1/users/" + a + "/conversations")) {
      Reply r = service.get(path);
      out.put(path, r.status() + " " + r.body());
    }
    return out;
  }
}
