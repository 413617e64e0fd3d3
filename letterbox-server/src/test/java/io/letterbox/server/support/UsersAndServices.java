package io.letterbox.server.support;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.auth.UserTokens;
import io.letterbox.server.config.ServerConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real server with a service key and user tokens, for tests of what one user may do to
 * another: {@link #service} acts with the key, {@link #as} with a user's token.
 */
public abstract class UsersAndServices {
  private static final String SECRET = "users-and-services-secret-of-32-bytes";
  private static final String KEY = "users-and-services-key";

  @TempDir
  static Path dataDir;
  private static LetterboxServer server;
  private static UserTokens tokens;
  protected static Api service;

  @BeforeAll
  static void startServer() {
    server = TestServers.start(dataDir, s -> s.apiKeys(List.of(KEY)).userTokenSecret(SECRET));
    service = new Api(server.port()).withKey(KEY);
    tokens = new UserTokens(ServerConfig.builder().userTokenSecret(SECRET).build().userTokens());
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  /** @return a client acting as {@code uid} with a user token */
  protected static Api as(long uid) {
    return new Api(server.port()).withKey(tokens.issue(uid, Duration.ofHours(1), Clock.systemUTC()));
  }

  /** @return the id of a blob {@code uploader} uploads through the API */
  protected static String upload(Api uploader, String bytes, String contentType) {
    Reply r = uploader.post("/v1/blobs", bytes.getBytes(java.nio.charset.StandardCharsets.UTF_8), contentType);
    if (r.status() != 201 && r.status() != 200) {
      throw new AssertionError("upload failed: " + r);
    }
    return r.json().get("id").asText();
  }

  /** @return a message body of type file attaching blob {@code blob}, with the fields {@code head} (JSON members) */
  protected static String attaching(String head, String blob) {
    return "{" + head + ",\"type\":\"file\",\"attachments\":[{\"blob\":\"" + blob + "\"}]}";
  }
}
