package io.letterbox.server.cluster;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What the cluster secret proves, never sending the secret itself (decision 0024):
 *
 * <ul>
 *   <li>a member's <b>proof</b>, published in its znode: an HMAC-SHA256 of its namespace, id and
 *       URL. A node counts as a member, and is sent anything, only if its proof verifies: a
 *       process that writes a znode without the secret is ignored, and copying a real member's
 *       proof only ever points at that member's own URL.
 *   <li>a call's <b>signature</b>, in {@link #HEADER}: an HMAC-SHA256 of the sending node, a
 *       timestamp, a random nonce, the method, the path with its query, and the SHA-256 of the
 *       body. The receiver refuses a signature that does not verify, whose timestamp is more than
 *       {@link #WINDOW} away from its clock, or that it has seen already (a replay).
 * </ul>
 *
 * Thread-safe.
 */
public final class ClusterSecret {
  /** The header carrying a call's signature: {@code node=…,ts=…,nonce=…,sig=…}. */
  public static final String HEADER = "X-Letterbox-Cluster-Signature";
  /**
   * How far a call's timestamp may be from the receiver's clock: members' clocks must agree this
   * well (NTP does far better). Short, since every call accepted is remembered for twice as long.
   */
  public static final Duration WINDOW = Duration.ofSeconds(10);
  private static final String ALGORITHM = "HmacSHA256";
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private static final SecureRandom RANDOM = new SecureRandom();

  private final SecretKeySpec key;
  /* The first 8 bytes of each signature accepted within twice the window (about 100 bytes an
   * accepted call): any older one is refused by its timestamp. */
  private final Cache<Long, Boolean> seen = Caffeine.newBuilder().expireAfterWrite(WINDOW.multipliedBy(2)).build();

  public ClusterSecret(String secret) {
    this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
  }

  /** @return the proof a member with {@code id} reachable at {@code url} publishes in {@code namespace} */
  public String proof(String namespace, String id, URI url) {
    return mac("letterbox-member-v1\n" + namespace + "\n" + id + "\n" + url);
  }

  /** Whether {@code member} registered in {@code namespace} with the proof only a holder of the secret can make. */
  public boolean proves(String namespace, Member member) {
    return member.proof() != null && MessageDigest.isEqual(
        proof(namespace, member.id(), member.url()).getBytes(StandardCharsets.UTF_8),
        member.proof().getBytes(StandardCharsets.UTF_8));
  }

  /** @return the {@link #HEADER} value of a call {@code node} makes now */
  public String sign(String node, String method, String uri, byte[] body, Instant now) {
    byte[] nonce = new byte[12];
    RANDOM.nextBytes(nonce);
    String ts = Long.toString(now.toEpochMilli());
    String n = B64.encodeToString(nonce);
    return "node=" + node + ",ts=" + ts + ",nonce=" + n + ",sig=" + mac(signed(node, ts, n, method, uri, body));
  }

  /**
   * Checks a call's {@link #HEADER} value and remembers it, so that it is accepted once.
   *
   * @return the calling node's id; empty if the header is missing or malformed, its signature
   *     does not verify, its time is outside the window, or it was seen before
   */
  public Optional<String> verify(String header, String method, String uri, byte[] body, Instant now) {
    if (header == null) {
      return Optional.empty();
    }
    Map<String, String> f = fields(header);
    String node = f.get("node");
    String ts = f.get("ts");
    String nonce = f.get("nonce");
    String sig = f.get("sig");
    if (node == null || ts == null || nonce == null || sig == null) {
      return Optional.empty();
    }
    long millis;
    try {
      millis = Long.parseLong(ts);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    if (Duration.between(Instant.ofEpochMilli(millis), now).abs().compareTo(WINDOW) > 0) {
      return Optional.empty();
    }
    String expected = mac(signed(node, ts, nonce, method, uri, body));
    if (!MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), sig.getBytes(StandardCharsets.UTF_8))) {
      return Optional.empty();
    }
    // Only a verified signature is remembered: strangers cannot fill the memory.
    return seen.asMap().putIfAbsent(ByteBuffer.wrap(Base64.getUrlDecoder().decode(sig)).getLong(), Boolean.TRUE) == null
        ? Optional.of(node) : Optional.empty();
  }

  private static String signed(String node, String ts, String nonce, String method, String uri, byte[] body) {
    return "letterbox-call-v1\n" + node + "\n" + ts + "\n" + nonce + "\n" + method + "\n" + uri + "\n"
        + HexFormat.of().formatHex(sha256(body));
  }

  private static Map<String, String> fields(String header) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String part : header.split(",")) {
      int eq = part.indexOf('=');
      if (eq > 0) {
        out.putIfAbsent(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
      }
    }
    return out;
  }

  private String mac(String text) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
      return B64.encodeToString(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HMAC-SHA256 is part of every Java runtime", e);
    }
  }

  private static byte[] sha256(byte[] body) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(body == null ? new byte[0] : body);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
