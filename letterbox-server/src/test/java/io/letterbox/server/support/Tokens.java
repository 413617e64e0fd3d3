package io.letterbox.server.support;

import io.letterbox.server.auth.UserTokens;
import io.letterbox.server.config.ServerConfig;
import java.time.Clock;
import java.time.Duration;

/** User tokens as the platform issues them, for servers configured with {@link #SECRET}. */
public final class Tokens {
  /** The user-token-secret of servers that accept these tokens. */
  public static final String SECRET = "a-test-user-token-secret-of-32-bytes";
  /** A service key for the same servers. */
  public static final String SERVICE_KEY = "the-service-key";
  private static final UserTokens TOKENS = new UserTokens(ServerConfig.builder().userTokenSecret(SECRET).build().userTokens());

  private Tokens() {}

  /** @return a token acting as {@code uid}, valid for an hour */
  public static String of(long uid) {
    return TOKENS.issue(uid, Duration.ofHours(1), Clock.systemUTC());
  }

  /** Server settings that accept these tokens and {@link #SERVICE_KEY}. */
  public static ServerConfig.Builder accepted(ServerConfig.Builder b) {
    return b.apiKeys(java.util.List.of(SERVICE_KEY)).userTokenSecret(SECRET);
  }
}
