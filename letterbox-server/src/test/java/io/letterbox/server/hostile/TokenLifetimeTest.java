package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.Main;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user token lives at most user-token-max-ttl (API.md, "Token lifetime and revocation"): one
 * whose {@code exp} lies further than that past its {@code iat} (past now, without {@code iat}),
 * or whose {@code iat} lies in the future, is 401 and changes nothing, whoever signed it.
 */
class TokenLifetimeTest {
  static final String SECRET = "a-development-secret-of-32-bytes!";
  static final String SERVICE_KEY = "the-service-key";

  @TempDir
  static Path dir;
  static LetterboxServer server;
  static Api anonymous;
  static Api service;

  @BeforeAll
  static void start() {
    // The default user-token-max-ttl: P1D.
    server = TestServers.start(dir.resolve("data"), b -> b.apiKeys(List.of(SERVICE_KEY)).userTokenSecret(SECRET));
    anonymous = new Api(server.port());
    service = anonymous.withKey(SERVICE_KEY);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aTokenExpiringInTheYear9999Is401AndSendsNothing() throws Exception {
    long a = TestServers.freshUid();
    Instant year9999 = ZonedDateTime.of(9999, 12, 31, 0, 0, 0, 0, ZoneOffset.UTC).toInstant();

    Reply r = send(token(a, Instant.now(), year9999), a);

    assertThat(r.status()).isEqualTo(401);
    assertThat(r.errorCode()).isEqualTo("UNAUTHORIZED");
    assertThat(conversations(a)).isZero();
  }

  @Test
  void aTokenWithinTheMaximumLifetimePasses() throws Exception {
    long a = TestServers.freshUid();
    Instant now = Instant.now();

    assertThat(send(token(a, now, now.plus(Duration.ofHours(23))), a).status()).isEqualTo(201);
  }

  @Test
  void aTokenWithoutIatMayLiveTheMaximumFromNowAndNoLonger() throws Exception {
    long a = TestServers.freshUid();
    Instant now = Instant.now();

    assertThat(send(token(a, null, now.plus(Duration.ofHours(23))), a).status()).isEqualTo(201);
    assertThat(send(token(a, null, now.plus(Duration.ofDays(2))), a).status()).isEqualTo(401);
  }

  @Test
  void anOldIatWithALaterExpIsStillBoundByTheMaximum() throws Exception {
    long a = TestServers.freshUid();
    Instant now = Instant.now();

    Reply r = send(token(a, now.minus(Duration.ofDays(2)), now.plus(Duration.ofHours(1))), a);

    assertThat(r.status()).isEqualTo(401);
    assertThat(conversations(a)).isZero();
  }

  @Test
  void aTokenIssuedInTheFutureIs401() throws Exception {
    long a = TestServers.freshUid();
    Instant now = Instant.now();

    Reply r = send(token(a, now.plus(Duration.ofHours(1)), now.plus(Duration.ofHours(2))), a);

    assertThat(r.status()).isEqualTo(401);
    assertThat(conversations(a)).isZero();
  }

  @Test
  void aValidTokenOpensItsUsersEventSocket() throws Exception {
    long a = TestServers.freshUid();
    Instant now = Instant.now();
    java.util.concurrent.CompletableFuture<String> first = new java.util.concurrent.CompletableFuture<>();

    // The user's first request: whether its tokens were revoked is read from the store first.
    java.net.http.WebSocket ws = java.net.http.HttpClient.newHttpClient().newWebSocketBuilder()
        .header("Authorization", "Bearer " + token(a, now, now.plus(Duration.ofHours(1))))
        .buildAsync(java.net.URI.create("ws://127.0.0.1:" + server.port() + "/v1/users/" + a + "/socket"),
            new java.net.http.WebSocket.Listener() {
              @Override
              public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket w, CharSequence data,
                  boolean last) {
                first.complete(data.toString());
                return null;
              }
            }).get(30, java.util.concurrent.TimeUnit.SECONDS);
    try {
      service.post("/v1/messages", "{\"from\":\"" + TestServers.freshUid() + "\",\"to\":\"" + a
          + "\",\"text\":\"to the socket\"}");
      assertThat(first.get(30, java.util.concurrent.TimeUnit.SECONDS)).contains("to the socket");
    } finally {
      ws.abort();
    }
  }

  @Test
  void theTokenCommandRefusesATtlLongerThanTheMaximum() {
    var cli = Main.commandLine();
    StringWriter err = new StringWriter();
    cli.setErr(new PrintWriter(err));
    cli.setOut(new PrintWriter(new StringWriter()));

    assertThat(cli.execute("token", "--uid", "7", "--ttl", "P2D", "--secret", SECRET)).isEqualTo(Main.EXIT_CONFIG);
    assertThat(err.toString()).contains("user-token-max-ttl");
    assertThat(cli.execute("token", "--uid", "7", "--ttl", "P1D", "--secret", SECRET)).isZero();
  }

  private static Reply send(String token, long from) {
    return anonymous.withKey(token).post("/v1/messages",
        "{\"from\":\"" + from + "\",\"to\":\"" + TestServers.freshUid() + "\",\"text\":\"hello\"}");
  }

  private static int conversations(long uid) {
    return service.get("/v1/users/" + uid + "/conversations").json().get("items").size();
  }

  /** A token signed with the server's own secret: only its lifetime is wrong. */
  static String token(long uid, Instant issuedAt, Instant expires) throws Exception {
    JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().subject(Long.toString(uid)).expirationTime(Date.from(expires));
    if (issuedAt != null) {
      claims.issueTime(Date.from(issuedAt));
    }
    SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims.build());
    jwt.sign(new MACSigner(SECRET.getBytes(StandardCharsets.UTF_8)));
    return jwt.serialize();
  }
}
