package io.letterbox.server.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.ImmutableSecret;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSKeySelector;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.letterbox.server.config.ConfigException;
import io.letterbox.server.config.UserTokenSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Set;

/**
 * Verifies user tokens and makes development ones. A user token is a JWT whose {@code sub} is a
 * uid: signed with the configured HS256 secret, or with a key of the configured JWKS file (RS256,
 * ES256); {@code exp} is required, {@code exp} and {@code nbf} are checked with the configured
 * clock skew, and {@code iss} and {@code aud} when they are configured. {@code exp} may lie at
 * most user-token-max-ttl past {@code iat} (past now for a token without {@code iat}), and an
 * {@code iat} later than now (beyond the clock skew) is refused: a token cannot be made to outlive
 * the platform's lifetime, nor to look issued after a revocation (decision 0024). Unsigned tokens
 * ({@code alg: none}) and other algorithms are refused. Thread-safe.
 */
public final class UserTokens {
  private final UserTokenSettings settings;
  private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();

  /** @throws ConfigException if the JWKS file cannot be read or holds no usable key */
  public UserTokens(UserTokenSettings settings) {
    if (!settings.enabled()) {
      throw new IllegalArgumentException("user tokens are not configured");
    }
    this.settings = settings;
    List<JWSKeySelector<SecurityContext>> selectors = new ArrayList<>();
    if (settings.secret() != null) {
      selectors.add(new JWSVerificationKeySelector<>(JWSAlgorithm.HS256,
          new ImmutableSecret<>(settings.secret().getBytes(StandardCharsets.UTF_8))));
    }
    if (settings.jwks() != null) {
      JWKSet keys;
      try {
        keys = JWKSet.load(settings.jwks().toFile());
      } catch (IOException | ParseException e) {
        throw new ConfigException("user-token-jwks: cannot read a JWK set from " + settings.jwks() + ": " + e.getMessage());
      }
      if (keys.getKeys().isEmpty()) {
        throw new ConfigException("user-token-jwks: " + settings.jwks() + " holds no key");
      }
      selectors.add(new JWSVerificationKeySelector<>(Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256),
          new ImmutableJWKSet<>(keys)));
    }
    processor.setJWSKeySelector((header, context) -> {
      List<Key> out = new ArrayList<>();
      for (JWSKeySelector<SecurityContext> s : selectors) {
        out.addAll(s.selectJWSKeys(header, context));
      }
      return out;
    });
    JWTClaimsSet.Builder exact = new JWTClaimsSet.Builder();
    if (settings.issuer() != null) {
      exact.issuer(settings.issuer());
    }
    DefaultJWTClaimsVerifier<SecurityContext> claims = new DefaultJWTClaimsVerifier<>(
        settings.audience() == null ? null : Set.of(settings.audience()), exact.build(), Set.of("sub", "exp"), null);
    claims.setMaxClockSkew((int) settings.clockSkew().toSeconds());
    processor.setJWTClaimsSetVerifier(claims);
  }

  /** Whether {@code credential} has the shape of a JWT (three dot-separated parts), not of a service key. */
  public static boolean looksLikeToken(String credential) {
    return credential.split("\\.", -1).length == 3;
  }

  /**
   * @return the uid the token acts as
   * @throws InvalidToken if the token is malformed, unsigned, wrongly signed, expired, not yet
   *     valid, for another issuer or audience, or its {@code sub} is not a uid
   */
  public long verify(String token) {
    return verified(token, Clock.systemUTC()).uid();
  }

  /**
   * @return the uid the token acts as and when it was issued
   * @throws InvalidToken as {@link #verify}, and if its {@code exp} lies more than
   *     user-token-max-ttl past its {@code iat} (past now without one), or its {@code iat} is later
   *     than now by more than the clock skew
   */
  public Verified verified(String token, Clock clock) {
    JWTClaimsSet claims;
    try {
      claims = processor.process(token, null);
    } catch (ParseException e) {
      throw new InvalidToken("the user token is not a JWT: " + e.getMessage());
    } catch (BadJOSEException | JOSEException e) {
      throw new InvalidToken("the user token was refused: " + e.getMessage());
    }
    long uid = uid(claims.getSubject());
    Instant now = clock.instant();
    Instant issued = claims.getIssueTime() == null ? null : claims.getIssueTime().toInstant();
    if (issued != null && issued.isAfter(now.plus(settings.clockSkew()))) {
      throw new InvalidToken("the user token's iat (" + issued + ") lies in the future");
    }
    Instant from = issued == null ? now : issued;
    Instant expires = claims.getExpirationTime().toInstant();
    if (expires.isAfter(from.plus(settings.maxTtl()))) {
      throw new InvalidToken("the user token's exp (" + expires + ") lies more than user-token-max-ttl ("
          + settings.maxTtl() + ") past " + (issued == null ? "now (it has no iat)" : "its iat (" + issued + ")"));
    }
    return new Verified(uid, issued);
  }

  private static long uid(String sub) {
    try {
      long uid = Long.parseLong(sub);
      if (uid > 0 && sub.equals(Long.toString(uid))) {
        return uid;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new InvalidToken("the user token's sub must be a uid (a positive 64-bit integer): '" + sub + "'");
  }

  /** @return the longest lifetime a token may claim (user-token-max-ttl) */
  public Duration maxTtl() {
    return settings.maxTtl();
  }

  /**
   * A token that verified.
   *
   * @param uid      the user it acts as
   * @param issuedAt its {@code iat}; null when it has none
   */
  public record Verified(long uid, Instant issuedAt) {}

  /**
   * A token for {@code uid}, valid for {@code ttl} from now, signed with the secret (HS256), with
   * the configured issuer and audience: for development and tests ({@code letterbox token}).
   *
   * @throws IllegalStateException if no secret is configured
   * @throws IllegalArgumentException if {@code ttl} is longer than user-token-max-ttl: the server
   *     would refuse the token
   */
  public String issue(long uid, Duration ttl, Clock clock) {
    if (settings.secret() == null) {
      throw new IllegalStateException("user-token-secret is not set: tokens are signed with it");
    }
    if (ttl.compareTo(settings.maxTtl()) > 0) {
      throw new IllegalArgumentException("a token may live at most user-token-max-ttl (" + settings.maxTtl()
          + "); the server refuses one of " + ttl);
    }
    Date now = Date.from(clock.instant());
    JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().subject(Long.toString(uid)).issueTime(now)
        .expirationTime(Date.from(clock.instant().plus(ttl)));
    if (settings.issuer() != null) {
      claims.issuer(settings.issuer());
    }
    if (settings.audience() != null) {
      claims.audience(settings.audience());
    }
    SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims.build());
    try {
      jwt.sign(new MACSigner(settings.secret().getBytes(StandardCharsets.UTF_8)));
    } catch (JOSEException e) {
      throw new IllegalStateException("cannot sign: " + e.getMessage(), e);
    }
    return jwt.serialize();
  }

  /** A user token that cannot be accepted; its message says why. */
  public static final class InvalidToken extends RuntimeException {
    InvalidToken(String message) {
      super(message);
    }
  }
}
