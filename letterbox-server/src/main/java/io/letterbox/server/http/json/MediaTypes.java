package io.letterbox.server.http.json;

import java.util.Locale;

/** Which Content-Type values mean a JSON body this server can read. */
public final class MediaTypes {
  private MediaTypes() {}

  /** application/json or application/*+json, in UTF-8 if a charset is named (RFC 8259). */
  public static boolean isJson(String contentType) {
    // -1 keeps empty parts: ";;" splits into three of them, not into none.
    String[] parts = contentType.toLowerCase(Locale.ROOT).split(";", -1);
    String mime = parts[0].trim();
    if (!mime.equals("application/json") && !(mime.startsWith("application/") && mime.endsWith("+json"))) {
      return false;
    }
    for (int i = 1; i < parts.length; i++) {
      String p = parts[i].trim();
      if (p.startsWith("charset=") && !p.substring(8).replace("\"", "").equals("utf-8")) {
        return false;
      }
    }
    return true;
  }
}
