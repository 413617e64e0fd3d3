package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.client.Backup;
import io.letterbox.client.LetterboxClient;
import io.letterbox.client.RetryPolicy;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.config.ConfigException;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.letterbox.server.support.Tokens;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * POST and GET /v1/admin/backups (API.md, Lifecycle: backups): for services only, refused with a
 * code that says why where the server takes no backups, and listed with what each holds, across a
 * restart.
 */
class BackupsTest {
  @TempDir
  Path dir;

  @Test
  void aBackupIsListedRunningThenDoneWithWhatItHoldsAndStillAfterARestart() {
    Instant asked;
    JsonNode started;
    String lastSent;
    try (LetterboxServer server = TestServers.start(dir.resolve("data"), b -> b.backupDir(dir.resolve("backups")))) {
      Api api = new Api(server.port());
      long a = TestServers.freshUid();
      Reply sent = api.post("/v1/messages", "{\"from\":\"" + a + "\",\"to\":\"" + (a + 1) + "\",\"text\":\"kept\"}");
      assertThat(sent.status()).as("%s", sent).isEqualTo(201);
      lastSent = sent.json().get("id").asText();

      asked = Instant.now();
      Reply post = api.post("/v1/admin/backups", "");
      assertThat(post.status()).as("%s", post).isEqualTo(202);
      started = post.json();
      assertThat(started.get("id").asText()).isEqualTo("1");
      assertThat(started.get("status").asText()).isEqualTo("running");

      JsonNode done = Awaitility.await("the backup").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(100))
          .until(() -> api.get("/v1/admin/backups").json().get("items").get(0),
              item -> item.get("status").asText().equals("done"));
      assertThat(done.get("id").asText()).isEqualTo("1");
      assertThat(done.get("bytes").asLong()).isPositive();
      assertThat(done.get("upTo").asLong()).isGreaterThanOrEqualTo(Long.parseLong(lastSent));
      assertThat(Instant.parse(done.get("createdAt").asText())).isBetween(asked.minusSeconds(1), Instant.now());
    }

    try (LetterboxServer server = TestServers.start(dir.resolve("data"), b -> b.backupDir(dir.resolve("backups")))) {
      LetterboxClient client = LetterboxClient.builder().baseUrls("http://127.0.0.1:" + server.port())
          .retryPolicy(RetryPolicy.NONE).build();
      List<Backup> backups = client.operations().backups().stream().toList();
      assertThat(backups).singleElement().satisfies(b -> {
        assertThat(b.id()).isEqualTo(1);
        assertThat(b.status()).isEqualTo("done");
        assertThat(b.createdAt().toString()).isEqualTo(Instant.parse(started.get("createdAt").asText()).toString());
      });
      Backup second = client.operations().startBackup().execute();
      assertThat(second.id()).isEqualTo(2);
      assertThat(second.status()).isEqualTo("running");
    }
  }

  @Test
  void aUserTokenMayNeitherStartNorListBackups() {
    try (LetterboxServer server = TestServers.start(dir.resolve("data"),
        b -> Tokens.accepted(b).backupDir(dir.resolve("backups")))) {
      Api user = new Api(server.port()).withKey(Tokens.of(TestServers.freshUid()));

      Reply post = user.post("/v1/admin/backups", "");
      Reply list = user.get("/v1/admin/backups");

      assertThat(post.status()).isEqualTo(403);
      assertThat(post.errorCode()).isEqualTo("FORBIDDEN");
      assertThat(list.status()).isEqualTo(403);
      assertThat(new Api(server.port()).withKey(Tokens.SERVICE_KEY).get("/v1/admin/backups").json().get("items"))
          .as("nothing was started").isEmpty();
    }
  }

  @Test
  void withoutABackupDirectoryBackupsAreRefusedWithACodeThatSaysWhy() {
    try (LetterboxServer server = TestServers.start(dir.resolve("data"))) {
      Api api = new Api(server.port());

      Reply post = api.post("/v1/admin/backups", "");
      Reply list = api.get("/v1/admin/backups");

      assertThat(post.status()).isEqualTo(409);
      assertThat(post.errorCode()).isEqualTo("BACKUPS_UNAVAILABLE");
      assertThat(post.json().get("error").get("message").asText()).contains("backup-dir");
      assertThat(list.status()).isEqualTo(409);
      assertThat(list.errorCode()).isEqualTo("BACKUPS_UNAVAILABLE");
    }
  }

  @Test
  void aBackupDirectoryInsideTheDataOrOnHBaseIsAConfigurationError() {
    assertThatThrownBy(() -> ServerConfig.builder().dataDir(dir).backupDir(dir.resolve("backups")).build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("must not hold one another");
    assertThatThrownBy(() -> ServerConfig.builder().dataDir(dir.resolve("data")).backupDir(dir).build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("must not hold one another");
    assertThatThrownBy(() -> ServerConfig.builder().set("store", "hbase").backupDir(dir).build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("letterbox backup");
  }
}
