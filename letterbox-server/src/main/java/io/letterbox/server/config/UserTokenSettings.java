package io.letterbox.server.config;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How the server verifies user tokens (JWTs that act as one user): with an HS256 secret, with the
 * public keys of a JWKS file (RS256, ES256), or both; neither means user tokens are off.
 *
 * @param secret    user-token-secret: the HS256 key, its UTF-8 bytes (at least 32); null: none
 * @param jwks      user-token-jwks: a JWKS file of the issuer's public keys; null: none
 * @param issuer    user-token-issuer: the {@code iss} every token must have; null: any
 * @param audience  user-token-audience: the {@code aud} every token must name; null: any
 * @param clockSkew user-token-clock-skew: slack given to {@code exp}, {@code nbf} and {@code iat}
 * @param maxTtl    user-token-max-ttl: how far past its {@code iat} (past now, without one) a
 *                  token's {@code exp} may lie
 */
public record UserTokenSettings(String secret, Path jwks, String issuer, String audience, Duration clockSkew,
    Duration maxTtl) {
  public static final int MIN_SECRET_BYTES = 32;

  /** Whether user tokens are accepted at all. */
  public boolean enabled() {
    return secret != null || jwks != null;
  }
}
