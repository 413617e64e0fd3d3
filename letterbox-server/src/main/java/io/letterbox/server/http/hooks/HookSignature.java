package io.letterbox.server.http.hooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The {@code X-Letterbox-Signature} of a call Letterbox makes: {@code sha256=<hex HMAC-SHA256 of the raw body>}. */
public final class HookSignature {
  public static final String HEADER = "X-Letterbox-Signature";
  private final SecretKeySpec key;

  public HookSignature(String secret) {
    this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
  }

  /** The header's value for {@code body}. */
  public String of(byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
    }
  }
}
