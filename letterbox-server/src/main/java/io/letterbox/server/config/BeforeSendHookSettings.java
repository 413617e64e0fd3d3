package io.letterbox.server.config;

import static io.letterbox.server.config.ServerSettings.*;

import java.net.URI;
import java.time.Duration;

/**
 * The before-send hook: where sends are first POSTed, the key that signs them, how long a send
 * waits for the answer and what it does without one.
 *
 * @param url           hook-before-send-url; null: no hook
 * @param secret        hook-secret: the HMAC-SHA256 key, its UTF-8 bytes
 * @param timeout       hook-before-send-timeout
 * @param rejectOnFailure hook-before-send-failure is {@code reject}
 */
public record BeforeSendHookSettings(URI url, String secret, Duration timeout, boolean rejectOnFailure) {

  /** Whether sends are hooked at all. */
  public boolean enabled() {
    return url != null;
  }

  /** The hook's settings, checked. */
  static BeforeSendHookSettings of(SettingValues values) {
    String url = values.get(HOOK_BEFORE_SEND_URL);
    String secret = values.get(HOOK_SECRET);
    Duration timeout = values.get(HOOK_BEFORE_SEND_TIMEOUT);
    if (timeout.toMillis() < 1) {
      throw new ConfigException("hook-before-send-timeout must be at least PT0.001S: " + timeout);
    }
    URI uri = null;
    if (url != null) {
      uri = HttpUrls.parse("hook-before-send-url", url);
      if (secret == null) {
        throw new ConfigException("hook-before-send-url needs hook-secret: the hook must be able to tell our calls");
      }
    }
    return new BeforeSendHookSettings(uri, secret, timeout, "reject".equals(values.get(HOOK_BEFORE_SEND_FAILURE)));
  }
}
