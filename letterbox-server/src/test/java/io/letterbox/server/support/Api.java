package io.letterbox.server.support;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/** A small HTTP client for the API under test; every call returns the answer, whatever its status. */
public final class Api {
  private static final HttpClient CLIENT = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(5))
      .version(HttpClient.Version.HTTP_1_1)
      .build();

  private final int port;
  private final String base;
  private final String key;

  public Api(int port) {
    this(port, null);
  }

  private Api(int port, String key) {
    this.port = port;
    this.base = "http://127.0.0.1:" + port;
    this.key = key;
  }

  /** @return a client that sends {@code Authorization: Bearer key} */
  public int port() {
    return port;
  }

  public Api withKey(String key) {
    return new Api(port, key);
  }

  public Reply get(String path) {
    return send("GET", path, null, null);
  }

  public Reply delete(String path) {
    return send("DELETE", path, null, null);
  }

  public Reply post(String path, String json) {
    return send("POST", path, json, "application/json");
  }

  /** Raw bytes, e.g. a blob. */
  public Reply post(String path, byte[] body, String contentType) {
    return send("POST", path, BodyPublishers.ofByteArray(body), contentType, key == null ? null : "Bearer " + key);
  }

  public Reply put(String path, String json) {
    return send("PUT", path, json, "application/json");
  }

  /**
   * Sends {@code head} (request line and header lines, without the blank line) and {@code body}
   * as they are, over a socket of their own: for requests that {@link HttpClient} refuses to send,
   * such as malformed percent-encoding or unreadable headers. Adds Connection: close and, with a
   * body, Content-Length unless the head frames the body itself (Content-Length or
   * Transfer-Encoding). The head's characters are sent as single bytes (ISO-8859-1), so a raw
   * byte above 0x7F can be written as the character of that value.
   */
  public Reply raw(String head, byte[] body) {
    StringBuilder request = new StringBuilder(head).append("\r\nConnection: close\r\n");
    byte[] content = body == null ? new byte[0] : body;
    String lower = head.toLowerCase(Locale.ROOT);
    if (body != null && !lower.contains("\r\ncontent-length:") && !lower.contains("\r\ntransfer-encoding:")) {
      request.append("Content-Length: ").append(content.length).append("\r\n");
    }
    if (key != null) {
      request.append("Authorization: Bearer ").append(key).append("\r\n");
    }
    request.append("\r\n");
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(15_000);
      OutputStream out = socket.getOutputStream();
      out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
      out.write(content);
      out.flush();
      return RawReply.parse(socket.getInputStream().readAllBytes());
    } catch (IOException e) {
      throw new AssertionError("raw " + head.lines().findFirst().orElse("") + " failed: " + e, e);
    }
  }

  /** {@link #raw(String, byte[])} with {@code body} in UTF-8. */
  public Reply raw(String head, String body) {
    return raw(head, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
  }

  /** @return the id of every message {@code owner} sees with {@code peer}, newest first, paging through them */
  public java.util.List<String> messageIds(long owner, long peer) {
    java.util.List<String> ids = new java.util.ArrayList<>();
    String cursor = null;
    do {
      Reply page = get("/v1/users/" + owner + "/conversations/" + peer + "/messages?limit=100"
          + (cursor == null ? "" : "&cursor=" + cursor));
      if (page.status() != 200) {
        throw new AssertionError("listing failed: " + page);
      }
      page.json().get("items").forEach(m -> ids.add(m.get("id").asText()));
      cursor = page.json().get("next").isNull() ? null : page.json().get("next").asText();
    } while (cursor != null);
    return ids;
  }

  /** Any method, body and content type; null for none. */
  public Reply send(String method, String path, String body, String contentType) {
    return send(method, path, body, contentType, key == null ? null : "Bearer " + key);
  }

  public Reply send(String method, String path, String body, String contentType, String authorization) {
    return send(method, path, body == null ? BodyPublishers.noBody() : BodyPublishers.ofString(body), contentType,
        authorization);
  }

  private Reply send(String method, String path, HttpRequest.BodyPublisher body, String contentType, String authorization) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(15))
        .method(method, body);
    if (contentType != null) {
      b.header("Content-Type", contentType);
    }
    if (authorization != null) {
      b.header("Authorization", authorization);
    }
    try {
      var r = CLIENT.send(b.build(), BodyHandlers.ofString());
      return new Reply(r.statusCode(), r.headers(), r.body());
    } catch (IOException e) {
      throw new AssertionError(method + " " + path + " failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
