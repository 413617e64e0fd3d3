package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every refused request answers a 4xx with the error shape, and a read afterwards shows that
 * nothing changed: the quiet pair (a, b) still has no conversation, the reader c still has its
 * one unread message from d on both devices and sender a still has no cap.
 */
class BadInputChangesNothingTest extends ApiTestBase {
  static long a;
  static long b;
  static long c;
  static long d;
  static JsonNode fromD;

  @BeforeAll
  static void fixture() {
    a = user();
    b = user();
    c = user();
    d = user();
    fromD = send(d, c, "the one message");
  }

  private static final String JSON = "Content-Type: application/json";

  static Stream<Arguments> badRequests() {
    String send = "/v1/messages";
    String read = "/v1/users/" + c + "/conversations/" + d + "/read";
    String state = "/v1/users/" + c + "/conversations/" + d + "/state";
    return Stream.of(
        bad("malformed JSON", "POST", send, "{\"from\":", 400, "INVALID_JSON"),
        bad("empty body", "POST", send, "", 400, "INVALID_JSON"),
        bad("a JSON array", "POST", send, "[1,2]", 400, "INVALID_JSON"),
        bad("trailing garbage", "POST", send, msg(a, b, "x") + " x", 400, "INVALID_JSON"),
        bad("duplicate field", "POST", send, "{\"from\":\"" + a + "\",\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"text\":\"x\"}", 400, "INVALID_JSON"),
        bad("a lone high surrogate in text", "POST", send, rawText(a, b, "a\\ud800b"), 400, "INVALID_ARGUMENT"),
        bad("a lone low surrogate in text", "POST", send, rawText(a, b, "a\\udc00"), 400, "INVALID_ARGUMENT"),
        bad("NUL in text", "POST", send, rawText(a, b, "a\\u0000b"), 400, "INVALID_ARGUMENT"),
        bad("a lone surrogate in a payload's field name", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b
            + "\",\"type\":\"custom:x\",\"payload\":{\"k\\ud800\":1}}", 400, "INVALID_ARGUMENT"),
        bad("unknown field", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"text\":\"x\",\"cc\":\"3\"}", 400, "INVALID_ARGUMENT"),
        bad("missing text", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b + "\"}", 400, "INVALID_ARGUMENT"),
        bad("null to", "POST", send, "{\"from\":\"" + a + "\",\"to\":null,\"text\":\"x\"}", 400, "INVALID_ARGUMENT"),
        bad("text is a number", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"text\":5}", 400, "INVALID_ARGUMENT"),
        bad("idempotencyKey is a number", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"text\":\"x\",\"idempotencyKey\":1}", 400, "INVALID_ARGUMENT"),
        bad("uid 0", "POST", send, rawIds("0", "\"" + b + "\""), 400, "INVALID_ARGUMENT"),
        bad("negative uid", "POST", send, rawIds("-" + a, "\"" + b + "\""), 400, "INVALID_ARGUMENT"),
        bad("negative uid string", "POST", send, rawIds("\"-" + a + "\"", "\"" + b + "\""), 400, "INVALID_ARGUMENT"),
        bad("uid above 2^63-1 as string", "POST", send, rawIds("\"" + a + "\"", "\"9223372036854775808\""), 400, "INVALID_ARGUMENT"),
        bad("uid above 2^63-1 as number", "POST", send, rawIds("\"" + a + "\"", "9223372036854775808"), 400, "INVALID_ARGUMENT"),
        bad("non-numeric uid", "POST", send, rawIds("\"" + a + "\"", "\"bob\""), 400, "INVALID_ARGUMENT"),
        bad("fractional uid", "POST", send, rawIds("\"" + a + "\"", b + ".5"), 400, "INVALID_ARGUMENT"),
        bad("float uid", "POST", send, rawIds("\"" + a + "\"", b + ".0"), 400, "INVALID_ARGUMENT"),
        bad("exponent uid", "POST", send, rawIds("\"" + a + "\"", "1e3"), 400, "INVALID_ARGUMENT"),
        bad("boolean uid", "POST", send, rawIds("true", "\"" + b + "\""), 400, "INVALID_ARGUMENT"),
        bad("uid with a plus sign", "POST", send, rawIds("\"+" + a + "\"", "\"" + b + "\""), 400, "INVALID_ARGUMENT"),
        bad("empty text", "POST", send, msg(a, b, ""), 400, "INVALID_ARGUMENT"),
        bad("text over 4000 characters", "POST", send, msg(a, b, "x".repeat(4001)), 400, "INVALID_ARGUMENT"),
        bad("from equals to", "POST", send, msg(a, a, "self"), 400, "INVALID_ARGUMENT"),
        bad("body over max-body-bytes", "POST", send, msg(a, b, "x".repeat(1_100_000)), 413, "PAYLOAD_TOO_LARGE"),
        new BadRequest("text/plain body", "POST", send, msg(a, b, "x"), "text/plain", 415, "UNSUPPORTED_MEDIA_TYPE", null).args(),
        new BadRequest("JSON in another charset", "POST", send, msg(a, b, "x"), "application/json; charset=latin1", 415, "UNSUPPORTED_MEDIA_TYPE", null).args(),
        bad("import with one bad item", "POST", "/v1/import/messages", json(Map.of("messages", List.of(
            Map.of("from", "" + a, "to", "" + b, "text", "fine", "createdAt", "2010-01-01T00:00:00.000Z"),
            Map.of("from", "" + a, "to", "" + b, "text", "bad time", "createdAt", "yesterday")))), 400, "INVALID_ARGUMENT"),
        bad("import item with unknown field", "POST", "/v1/import/messages", json(Map.of("messages", List.of(
            Map.of("from", "" + a, "to", "" + b, "text", "x", "createdAt", "2010-01-01T00:00:00.000Z", "id", "5")))), 400, "INVALID_ARGUMENT"),
        bad("import of self messages", "POST", "/v1/import/messages", json(Map.of("messages", List.of(
            Map.of("from", "" + a, "to", "" + b, "text", "fine", "createdAt", "2010-01-01T00:00:00.000Z"),
            Map.of("from", "" + a, "to", "" + a, "text", "self", "createdAt", "2010-01-01T00:00:00.000Z")))), 400, "INVALID_ARGUMENT"),
        bad("import without messages", "POST", "/v1/import/messages", "{\"messages\":{}}", 400, "INVALID_ARGUMENT"),
        bad("unknown device", "POST", read, "{\"device\":\"tablet\"}", 400, "INVALID_ARGUMENT"),
        bad("read without device", "POST", read, "{}", 400, "INVALID_ARGUMENT"),
        bad("read upTo not an id", "POST", read, "{\"device\":\"pc\",\"upTo\":\"latest\"}", 400, "INVALID_ARGUMENT"),
        bad("read with uid 0 in the path", "POST", "/v1/users/0/conversations/" + d + "/read", "{\"device\":\"pc\"}", 400, "INVALID_ARGUMENT"),
        bad("limit 0", "GET", "/v1/users/" + c + "/conversations?limit=0", null, 400, "INVALID_ARGUMENT"),
        bad("limit 101", "GET", "/v1/users/" + c + "/conversations/" + d + "/messages?limit=101", null, 400, "INVALID_ARGUMENT"),
        bad("limit not a number", "GET", "/v1/users/" + c + "/conversations?limit=ten", null, 400, "INVALID_ARGUMENT"),
        bad("forged history cursor", "GET", "/v1/users/" + c + "/conversations/" + d + "/messages?cursor=forged", null, 400, "INVALID_ARGUMENT"),
        bad("forged conversations cursor", "GET", "/v1/users/" + c + "/conversations?cursor=AAAA", null, 400, "INVALID_ARGUMENT"),
        bad("non-numeric uid in the path", "GET", "/v1/users/carol/conversations", null, 400, "INVALID_ARGUMENT"),
        bad("uid above 2^63-1 in the path", "GET", "/v1/users/9223372036854775808/conversations", null, 400, "INVALID_ARGUMENT"),
        bad("unknown folder", "GET", "/v1/users/" + c + "/conversations?folder=spam", null, 400, "INVALID_ARGUMENT"),
        bad("state with an unknown field", "PUT", state, "{\"starred\":true}", 400, "INVALID_ARGUMENT"),
        bad("state with a mistyped field", "PUT", state, "{\"pinned\":\"yes\"}", 400, "INVALID_ARGUMENT"),
        bad("state with a null field", "PUT", state, "{\"muted\":null}", 400, "INVALID_ARGUMENT"),
        bad("state with nothing to set", "PUT", state, "{}", 400, "INVALID_ARGUMENT"),
        bad("state of a conversation without messages", "PUT", "/v1/users/" + a + "/conversations/" + b + "/state",
            "{\"pinned\":true}", 404, "NOT_FOUND"),
        bad("blocking oneself", "PUT", "/v1/users/" + c + "/blocks/" + c, null, 400, "INVALID_ARGUMENT"),
        bad("blocking peer 0", "PUT", "/v1/users/" + c + "/blocks/0", null, 400, "INVALID_ARGUMENT"),
        bad("unread without device", "GET", "/v1/users/" + c + "/unread", null, 400, "INVALID_ARGUMENT"),
        bad("unread on an unknown device", "GET", "/v1/users/" + c + "/unread?device=tv", null, 400, "INVALID_ARGUMENT"),
        bad("delete a message id that is not a number", "DELETE", "/v1/users/" + c + "/messages/first", null, 400, "INVALID_ARGUMENT"),
        bad("delete a message the owner cannot see", "DELETE", "/v1/users/" + c + "/messages/12345", null, 404, "NOT_FOUND"),
        bad("delete a conversation with peer 0", "DELETE", "/v1/users/" + c + "/conversations/0", null, 400, "INVALID_ARGUMENT"),
        bad("delete all with a negative uid", "DELETE", "/v1/users/-" + c + "/messages", null, 400, "INVALID_ARGUMENT"),
        bad("cap of zero messages", "PUT", "/v1/senders/" + a + "/cap", "{\"messages\":0,\"period\":\"P1D\"}", 400, "INVALID_ARGUMENT"),
        bad("cap period not ISO-8601", "PUT", "/v1/senders/" + a + "/cap", "{\"messages\":1,\"period\":\"1 day\"}", 400, "INVALID_ARGUMENT"),
        bad("cap period under a second", "PUT", "/v1/senders/" + a + "/cap", "{\"messages\":1,\"period\":\"PT0.5S\"}", 400, "INVALID_ARGUMENT"),
        bad("cap messages as a string", "PUT", "/v1/senders/" + a + "/cap", "{\"messages\":\"1\",\"period\":\"P1D\"}", 400, "INVALID_ARGUMENT"),
        bad("unknown route", "POST", "/v1/nowhere", msg(a, b, "x"), 404, "NOT_FOUND"),
        bad("wrong method", "PUT", send, msg(a, b, "x"), 405, "METHOD_NOT_ALLOWED"),
        // Malformed percent-encoding: sent raw, since HTTP clients refuse to build such URIs.
        raw("malformed escapes in the cursor", "GET /v1/users/" + c + "/conversations?cursor=%%%zz", null, 400, "INVALID_ARGUMENT"),
        raw("a lone % at the end of the limit", "GET /v1/users/" + c + "/conversations?limit=5%", null, 400, "INVALID_ARGUMENT"),
        raw("a malformed escape in a parameter name", "GET /v1/users/" + c + "/conversations?%zz=1", null, 400, "INVALID_ARGUMENT"),
        raw("a truncated escape in the device", "GET /v1/users/" + c + "/unread?device=%E0%A4%A", null, 400, "INVALID_ARGUMENT"),
        raw("a malformed escape in a history cursor", "GET /v1/users/" + c + "/conversations/" + d + "/messages?cursor=%g0", null, 400, "INVALID_ARGUMENT"),
        raw("a malformed escape in the uid of the path", "GET /v1/users/%zz/conversations", null, 400, "INVALID_ARGUMENT"),
        raw("a lone % in the path", "GET /v1/users/" + c + "%/conversations", null, 400, "INVALID_ARGUMENT"),
        raw("a malformed escape in a segment name", "PUT /v1/segments/%zz", "{\"uids\":[\"" + a + "\"]}", 400, "INVALID_ARGUMENT", JSON),
        raw("a malformed escape on an unknown route", "GET /v1/nowhere/%zz", null, 400, "INVALID_ARGUMENT"),
        raw("a send with a malformed query string", "POST " + send + "?x=%zz", msg(a, b, "x"), 400, "INVALID_ARGUMENT", JSON),
        raw("a read with a malformed query string", "POST " + read + "?%", "{\"device\":\"pc\"}", 400, "INVALID_ARGUMENT", JSON),
        raw("a cap with a malformed escape in the sender", "PUT /v1/senders/%4/cap", "{\"messages\":1,\"period\":\"P1D\"}", 400, "INVALID_ARGUMENT", JSON),
        // Odd headers.
        new BadRequest("a Content-Type of only semicolons", "POST", send, msg(a, b, "x"), ";;;", 415, "UNSUPPORTED_MEDIA_TYPE", null).args(),
        raw("a header line without a colon", "POST " + send, msg(a, b, "x"), 400, "INVALID_ARGUMENT", JSON, "not a header"),
        raw("a Content-Length that is not a number", "POST " + send, msg(a, b, "x"), 400, "INVALID_ARGUMENT", JSON, "Content-Length: ten"),
        raw("an Expect the server does not meet", "POST " + send, msg(a, b, "x"), 400, "INVALID_ARGUMENT", JSON, "Expect: 200-ok"),
        raw("headers over the server's limit", "POST " + send, msg(a, b, "x"), 431, "HEADERS_TOO_LARGE", JSON, "X-Padding: " + "p".repeat(10_000)),
        raw("a request line over the server's limit", "GET /v1/users/" + c + "/conversations?cursor=" + "c".repeat(5_000), null, 414, "URI_TOO_LONG"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badRequests")
  void aRefusedRequestAnswersTheErrorShape(String name, BadRequest req) {
    Reply r = req.rawHeaders != null ? api.raw(req.rawHead(), req.body) : api.send(req.method, req.path, req.body, req.contentType);

    assertThat(r.status()).as("%s", r).isEqualTo(req.status);
    assertThat(r.errorCode()).as("%s", r).isEqualTo(req.code);
    assertThat(r.json().get("error").get("message").asText()).isNotBlank();
  }

  @AfterEach
  void nothingChanged() {
    assertThat(api.get("/v1/users/" + a + "/conversations").json().get("items")).isEmpty();
    assertThat(api.get("/v1/users/" + b + "/conversations").json().get("items")).isEmpty();
    assertThat(api.get("/v1/users/" + a + "/conversations/" + b + "/messages").json().get("items")).isEmpty();
    assertThat(api.get("/v1/users/" + c + "/conversations/" + d + "/messages").json().get("items")).containsExactly(fromD);
    assertThat(api.get("/v1/users/" + c + "/unread?device=pc").json().get("total").asLong()).isEqualTo(1);
    assertThat(api.get("/v1/users/" + c + "/unread?device=mobile").json().get("total").asLong()).isEqualTo(1);
    assertThat(api.get("/v1/senders/" + a + "/cap").status()).isEqualTo(404);
    JsonNode conversation = api.get("/v1/users/" + c + "/conversations/" + d).json();
    assertThat(List.of(conversation.get("pinned").asBoolean(), conversation.get("muted").asBoolean(),
        conversation.get("archived").asBoolean())).containsOnly(false);
    assertThat(api.get("/v1/users/" + c + "/blocks").json().get("items")).isEmpty();
  }

  /** With {@code rawHeaders}, {@code path} is the request line without its version, sent as it is. */
  record BadRequest(String name, String method, String path, String body, String contentType, int status, String code,
      List<String> rawHeaders) {
    Arguments args() {
      return Arguments.of(name, this);
    }

    String rawHead() {
      List<String> lines = new java.util.ArrayList<>(List.of(path + " HTTP/1.1", "Host: 127.0.0.1"));
      lines.addAll(rawHeaders);
      return String.join("\r\n", lines);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  private static Arguments bad(String name, String method, String path, String body, int status, String code) {
    return new BadRequest(name, method, path, body, body == null ? null : "application/json", status, code, null).args();
  }

  private static Arguments raw(String name, String requestLine, String body, int status, String code, String... headers) {
    return new BadRequest(name, null, requestLine, body, null, status, code, List.of(headers)).args();
  }

  private static String msg(long from, long to, String text) {
    return json(Map.of("from", "" + from, "to", "" + to, "text", text));
  }

  /** A send whose text is {@code escaped} as written in JSON (its escapes decoded by the server). */
  private static String rawText(long from, long to, String escaped) {
    return "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + escaped + "\"}";
  }

  private static String rawIds(String from, String to) {
    return "{\"from\":" + from + ",\"to\":" + to + ",\"text\":\"x\"}";
  }
}
