package io.letterbox.client;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * What the client sends as {@code Authorization: Bearer …}: a service key (full access) or a user
 * token (a JWT that acts as its {@code sub} only). Read before every request, so a token supplier
 * may hand out a fresh token when the old one nears its expiry.
 */
@FunctionalInterface
public interface Credentials {
  /** No {@code Authorization} header: a loopback server without keys. */
  Credentials NONE = () -> null;

  /** @return the bearer value for the next request, or null for none */
  String bearer();

  /** A service key from the server's {@code api-keys}. */
  static Credentials serviceKey(String key) {
    Objects.requireNonNull(key, "key");
    return () -> key;
  }

  /** A user token issued by the platform (or {@code letterbox token} for development). */
  static Credentials userToken(String jwt) {
    Objects.requireNonNull(jwt, "jwt");
    return () -> jwt;
  }

  /** User tokens from {@code tokens}, asked before every request (refresh them there). */
  static Credentials userTokens(Supplier<String> tokens) {
    Objects.requireNonNull(tokens, "tokens");
    return tokens::get;
  }
}
