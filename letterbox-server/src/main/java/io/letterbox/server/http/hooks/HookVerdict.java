package io.letterbox.server.http.hooks;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the before-send hook decided about one message: store it as sent, or store it with the
 * hook's text and payload ({@code null} fields keep what was sent). A rejection is not a verdict
 * but a refused send ({@code REJECTED}).
 *
 * @param replaced    whether the hook replaced the content
 * @param text        the replacement text; null: the text sent
 * @param payload     the replacement payload, compact JSON; null: the payload sent
 */
public record HookVerdict(boolean replaced, String text, String payload) {
  public static final HookVerdict ALLOW = new HookVerdict(false, null, null);

  static HookVerdict replace(JsonNode answer) {
    JsonNode text = answer.get("text");
    JsonNode payload = answer.get("payload");
    return new HookVerdict(true, text != null && text.isTextual() ? text.asText() : null,
        payload != null && payload.isObject() ? payload.toString() : null);
  }
}
