package io.letterbox.model;

import java.util.List;

/**
 * What a message carries besides its text (API.md, A message): its type, a JSON payload stored
 * and returned as given, and attachments. A plain text message has {@link #TEXT}.
 *
 * @param type        {@code text}, {@code image}, {@code file}, {@code card} or {@code custom:<name>}
 * @param payload     a JSON object as text; null for none
 * @param attachments the blobs it refers to, in order; empty for none
 * @param mentions    the members a group message mentions, in uid order; empty for none
 */
public record Extras(String type, String payload, List<Attachment> attachments, List<Long> mentions) {
  public static final String TEXT_TYPE = "text";
  public static final Extras TEXT = new Extras(TEXT_TYPE, null, List.of());

  public Extras {
    attachments = List.copyOf(attachments);
    mentions = List.copyOf(mentions);
  }

  /** What a message carries that mentions no one. */
  public Extras(String type, String payload, List<Attachment> attachments) {
    this(type, payload, attachments, List.of());
  }

  /** These extras mentioning {@code uids}. */
  public Extras withMentions(List<Long> uids) {
    return new Extras(type, payload, attachments, uids);
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
    int w = 32 + 24 * mentions.size() + 2 * type.length() + (payload == null ? 0 : 2 * payload.length());
    for (Attachment a : attachments) {
      w += a.weight();
    }
    return w;
  }
}
