package io.letterbox.server.config;

import static io.letterbox.server.config.ServerSettings.HOOK_SECRET;
import static io.letterbox.server.config.ServerSettings.PUSH_BROADCAST_RATE;
import static io.letterbox.server.config.ServerSettings.PUSH_COALESCE;
import static io.letterbox.server.config.ServerSettings.PUSH_PREVIEW;
import static io.letterbox.server.config.ServerSettings.PUSH_URL;

import java.net.URI;
import java.time.Duration;

/**
 * Offline push (decision 0043): where pushes are POSTed, the key that signs them (hook-secret),
 * whether they carry the text, how often one owner may get one, and how many broadcast receivers
 * a second are pushed to.
 *
 * @param url push-url; null: no push
 */
public record PushSettings(URI url, String secret, boolean preview, Duration coalesce, long broadcastRate) {

  public boolean enabled() {
    return url != null;
  }

  /** The push settings, checked. */
  static PushSettings of(SettingValues values) {
    String url = values.get(PUSH_URL);
    Duration coalesce = values.get(PUSH_COALESCE);
    if (coalesce.isNegative()) {
      throw new ConfigException("push-coalesce must not be negative");
    }
    URI uri = null;
    if (url != null) {
      uri = HttpUrls.parse("push-url", url);
      if (values.get(HOOK_SECRET) == null) {
        throw new ConfigException("push-url needs hook-secret: the push service must be able to tell our calls");
      }
    }
    return new PushSettings(uri, values.get(HOOK_SECRET), values.get(PUSH_PREVIEW), coalesce,
        values.get(PUSH_BROADCAST_RATE));
  }
}
