package io.letterbox.bench.wrk;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/**
 * Signs user tokens as a platform would issue them to its users (HS256 with the server's
 * {@code user-token-secret}; {@code sub}, {@code iat}, {@code exp}), so that the http scenario's
 * requests act as their users and pass through what user tokens pass through: verification, owner
 * isolation and the per-user limits.
 */
public final class UserTokenMint {
  private final MACSigner signer;
  private final Duration ttl;

  /** @param secret the server's user-token-secret, at least 32 bytes in UTF-8 */
  public UserTokenMint(String secret, Duration ttl) {
    try {
      this.signer = new MACSigner(secret.getBytes(StandardCharsets.UTF_8));
    } catch (JOSEException e) {
      throw new IllegalArgumentException("a user-token secret is at least 32 bytes: " + e.getMessage(), e);
    }
    this.ttl = ttl;
  }

  /** @return a token for {@code uid}, issued now */
  public String issue(long uid) {
    Instant now = Instant.now();
    JWTClaimsSet claims = new JWTClaimsSet.Builder().subject(Long.toString(uid)).issueTime(Date.from(now))
        .expirationTime(Date.from(now.plus(ttl))).build();
    SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
    try {
      jwt.sign(signer);
    } catch (JOSEException e) {
      throw new IllegalStateException("cannot sign a token: " + e.getMessage(), e);
    }
    return jwt.serialize();
  }
}
