package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.nio.charset.StandardCharsets;
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
        // Jackson 2.23 (not 2.18) refuses a broken surrogate pair in a field name as it parses: malformed JSON.
        bad("a lone surrogate in a payload's field name", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b
            + "\",\"type\":\"custom:x\",\"payload\":{\"k\\ud800\":1}}", 400, "INVALID_JSON"),
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
        new BadRequest("text/plain body", "POST", send, utf8(msg(a, b, "x")), "text/plain", 415, "UNSUPPORTED_MEDIA_TYPE", null).args(),
        new BadRequest("JSON in another charset", "POST", send, utf8(msg(a, b, "x")), "application/json; charset=latin1", 415, "UNSUPPORTED_MEDIA_TYPE", null).args(),
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
        new BadRequest("a Content-Type of only semicolons", "POST", send, utf8(msg(a, b, "x")), ";;;", 415, "UNSUPPORTED_MEDIA_TYPE", null).args(),
        raw("a header line without a colon", "POST " + send, msg(a, b, "x"), 400, "INVALID_ARGUMENT", JSON, "not a header"),
        raw("a Content-Length that is not a number", "POST " + send, msg(a, b, "x"), 400, "INVALID_ARGUMENT", JSON, "Content-Length: ten"),
        raw("an Expect the server does not meet", "POST " + send, msg(a, b, "x"), 400, "INVALID_ARGUMENT", JSON, "Expect: 200-ok"),
        raw("headers over the server's limit", "POST " + send, msg(a, b, "x"), 431, "HEADERS_TOO_LARGE", JSON, "X-Padding: " + "p".repeat(10_000)),
        raw("a request line over the server's limit", "GET /v1/users/" + c + "/conversations?cursor=" + "c".repeat(5_000), null, 414, "URI_TOO_LONG"),
        // Bodies that are not UTF-8: Jackson alone would take an overlong form as the character it encodes.
        bytes("a 0xFF byte in text", send, utf8Text(a, b, 0x61, 0xFF, 0x62), 400, "INVALID_JSON"),
        bytes("a truncated two-byte sequence in text", send, utf8Text(a, b, 0x61, 0xC3), 400, "INVALID_JSON"),
        bytes("an overlong form of '/' in text", send, utf8Text(a, b, 0x61, 0xC0, 0xAF, 0x62), 400, "INVALID_JSON"),
        bytes("an overlong form of NUL in text", send, utf8Text(a, b, 0x61, 0xC0, 0x80), 400, "INVALID_JSON"),
        bytes("a three-byte overlong form in text", send, utf8Text(a, b, 0xE0, 0x80, 0xAF), 400, "INVALID_JSON"),
        bytes("a surrogate encoded in UTF-8 in text", send, utf8Text(a, b, 0x61, 0xED, 0xA0, 0x80), 400, "INVALID_JSON"),
        bytes("a lone continuation byte in text", send, utf8Text(a, b, 0x80), 400, "INVALID_JSON"),
        bytes("a five-byte form in text", send, utf8Text(a, b, 0xF8, 0x88, 0x80, 0x80, 0x80), 400, "INVALID_JSON"),
        bytes("a code point above U+10FFFF in text", send, utf8Text(a, b, 0xF4, 0x90, 0x80, 0x80), 400, "INVALID_JSON"),
        bytes("a body that starts with three NULs (Jackson took it for UTF-32: a 500)", send,
            new byte[] {0, 0, 0, ':', '"', 'b', '1', '0'}, 400, "INVALID_JSON"),
        bytes("a body in UTF-16", send, msg(a, b, "x").getBytes(StandardCharsets.UTF_16), 400, "INVALID_JSON"),
        // URLs that are not UTF-8 once percent-decoded: Vert.x would read them as U+FFFD.
        raw("a segment name that is not UTF-8", "PUT /v1/segments/%C3%28", "{\"uids\":[\"" + a + "\"]}", 400, "INVALID_ARGUMENT", JSON),
        raw("an overlong escape in a query", "GET /v1/users/" + c + "/search?q=%C0%AF", null, 400, "INVALID_ARGUMENT"),
        raw("a raw 0xFF byte in a query", "GET /v1/users/" + c + "/conversations?cursor=\u00ff", null, 400, "INVALID_ARGUMENT"),
        raw("an encoded surrogate in the path", "GET /v1/users/%ED%A0%80/conversations", null, 400, "INVALID_ARGUMENT"),
        // NUL, by policy, wherever a string is.
        raw("NUL in a segment name of the path", "PUT /v1/segments/a%00b", "{\"uids\":[\"" + a + "\"]}", 400, "INVALID_ARGUMENT", JSON),
        bad("NUL in an idempotency key", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"text\":\"x\",\"idempotencyKey\":\"k\\u0000\"}", 400, "INVALID_ARGUMENT"),
        bad("NUL in a payload value", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b
            + "\",\"type\":\"custom:x\",\"payload\":{\"k\":\"\\u0000\"}}", 400, "INVALID_ARGUMENT"),
        bad("NUL in a group's name", "POST", "/v1/groups", "{\"by\":\"" + a + "\",\"name\":\"a\\u0000\",\"members\":[\"" + b + "\"]}", 400, "INVALID_ARGUMENT"),
        // JSON past what a DM store needs.
        bad("a payload nested deeper than 1000", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b
            + "\",\"type\":\"custom:x\",\"payload\":{\"k\":" + "[".repeat(1_500) + "]".repeat(1_500) + "}}", 400, "INVALID_JSON"),
        bad("arrays nested 100,000 deep", "POST", send, "[".repeat(100_000) + "]".repeat(100_000), 400, "INVALID_JSON"),
        bad("a comment in JSON", "POST", send, "{\"from\":\"" + a + "\",/* hi */\"to\":\"" + b + "\",\"text\":\"x\"}", 400, "INVALID_JSON"),
        bad("single-quoted strings", "POST", send, "{'from':'" + a + "','to':'" + b + "','text':'x'}", 400, "INVALID_JSON"),
        bad("NaN as a cap", "PUT", "/v1/senders/" + a + "/cap", "{\"messages\":NaN,\"period\":\"P1D\"}", 400, "INVALID_JSON"),
        bad("a cap past 2^63", "PUT", "/v1/senders/" + a + "/cap", "{\"messages\":9223372036854775808,\"period\":\"P1D\"}", 400, "INVALID_ARGUMENT"),
        bad("a cap of 1e400", "PUT", "/v1/senders/" + a + "/cap", "{\"messages\":1e400,\"period\":\"P1D\"}", 400, "INVALID_ARGUMENT"),
        bad("a uid of 400 digits", "POST", send, rawIds("\"" + a + "\"", "9".repeat(400)), 400, "INVALID_ARGUMENT"),
        bad("a read position past 2^63", "POST", read, "{\"device\":\"pc\",\"upTo\":\"9223372036854775808\"}", 400, "INVALID_ARGUMENT"),
        bad("a limit past 2^63", "GET", "/v1/users/" + c + "/conversations?limit=9223372036854775808", null, 400, "INVALID_ARGUMENT"),
        bad("a negative limit", "GET", "/v1/users/" + c + "/conversations/" + d + "/messages?limit=-1", null, 400, "INVALID_ARGUMENT"),
        bad("a JSON string as the body", "POST", send, "\"hello\"", 400, "INVALID_JSON"),
        bad("JSON null as the body", "POST", send, "null", 400, "INVALID_JSON"),
        // Bodies of the other writes.
        bad("a broadcast to an unknown audience type", "POST", "/v1/broadcasts", broadcast(a, "{\"type\":\"everyone\"}"), 400, "INVALID_ARGUMENT"),
        bad("a broadcast whose uids are not an array", "POST", "/v1/broadcasts", broadcast(a, "{\"type\":\"uids\",\"uids\":\"" + b + "\"}"), 400, "INVALID_ARGUMENT"),
        bad("a broadcast whose where has a number", "POST", "/v1/broadcasts", broadcast(a, "{\"type\":\"subscribers\",\"where\":{\"tier\":3}}"), 400, "INVALID_ARGUMENT"),
        bad("a broadcast with an unknown priority", "POST", "/v1/broadcasts", "{\"from\":\"" + a + "\",\"text\":\"x\",\"priority\":\"urgent\","
            + "\"audience\":{\"type\":\"uids\",\"uids\":[\"" + b + "\"]}}", 400, "INVALID_ARGUMENT"),
        bad("a broadcast without a sender", "POST", "/v1/broadcasts", "{\"text\":\"x\",\"audience\":{\"type\":\"uids\",\"uids\":[\"" + b + "\"]}}", 400, "INVALID_ARGUMENT"),
        bad("a group with member 0", "POST", "/v1/groups", "{\"by\":\"" + a + "\",\"name\":\"g\",\"members\":[\"0\"]}", 400, "INVALID_ARGUMENT"),
        bad("a group with an unknown newMembersSee", "POST", "/v1/groups", "{\"by\":\"" + a + "\",\"name\":\"g\",\"members\":[\"" + b
            + "\"],\"newMembersSee\":\"never\"}", 400, "INVALID_ARGUMENT"),
        bad("a post to an unknown group", "POST", "/v1/groups/12345/messages", "{\"from\":\"" + a + "\",\"text\":\"x\"}", 404, "NOT_FOUND"),
        bad("following oneself", "PUT", "/v1/users/" + a + "/following/" + a, null, 400, "INVALID_ARGUMENT"),
        bad("subscription attributes that are not strings", "PUT", "/v1/users/" + b + "/subscriptions/" + a, "{\"attributes\":{\"city\":1}}", 400, "INVALID_ARGUMENT"),
        bad("segment uids as a string", "PUT", "/v1/segments/s1", "{\"uids\":\"" + a + "\"}", 400, "INVALID_ARGUMENT"),
        bad("a payload that is an array", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"type\":\"custom:x\",\"payload\":[1]}", 400, "INVALID_ARGUMENT"),
        bad("an unknown message type", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"type\":\"video\",\"text\":\"x\"}", 400, "INVALID_ARGUMENT"),
        bad("an attachment of an unknown blob", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"type\":\"image\",\"attachments\":"
            + "[{\"blob\":\"" + "A".repeat(22) + "\"}]}", 400, "INVALID_ARGUMENT"),
        // Replies and forwards (decision 0048): only of what the sender can see, and a forward copies its content.
        bad("a reply to a message of another conversation", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b
            + "\",\"text\":\"re\",\"replyTo\":\"" + fromD.get("id").asText() + "\"}", 400, "INVALID_ARGUMENT"),
        bad("a reply to no message", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b
            + "\",\"text\":\"re\",\"replyTo\":\"12345\"}", 400, "INVALID_ARGUMENT"),
        bad("a forward of a message the sender cannot see", "POST", send, "{\"from\":\"" + a + "\",\"to\":\"" + b
            + "\",\"forwardOf\":\"" + fromD.get("id").asText() + "\"}", 404, "NOT_FOUND"),
        bad("a forward with text of its own", "POST", send, "{\"from\":\"" + c + "\",\"to\":\"" + a
            + "\",\"text\":\"fw\",\"forwardOf\":\"" + fromD.get("id").asText() + "\"}", 400, "INVALID_ARGUMENT"),
        bad("a forward with attachments of its own", "POST", send, "{\"from\":\"" + c + "\",\"to\":\"" + a
            + "\",\"attachments\":[],\"forwardOf\":\"" + fromD.get("id").asText() + "\"}", 400, "INVALID_ARGUMENT"),
        bad("a reaction that is a letter", "PUT", reaction(c, "a"), null, 400, "INVALID_ARGUMENT"),
        bad("a reaction of two emojis", "PUT", reaction(c, "%F0%9F%91%8D%F0%9F%91%8D"), null, 400, "INVALID_ARGUMENT"),
        bad("a reaction that is a space", "PUT", reaction(c, "%20"), null, 400, "INVALID_ARGUMENT"),
        bad("a custom reaction with capitals", "PUT", reaction(c, "custom:Party"), null, 400, "INVALID_ARGUMENT"),
        bad("a reaction to a message the user cannot see", "PUT", reaction(a, "%F0%9F%91%8D"), null, 404, "NOT_FOUND"),
        bad("taking back a reaction to a message the user cannot see", "DELETE", reaction(a, "%F0%9F%91%8D"), null, 404,
            "NOT_FOUND"),
        // Scheduled messages (decision 0052): refused as they are accepted, with nothing scheduled.
        bad("sendAt in the past", "POST", send, scheduled(a, b, "x", java.time.Instant.now().minusSeconds(60).toString()), 400, "INVALID_ARGUMENT"),
        bad("sendAt beyond max-schedule-ahead", "POST", send, scheduled(a, b, "x",
            java.time.Instant.now().plus(java.time.Duration.ofDays(366)).toString()), 400, "INVALID_ARGUMENT"),
        bad("sendAt that is no time", "POST", send, scheduled(a, b, "x", "tomorrow"), 400, "INVALID_ARGUMENT"),
        // A reply c could send now: scheduled, it is refused (decision 0052).
        bad("a scheduled reply", "POST", send, "{\"from\":\"" + c + "\",\"to\":\"" + d + "\",\"text\":\"re\",\"replyTo\":\""
            + fromD.get("id").asText() + "\",\"sendAt\":\"" + java.time.Instant.now().plusSeconds(3600) + "\"}", 400,
            "INVALID_ARGUMENT"),
        bad("a scheduled message over the text limit", "POST", send, scheduled(a, b, "x".repeat(4001),
            java.time.Instant.now().plusSeconds(3600).toString()), 400, "INVALID_ARGUMENT"),
        bad("a scheduled message to oneself", "POST", send, scheduled(a, a, "x", java.time.Instant.now().plusSeconds(3600).toString()), 400, "INVALID_ARGUMENT"),
        bad("cancelling an unknown scheduled message", "DELETE", "/v1/users/" + a + "/scheduled/12345", null, 404, "NOT_FOUND"),
        // Framing: a body the server would read other than the client meant.
        raw("a gzip transfer coding the server does not decode", "POST " + send, chunked(msg(a, b, "x")), 400, "INVALID_ARGUMENT", JSON,
            "Transfer-Encoding: gzip, chunked"),
        raw("a Content-Encoding the server does not decode", "POST " + send, msg(a, b, "x"), 415, "UNSUPPORTED_MEDIA_TYPE", JSON,
            "Content-Encoding: gzip"),
        raw("a chunk size that is not hexadecimal", "POST " + send, "zz\r\n" + msg(a, b, "x") + "\r\n0\r\n\r\n", 400, "INVALID_ARGUMENT", JSON,
            "Transfer-Encoding: chunked"),
        raw("a chunked body over max-body-bytes", "POST " + send, chunked(msg(a, b, "x".repeat(1_100_000))), 413, "PAYLOAD_TOO_LARGE", JSON,
            "Transfer-Encoding: chunked"),
        raw("two different Content-Length values", "POST " + send, msg(a, b, "x"), 400, "INVALID_ARGUMENT", JSON,
            "Content-Length: " + msg(a, b, "x").length(), "Content-Length: 3"),
        raw("a negative Content-Length", "POST " + send, msg(a, b, "x"), 400, "INVALID_ARGUMENT", JSON, "Content-Length: -5"),
        raw("a Content-Length past 2^63", "POST " + send, msg(a, b, "x"), 400, "INVALID_ARGUMENT", JSON, "Content-Length: 99999999999999999999"),
        raw("a control character in a header value", "POST " + send, msg(a, b, "x"), 400, "INVALID_ARGUMENT", JSON, "X-Note: a\u0001b"),
        raw("a space before a header's colon", "POST " + send, msg(a, b, "x"), 400, "INVALID_ARGUMENT", JSON, "X-Note : b"),
        new BadRequest("HTTP/1.1 without Host", null, "POST " + send + " HTTP/1.1\r\n" + JSON, utf8(msg(a, b, "x")), null, 400,
            "INVALID_ARGUMENT", List.of()).args());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badRequests")
  void aRefusedRequestAnswersTheErrorShape(String name, BadRequest req) {
    Reply r = req.rawHeaders != null ? api.raw(req.rawHead(), req.body)
        : api.send(req.method, req.path, req.body == null ? null : new String(req.body, StandardCharsets.UTF_8), req.contentType);

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
    assertThat(api.get("/v1/users/" + a + "/scheduled").json().get("items")).isEmpty();
  }

  private static String scheduled(long from, long to, String text, String sendAt) {
    return json(Map.of("from", "" + from, "to", "" + to, "text", text, "sendAt", sendAt));
  }

  /** With {@code rawHeaders}, {@code path} is the request line without its version, sent as it is. */
  record BadRequest(String name, String method, String path, byte[] body, String contentType, int status, String code,
      List<String> rawHeaders) {
    Arguments args() {
      return Arguments.of(name, this);
    }

    String rawHead() {
      if (rawHeaders.isEmpty() && path.contains(" HTTP/")) {
        return path;
      }
      List<String> lines = new java.util.ArrayList<>(List.of(path + " HTTP/1.1", "Host: 127.0.0.1"));
      lines.addAll(rawHeaders);
      return String.join("\r\n", lines);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** The path of {@code uid}'s reaction {@code emoji} (as it goes in a path) to d's message to c. */
  private static String reaction(long uid, String emoji) {
    return "/v1/users/" + uid + "/messages/" + fromD.get("id").asText() + "/reactions/" + emoji;
  }

  private static Arguments bad(String name, String method, String path, String body, int status, String code) {
    return new BadRequest(name, method, path, utf8(body), body == null ? null : "application/json", status, code, null).args();
  }

  private static Arguments raw(String name, String requestLine, String body, int status, String code, String... headers) {
    return new BadRequest(name, null, requestLine, utf8(body), null, status, code, List.of(headers)).args();
  }

  /** A JSON body given as bytes, for bytes that are not UTF-8. */
  private static Arguments bytes(String name, String path, byte[] body, int status, String code) {
    return new BadRequest(name, null, "POST " + path, body, null, status, code, List.of(JSON)).args();
  }

  private static byte[] utf8(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
  }

  /** A send whose text is the given bytes, as they are. */
  private static byte[] utf8Text(long from, long to, int... text) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    out.writeBytes(("{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"").getBytes(StandardCharsets.UTF_8));
    for (int x : text) {
      out.write(x);
    }
    out.writeBytes("\"}".getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  /** {@code body} as one chunk of chunked transfer coding. */
  private static String chunked(String body) {
    return Integer.toHexString(body.getBytes(StandardCharsets.UTF_8).length) + "\r\n" + body + "\r\n0\r\n\r\n";
  }

  private static String broadcast(long from, String audience) {
    return "{\"from\":\"" + from + "\",\"text\":\"x\",\"audience\":" + audience + "}";
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
