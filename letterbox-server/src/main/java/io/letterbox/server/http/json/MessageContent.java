package io.letterbox.server.http.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.model.Attachment;
import io.letterbox.model.Extras;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what a message carries besides its ids from a request: {@code type}, {@code payload},
 * {@code attachments}, and for sends and posts the message it replies to ({@code replyTo}) or
 * forwards ({@code forwardOf}).
 */
public final class MessageContent {
  /** The fields it reads. */
  private static final List<String> FIELDS = List.of("type", "payload", "attachments");

  /** The fields of a send or post that name another message. */
  private static final List<String> REFERENCES = List.of("replyTo", "forwardOf");

  private MessageContent() {}

  /** @return the fields a send or post may have: {@code own}, the content's and those naming another message */
  public static String[] withReferences(String... own) {
    List<String> all = new ArrayList<>(List.of(withFields(own)));
    all.addAll(REFERENCES);
    return all.toArray(String[]::new);
  }

  /**
   * @return the message the body forwards ({@code forwardOf}), 0 for none
   * @throws LetterboxException INVALID_ARGUMENT if it also gives content of its own: a forward copies it
   */
  public static long forwardOf(JsonBody body) {
    long id = body.optionalId("forwardOf").orElse(0L);
    if (id != 0 && (body.node().hasNonNull("text") || FIELDS.stream().anyMatch(body.node()::hasNonNull))) {
      throw LetterboxException.invalid("forwardOf copies the message it names: no text, type, payload or attachments with it");
    }
    return id;
  }

  /** @return the fields a body that carries a message may have: {@code own} and the content's */
  public static String[] withFields(String... own) {
    List<String> all = new ArrayList<>(List.of(own));
    all.addAll(FIELDS);
    return all.toArray(String[]::new);
  }

  /**
   * @return the extras the body names ({@link Extras#TEXT} for none); the engine checks the type,
   *     sizes and blobs, this only the JSON shapes
   */
  public static Extras extras(JsonBody body) {
    String type = body.optionalString("type").orElse(Extras.TEXT_TYPE);
    JsonNode all = body.node();
    String payload = null;
    JsonNode p = all.get("payload");
    if (p != null && !p.isNull()) {
      if (!p.isObject()) {
        throw LetterboxException.invalid("payload must be a JSON object");
      }
      // Stored and returned as given, in its compact form.
      payload = new String(Json.write(p), StandardCharsets.UTF_8);
    }
    List<Attachment> attachments = new ArrayList<>();
    JsonNode a = all.get("attachments");
    if (a != null && !a.isNull()) {
      JsonNode items = body.array("attachments");
      for (int i = 0; i < items.size(); i++) {
        JsonBody item = JsonBody.of(items.get(i), "attachments[" + i + "]", "blob", "name", "contentType", "size");
        long size = -1;
        if (item.node().hasNonNull("size")) {
          JsonNode s = item.node().get("size");
          if (!s.isIntegralNumber() || !s.canConvertToLong() || s.longValue() < 0) {
            throw LetterboxException.invalid("attachments[%d].size must be a number of bytes", i);
          }
          size = s.longValue();
        }
        attachments.add(new Attachment(item.string("blob"), item.optionalString("name").orElse(null),
            item.optionalString("contentType").orElse(null), size));
      }
    }
    Extras extras = new Extras(type, payload, attachments).withReplyTo(body.optionalId("replyTo").orElse(0L));
    return extras.equals(Extras.TEXT) ? Extras.TEXT : extras;
  }
}
