package io.letterbox.server.config;

import static io.letterbox.server.config.ServerSettings.WEBHOOK_BACKOFF_MAX;
import static io.letterbox.server.config.ServerSettings.WEBHOOK_BACKOFF_MIN;
import static io.letterbox.server.config.ServerSettings.WEBHOOK_BATCH;
import static io.letterbox.server.config.ServerSettings.WEBHOOK_SECRET;
import static io.letterbox.server.config.ServerSettings.WEBHOOK_TIMEOUT;
import static io.letterbox.server.config.ServerSettings.WEBHOOK_URL;

import java.net.URI;
import java.time.Duration;

/**
 * Where the owner feed's events are POSTed (decision 0040), the key that signs the calls, how many
 * events one call carries, how long it may take, and the backoff while the endpoint fails.
 *
 * @param url webhook-url; null: no webhooks
 */
public record WebhookSettings(URI url, String secret, int batch, Duration timeout, Duration backoffMin,
    Duration backoffMax) {

  public boolean enabled() {
    return url != null;
  }

  /** The webhooks' settings, checked. */
  static WebhookSettings of(SettingValues values) {
    String url = values.get(WEBHOOK_URL);
    Duration min = values.get(WEBHOOK_BACKOFF_MIN);
    Duration max = values.get(WEBHOOK_BACKOFF_MAX);
    Duration timeout = values.get(WEBHOOK_TIMEOUT);
    if (min.toMillis() < 1 || max.compareTo(min) < 0 || timeout.toMillis() < 1) {
      throw new ConfigException("webhook-backoff-min and webhook-timeout must be at least PT0.001S and "
          + "webhook-backoff-max at least webhook-backoff-min");
    }
    URI uri = null;
    if (url != null) {
      uri = HttpUrls.parse("webhook-url", url);
      if (values.get(WEBHOOK_SECRET) == null) {
        throw new ConfigException("webhook-url needs webhook-secret: the endpoint must be able to tell our calls");
      }
    }
    return new WebhookSettings(uri, values.get(WEBHOOK_SECRET), values.get(WEBHOOK_BATCH), timeout, min, max);
  }
}
