package io.letterbox.server.config;

import java.net.URI;

/** Settings whose value is an http or https URL of a platform's endpoint. */
final class HttpUrls {
  private HttpUrls() {}

  /** {@code url}, the value of setting {@code key}, checked to be an http or https URL with a host. */
  static URI parse(String key, String url) {
    URI uri;
    try {
      uri = URI.create(url);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(key + " is not a URL: " + url);
    }
    if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
      throw new ConfigException(key + " must be an http or https URL: " + url);
    }
    return uri;
  }
}
