package io.letterbox.server.http.routes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.TestServers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** POST /v1/blobs and GET /v1/blobs/{id}: bytes under an opaque id, read whole or by range (RFC 9110). */
class BlobsTest {
  private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final int MAX = 3_000_000;

  @TempDir
  static Path dir;
  private static LetterboxServer server;

  @BeforeAll
  static void start() {
    server = TestServers.start(dir, b -> b.maxBlobBytes(MAX));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static byte[] randomBytes(int n) {
    byte[] b = new byte[n];
    new Random(n).nextBytes(b);
    return b;
  }

  private static String sha256(byte[] b) throws Exception {
    return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
  }

  private static HttpResponse<byte[]> call(String method, String path, byte[] body, String... headers) {
    HttpRequest.Builder r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .timeout(Duration.ofSeconds(30))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
    if (headers.length > 0) {
      r.headers(headers);
    }
    try {
      return CLIENT.send(r.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (Exception e) {
      throw new AssertionError(method + " " + path + ": " + e, e);
    }
  }

  private static JsonNode json(HttpResponse<byte[]> r) throws Exception {
    return MAPPER.readTree(r.body());
  }

  private static String upload(byte[] bytes, String type) throws Exception {
    HttpResponse<byte[]> r = call("POST", "/v1/blobs", bytes, "Content-Type", type);
    assertThat(r.statusCode()).as(new String(r.body(), StandardCharsets.UTF_8)).isIn(200, 201);
    return json(r).get("id").asText();
  }

  private static String header(HttpResponse<?> r, String name) {
    return r.headers().firstValue(name).orElse(null);
  }

  @Test
  void anUploadGetsAnOpaqueIdAndIsReadBackWithItsTypeAndEntityTag() throws Exception {
    byte[] bytes = randomBytes(600_000);

    HttpResponse<byte[]> first = call("POST", "/v1/blobs", bytes, "Content-Type", "image/png");
    HttpResponse<byte[]> again = call("POST", "/v1/blobs", bytes, "Content-Type", "image/jpeg");
    String id = json(first).get("id").asText();
    HttpResponse<byte[]> get = call("GET", "/v1/blobs/" + id, null, "Accept-Encoding", "gzip");

    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(id).matches("[A-Za-z0-9_-]{22}");
    assertThat(json(first)).isEqualTo(MAPPER.readTree(
        "{\"id\":\"" + id + "\",\"size\":600000,\"contentType\":\"image/png\"}"));
    assertThat(header(first, "Location")).isEqualTo("/v1/blobs/" + id);
    assertThat(again.statusCode()).as("the same bytes again from the same uploader").isEqualTo(200);
    assertThat(json(again)).isEqualTo(json(first));
    assertThat(get.statusCode()).isEqualTo(200);
    assertThat(get.body()).isEqualTo(bytes);
    assertThat(header(get, "Content-Type")).isEqualTo("image/png");
    assertThat(header(get, "ETag")).as("the id, not the hash of the bytes").isEqualTo("\"" + id + "\"");
    assertThat(header(get, "Accept-Ranges")).isEqualTo("bytes");
    assertThat(header(get, "Content-Encoding")).as("stored bytes are sent as they are").isNotEqualTo("gzip");
  }

  @Test
  void aBlobLargerThanOneSliceIsSentWholeAndByRangesAcrossSlices() throws Exception {
    byte[] bytes = randomBytes(BlobRoutes.SLICE_BYTES * 2 + 12_345);
    String id = upload(bytes, "video/mp4");
    int at = BlobRoutes.SLICE_BYTES - 100;

    HttpResponse<byte[]> whole = call("GET", "/v1/blobs/" + id, null);
    int to = at + BlobRoutes.SLICE_BYTES + 200;
    HttpResponse<byte[]> across = call("GET", "/v1/blobs/" + id, null, "Range", "bytes=" + at + "-" + to);

    assertThat(whole.statusCode()).isEqualTo(200);
    assertThat(whole.body()).isEqualTo(bytes);
    assertThat(header(whole, "Content-Length")).isEqualTo(Integer.toString(bytes.length));
    assertThat(across.statusCode()).isEqualTo(206);
    assertThat(across.body()).isEqualTo(Arrays.copyOfRange(bytes, at, to + 1));
  }

  @Test
  void aRangeIsAnsweredWith206AndExactlyItsBytes() throws Exception {
    byte[] bytes = randomBytes(700_001);
    String id = upload(bytes, "video/mp4");
    int size = bytes.length;
    record Case(String range, int from, int to) {}
    for (Case c : new Case[] {
        new Case("bytes=0-9", 0, 9),
        new Case("bytes=262140-262150", 262140, 262150),
        new Case("bytes=700000-", 700000, 700000),
        new Case("bytes=-5", size - 5, size - 1),
        new Case("bytes=-9999999", 0, size - 1),
        new Case("bytes=10-99999999", 10, size - 1)}) {
      HttpResponse<byte[]> r = call("GET", "/v1/blobs/" + id, null, "Range", c.range());

      assertThat(r.statusCode()).as(c.range()).isEqualTo(206);
      assertThat(r.body()).as(c.range()).isEqualTo(Arrays.copyOfRange(bytes, c.from(), c.to() + 1));
      assertThat(header(r, "Content-Range")).isEqualTo("bytes " + c.from() + "-" + c.to() + "/" + size);
    }
    for (String ignored : new String[] {"bytes=0-1,5-6", "lines=0-1", "bytes=5-2", "bytes=x-"}) {
      HttpResponse<byte[]> r = call("GET", "/v1/blobs/" + id, null, "Range", ignored);
      assertThat(r.statusCode()).as(ignored).isEqualTo(200);
      assertThat(r.body()).isEqualTo(bytes);
    }
    HttpResponse<byte[]> stale = call("GET", "/v1/blobs/" + id, null, "Range", "bytes=0-9", "If-Range", "\"AAAAAAAAAAAAAAAAAAAAAA\"");
    assertThat(stale.statusCode()).as("If-Range naming another entity").isEqualTo(200);
  }

  @Test
  void aRangeWithNoBytesInTheBlobIs416() throws Exception {
    byte[] bytes = randomBytes(1000);
    String id = upload(bytes, "application/pdf");

    for (String range : new String[] {"bytes=1000-", "bytes=5000-6000", "bytes=-0"}) {
      HttpResponse<byte[]> r = call("GET", "/v1/blobs/" + id, null, "Range", range);

      assertThat(r.statusCode()).as(range).isEqualTo(416);
      assertThat(json(r).at("/error/code").asText()).isEqualTo("RANGE_NOT_SATISFIABLE");
      assertThat(header(r, "Content-Range")).isEqualTo("bytes */1000");
    }
  }

  @Test
  void aMatchingIfNoneMatchIs304AndHeadSendsTheHeadersOnly() throws Exception {
    byte[] bytes = randomBytes(2000);
    String id = upload(bytes, "text/plain; charset=utf-8");

    HttpResponse<byte[]> notModified = call("GET", "/v1/blobs/" + id, null, "If-None-Match", "\"x\", \"" + id + "\"");
    HttpResponse<byte[]> head = call("HEAD", "/v1/blobs/" + id, null);

    assertThat(notModified.statusCode()).isEqualTo(304);
    assertThat(notModified.body()).isEmpty();
    assertThat(header(notModified, "ETag")).isEqualTo("\"" + id + "\"");
    assertThat(head.statusCode()).isEqualTo(200);
    assertThat(header(head, "Content-Length")).isEqualTo("2000");
    assertThat(header(head, "Content-Type")).isEqualTo("text/plain; charset=utf-8");
    assertThat(head.body()).isEmpty();
  }

  @Test
  void aBlobOverMaxBlobBytesIs413AndStoresNothing() throws Exception {
    byte[] tooLarge = randomBytes(MAX + 1);

    HttpResponse<byte[]> r = call("POST", "/v1/blobs", tooLarge, "Content-Type", "image/png");

    assertThat(r.statusCode()).isEqualTo(413);
    assertThat(json(r).at("/error/code").asText()).isEqualTo("PAYLOAD_TOO_LARGE");
    assertThat(json(r).at("/error/message").asText()).contains("max-blob-bytes");
    assertThat(call("GET", "/v1/blobs/" + sha256(tooLarge), null).statusCode()).as("nothing under its content's hash")
        .isEqualTo(404);
    assertThat(call("POST", "/v1/blobs", Arrays.copyOf(tooLarge, MAX), "Content-Type", "image/png").statusCode())
        .isEqualTo(201);
  }

  @Test
  void aMalformedIdOrContentTypeIs400AndAnUnknownBlobIs404() throws Exception {
    byte[] bytes = randomBytes(10);

    HttpResponse<byte[]> badType = call("POST", "/v1/blobs", bytes, "Content-Type", "not a type");
    HttpResponse<byte[]> badId = call("GET", "/v1/blobs/sha256:1234", null);
    HttpResponse<byte[]> unknown = call("GET", "/v1/blobs/" + sha256(bytes), null);

    assertThat(badType.statusCode()).isEqualTo(400);
    assertThat(json(badType).at("/error/code").asText()).isEqualTo("INVALID_ARGUMENT");
    assertThat(badId.statusCode()).isEqualTo(400);
    assertThat(unknown.statusCode()).as("nothing was stored by the refused upload").isEqualTo(404);
    assertThat(json(unknown).at("/error/code").asText()).isEqualTo("NOT_FOUND");
  }
}
