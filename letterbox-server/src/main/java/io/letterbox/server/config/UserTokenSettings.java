package io.letterbox.server.config;

import static io.letterbox.server.config.ServerSettings.*;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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

  /** The user-token settings, checked. */
  static UserTokenSettings of(SettingValues values) {
    String userTokenSecret = values.get(USER_TOKEN_SECRET);
    Path userTokenJwks = values.get(USER_TOKEN_JWKS);
    Duration userTokenClockSkew = values.get(USER_TOKEN_CLOCK_SKEW);
    Duration userTokenMaxTtl = values.get(USER_TOKEN_MAX_TTL);
    if (userTokenSecret != null && userTokenSecret.getBytes(StandardCharsets.UTF_8).length < MIN_SECRET_BYTES) {
      throw new ConfigException("user-token-secret must be at least " + MIN_SECRET_BYTES
          + " bytes (UTF-8): HS256 needs a key as long as its hash");
    }
    if (userTokenJwks != null && !Files.isReadable(userTokenJwks)) {
      throw new ConfigException("user-token-jwks: cannot read " + userTokenJwks);
    }
    if (userTokenClockSkew.isNegative() || userTokenClockSkew.compareTo(Duration.ofMinutes(10)) > 0) {
      throw new ConfigException("user-token-clock-skew must be between PT0S and PT10M: " + userTokenClockSkew);
    }
    if (userTokenMaxTtl.isNegative() || userTokenMaxTtl.isZero()) {
      throw new ConfigException("user-token-max-ttl must be positive: " + userTokenMaxTtl);
    }
    return new UserTokenSettings(userTokenSecret, userTokenJwks, values.get(USER_TOKEN_ISSUER),
        values.get(USER_TOKEN_AUDIENCE), userTokenClockSkew, userTokenMaxTtl);
  }
}
