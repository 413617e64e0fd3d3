package io.letterbox.server.cli;

import io.letterbox.server.auth.UserTokens;
import io.letterbox.server.config.ConfigException;
import io.letterbox.server.config.ServerConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code letterbox token --uid U --ttl PT1H}: prints a user token for {@code U}, signed with the
 * configured user-token-secret (HS256), for development. A platform issues its users' tokens
 * itself, with the same secret or with the keys of the JWKS file the server is given.
 */
@Command(name = "token", mixinStandardHelpOptions = true,
    description = "Print a user token (JWT) for one uid, signed with the configured user-token-secret.")
public final class TokenCommand implements Callable<Integer> {
  @Option(names = "--uid", required = true, paramLabel = "UID", description = "the user the token acts as")
  long uid;

  @Option(names = "--ttl", paramLabel = "DURATION", defaultValue = "PT1H",
      description = "how long the token is valid, ISO-8601, at most user-token-max-ttl (default: ${DEFAULT-VALUE})")
  String ttl;

  @Option(names = "--config", paramLabel = "FILE", description = "properties file with user-token-secret (and user-token-issuer, user-token-audience)")
  Path config;

  @Option(names = "--secret", paramLabel = "SECRET", description = "the secret, instead of the file's user-token-secret")
  String secret;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    if (uid <= 0) {
      throw new ConfigException("--uid must be a positive 64-bit integer: " + uid);
    }
    Duration valid;
    try {
      valid = Duration.parse(ttl);
    } catch (DateTimeParseException e) {
      throw new ConfigException("--ttl must be an ISO-8601 duration such as PT1H: '" + ttl + "'");
    }
    if (valid.isNegative() || valid.isZero()) {
      throw new ConfigException("--ttl must be positive: " + ttl);
    }
    ServerConfig.Builder b = ServerConfig.builder();
    if (config != null) {
      b.load(config);
    }
    if (secret != null) {
      b.userTokenSecret(secret);
    }
    ServerConfig settings = b.build();
    if (settings.userTokens().secret() == null) {
      throw new ConfigException("user-token-secret is not set (--config FILE or --secret): tokens are signed with it");
    }
    if (valid.compareTo(settings.userTokens().maxTtl()) > 0) {
      // Refused, not shortened: a token silently valid for less than asked would fail later, far from here.
      throw new ConfigException("--ttl " + ttl + " is longer than user-token-max-ttl ("
          + settings.userTokens().maxTtl() + "): the server would refuse the token");
    }
    spec.commandLine().getOut().println(new UserTokens(settings.userTokens()).issue(uid, valid, Clock.systemUTC()));
    return 0;
  }
}
