package io.letterbox.model;

import java.util.Locale;

/**
 * Where a conversation is listed: the default list, the archive, or the requests folder (peers the
 * owner neither follows nor ever wrote to, when the deployment folds them away).
 */
public enum Folder {
  DEFAULT('d'),
  ARCHIVED('a'),
  REQUESTS('q');

  private final byte code;

  Folder(char code) {
    this.code = (byte) code;
  }

  /** Its byte in keys: never changed. */
  public byte code() {
    return code;
  }

  /** The name in the API ({@code ?folder=archived}). */
  public String apiName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** @return the folder named {@code name} in the API, or null if there is none */
  public static Folder ofApiName(String name) {
    for (Folder f : values()) {
      if (f.apiName().equals(name)) {
        return f;
      }
    }
    return null;
  }
}
