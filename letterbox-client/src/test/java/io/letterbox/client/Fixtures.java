package io.letterbox.client;

import java.time.Duration;

/** Clients for tests: no waiting between attempts, so no test depends on time. */
final class Fixtures {
  static final String MESSAGE = "{\"id\":\"7403170127155200001\",\"kind\":\"single\",\"from\":\"1\",\"to\":\"2\","
      + "\"type\":\"text\",\"text\":\"hello\",\"status\":\"normal\",\"editedAt\":null,"
      + "\"createdAt\":\"2026-11-22T10:00:00.123Z\"}";

  private Fixtures() {}

  static LetterboxClient.Builder client(String... urls) {
    return LetterboxClient.builder().baseUrls(urls).reconnectDelay(Duration.ZERO)
        .retryPolicy(RetryPolicy.builder().initialBackoff(Duration.ZERO).build());
  }
}
