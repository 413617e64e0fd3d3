package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.auth.UserTokens;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Services decide targeting (API.md, Safety): subscription attributes are set by services only. A
 * user token that gives any is refused and changes nothing; a user subscribing again without them
 * keeps what a service set. What a subscription's attributes are is seen where they matter: which
 * broadcasts with a {@code where} reach the user.
 */
class TargetingAttributesTest {
  private static final String SECRET = "targeting-secret-of-at-least-32-bytes";
  private static final String KEY = "targeting-service-key";

  @TempDir
  static Path dir;
  static LetterboxServer server;
  static Api service;

  @BeforeAll
  static void start() {
    server = TestServers.start(dir, s -> s.apiKeys(java.util.List.of(KEY)).userTokenSecret(SECRET));
    service = new Api(server.port()).withKey(KEY);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Api asUser(long uid) {
    return new Api(server.port()).withKey(new UserTokens(ServerConfig.builder().userTokenSecret(SECRET).build()
        .userTokens()).issue(uid, Duration.ofHours(1), Clock.systemUTC()));
  }

  private static String subscription(String city) {
    return "{\"attributes\":{\"city\":\"" + city + "\"}}";
  }

  /** How many users a broadcast of {@code target} to its subscribers in {@code city} reached. */
  private static long reachedIn(long target, String city) {
    Reply accepted = service.post("/v1/broadcasts", "{\"from\":\"" + target + "\",\"text\":\"to " + city
        + "\",\"audience\":{\"type\":\"subscribers\",\"where\":{\"city\":\"" + city + "\"}}}");
    assertThat(accepted.status()).as("%s", accepted).isEqualTo(202);
    String id = accepted.json().get("id").asText();
    return Awaitility.await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(20))
        .until(() -> service.get("/v1/broadcasts/" + id).json(), b -> b.get("status").asText().equals("done"))
        .get("receivers").asLong();
  }

  @Test
  void aUserTokenSettingAttributesIsForbiddenAndChangesNothing() {
    long user = TestServers.freshUid();
    long target = TestServers.freshUid();
    assertThat(service.put("/v1/users/" + user + "/subscriptions/" + target, subscription("beijing")).status())
        .isEqualTo(204);

    Reply refused = asUser(user).put("/v1/users/" + user + "/subscriptions/" + target, subscription("shanghai"));

    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.errorCode()).isEqualTo("FORBIDDEN");
    assertThat(reachedIn(target, "beijing")).isEqualTo(1);
    assertThat(reachedIn(target, "shanghai")).isZero();
  }

  @Test
  void aUserSubscribingAgainWithoutAttributesKeepsWhatTheServiceSet() {
    long user = TestServers.freshUid();
    long target = TestServers.freshUid();
    assertThat(service.put("/v1/users/" + user + "/subscriptions/" + target, subscription("beijing")).status())
        .isEqualTo(204);

    assertThat(asUser(user).put("/v1/users/" + user + "/subscriptions/" + target, "").status()).isEqualTo(204);
    assertThat(asUser(user).put("/v1/users/" + user + "/subscriptions/" + target, "{}").status()).isEqualTo(204);
    assertThat(asUser(user).put("/v1/users/" + user + "/subscriptions/" + target, "{\"attributes\":{}}").status())
        .isEqualTo(204);

    assertThat(reachedIn(target, "beijing")).isEqualTo(1);
  }

  @Test
  void aUserSubscribesAndUnsubscribesWithoutAttributesAndAServiceSetsThem() {
    long user = TestServers.freshUid();
    long target = TestServers.freshUid();
    Api self = asUser(user);

    assertThat(self.put("/v1/users/" + user + "/subscriptions/" + target, "").status()).isEqualTo(204);
    assertThat(reachedIn(target, "beijing")).as("a new subscription has no attributes").isZero();
    assertThat(service.put("/v1/users/" + user + "/subscriptions/" + target, subscription("beijing")).status())
        .isEqualTo(204);
    assertThat(reachedIn(target, "beijing")).isEqualTo(1);
    assertThat(service.put("/v1/users/" + user + "/subscriptions/" + target, subscription("shanghai")).status())
        .as("a service's attributes replace the earlier ones").isEqualTo(204);
    assertThat(reachedIn(target, "beijing")).isZero();
    assertThat(reachedIn(target, "shanghai")).isEqualTo(1);

    assertThat(self.delete("/v1/users/" + user + "/subscriptions/" + target).status()).isEqualTo(204);
    assertThat(reachedIn(target, "shanghai")).isZero();
  }
}
