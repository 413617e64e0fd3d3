package io.letterbox.model;

import java.util.List;

/**
 * What a message carries besides its text (API.md, A message): its type, a JSON payload stored
 * and returned as given, and attachments. A plain text message has {@link #TEXT}.
 *
 * @param type        {@code text}, {@code image}, {@code file}, {@code card} or {@code custom:<name>}
 * @param payload     a JSON object as text; null for none
 * @param attachments the blobs it refers to, in order; empty for none
 */
public record Extras(String type, String payload, List<Attachment> attachments) {
  public static final String TEXT_TYPE = "text";
  public static final Extras TEXT = new Extras(TEXT_TYPE, null, List.of());

  public Extras {
    attachments = List.copyOf(attachments);
  }

  /** Whether it is a plain text message with nothing else. */
  public boolean isPlainText() {
    return equals(TEXT);
  }

  /** Roughly what it holds on the heap beyond a plain text message, for cache weighers. */
  public int weight() {
    if (isPlainText()) {
      return 0;
    }
    int w = 32 + 2 * type.length() + (payload == null ? 0 : 2 * payload.length());
    for (Attachment a : attachments) {
      w += a.weight();
    }
    return w;
  }
}
