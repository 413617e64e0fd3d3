package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.SilentCloseable;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Any bytes as the JSON body of any route that takes one: the server answers 2xx or a 4xx with the
 * error shape, never a 500 (which is a bug) and never a dropped connection. The first byte picks
 * the route, the rest is the body. Users 101, 102 and 103 exist, 101 and 102 have a conversation,
 * 101 owns a group with 102 and sent a broadcast, so that bodies can reach past the first checks.
 * The committed inputs (a valid body for every route, and what fuzzing found) are replayed by
 * every test run; {@code JAZZER_FUZZ=1} fuzzes from them (docs/fuzzing.md).
 */
class RequestBodiesFuzzTest extends ApiTestBase {
  static final long A = 101;
  static final long B = 102;
  static List<String[]> routes;
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  @BeforeAll
  static void fixture() {
    long message = send(A, B, "hello").get("id").asLong();
    long takenDown = send(A, B, "to take down").get("id").asLong();
    long group = api.post("/v1/groups", json(Map.of("by", "" + A, "name", "g", "members", List.of("" + B))))
        .json().get("id").asLong();
    api.put("/v1/users/" + B + "/following/" + A, null);
    long broadcast = api.post("/v1/broadcasts", json(Map.of("from", "" + A, "text", "news",
        "audience", Map.of("type", "followers")))).json().get("id").asLong();
    routes = List.of(
        route("POST", "/v1/messages"),
        route("POST", "/v1/users/{uid}/conversations/{peer}/read", B, A),
        route("PATCH", "/v1/users/{uid}/messages/{id}", A, message),
        route("POST", "/v1/import/messages"),
        route("PUT", "/v1/senders/{uid}/cap", A),
        route("POST", "/v1/broadcasts"),
        route("POST", "/v1/broadcasts/{id}/recall", broadcast),
        route("POST", "/v1/users/{target}/followers", A),
        route("PUT", "/v1/users/{uid}/subscriptions/{target}", B, A),
        route("PUT", "/v1/segments/{name}", "fuzz"),
        route("POST", "/v1/segments/{name}/members", "fuzz"),
        route("PUT", "/v1/users/{uid}/conversations/{peer}/state", B, A),
        route("POST", "/v1/groups"),
        route("PATCH", "/v1/groups/{gid}", group),
        route("PUT", "/v1/groups/{gid}/members/{uid}", group, 103),
        route("POST", "/v1/groups/{gid}/members", group),
        route("POST", "/v1/groups/{gid}/messages", group),
        route("POST", "/v1/users/{uid}/groups/{gid}/read", B, group),
        route("PUT", "/v1/users/{uid}/groups/{gid}/state", B, group),
        route("PUT", "/v1/users/{uid}/settings", B),
        route("POST", "/v1/users/{uid}/reports", B),
        route("POST", "/v1/messages/{id}/takedown", takenDown),
        route("PUT", "/v1/users/{uid}/conversations/{peer}/draft", A, B),
        route("PUT", "/v1/users/{uid}/groups/{gid}/draft", B, group));
  }

  // A fuzzing run is one invocation of ten minutes: the suite's default timeout (10 m) would cut it short.
  @FuzzTest(maxDuration = "10m")
  @Timeout(value = 15, unit = TimeUnit.MINUTES)
  void anyBodyOnAnyRouteIsAnsweredWithoutAServerError(byte[] input) throws Exception {
    if (input.length == 0) {
      return;
    }
    String[] route = routes.get(Byte.toUnsignedInt(input[0]) % routes.size());
    byte[] body = Arrays.copyOfRange(input, 1, input.length);
    // Jazzer's request-forgery detector: this test's connections go to its own server only.
    try (SilentCloseable loopback = BugDetectors.allowNetworkConnections((host, port) -> port == api.port())) {
      check(route, body);
    }
  }

  private static void check(String[] route, byte[] body) throws Exception {
    var response = CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + route[1]))
        .method(route[0], BodyPublishers.ofByteArray(body)).header("Content-Type", "application/json").build(),
        BodyHandlers.ofString());

    assertThat(response.statusCode()).as("%s %s with %s: %s", route[0], route[1], Arrays.toString(body), response.body())
        .isBetween(200, 499);
    if (response.statusCode() >= 400) {
      assertThat(new ObjectMapper().readTree(response.body()).at("/error/code").asText()).isNotEmpty();
    }
  }

  @Test
  void everyRouteOfTheServedDocumentThatTakesAJsonBodyIsFuzzed() throws Exception {
    Reply document = api.get("/openapi.json");
    List<String> documented = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> paths = document.json().get("paths").fields(); paths.hasNext(); ) {
      Map.Entry<String, JsonNode> path = paths.next();
      path.getValue().fields().forEachRemaining(op -> {
        if (op.getValue().at("/requestBody/content/application~1json").isObject()) {
          documented.add(op.getKey().toUpperCase() + " " + path.getKey());
        }
      });
    }
    List<String> fuzzed = routes.stream().map(r -> r[0] + " " + r[2]).toList();

    assertThat(fuzzed).containsExactlyInAnyOrderElementsOf(documented);
  }

  /** A route: method, path with {@code values} in its placeholders in turn, and its template. */
  private static String[] route(String method, String template, Object... values) {
    String path = template;
    for (Object value : values) {
      path = path.replaceFirst("\\{[a-z]+}", value.toString());
    }
    return new String[] {method, path, template};
  }
}
