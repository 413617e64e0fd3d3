package io.letterbox.server.support;

import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Reads the bytes of one HTTP/1.1 answer that ends with the connection (Connection: close). */
final class RawReply {
  private RawReply() {}

  static Reply parse(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    int end = text.indexOf("\r\n\r\n");
    if (end < 0) {
      throw new AssertionError("not an HTTP answer: " + text);
    }
    String[] lines = text.substring(0, end).split("\r\n");
    // "HTTP/1.1 400 Bad Request"
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers.computeIfAbsent(lines[i].substring(0, colon).trim(), k -> new ArrayList<>())
          .add(lines[i].substring(colon + 1).trim());
    }
    return new Reply(status, HttpHeaders.of(headers, (k, v) -> true), text.substring(end + 4));
  }
}
