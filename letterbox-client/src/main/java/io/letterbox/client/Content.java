package io.letterbox.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What a message says, shared by sends, broadcasts and group posts: its type, text, payload and
 * attachments. Immutable; the {@code with…} methods return a changed copy.
 *
 * @param type text (when null), image, file, card or custom:&lt;name&gt;
 */
public record Content(String type, String text, JsonNode payload, List<Attachment> attachments) {
  public Content {
    attachments = attachments == null ? null : List.copyOf(attachments);
  }

  /** A text message. */
  public static Content text(String text) {
    return new Content(null, text, null, null);
  }

  /** A message of {@code type} without text yet (a caption is optional for all but text). */
  public static Content ofType(String type) {
    return new Content(type, null, null, null);
  }

  public Content withText(String text) {
    return new Content(type, text, payload, attachments);
  }

  /** @param payload any JSON object of at most 16 KiB */
  public Content withPayload(JsonNode payload) {
    return new Content(type, text, payload, attachments);
  }

  public Content withAttachments(List<Attachment> attachments) {
    return new Content(type, text, payload, attachments);
  }
}
