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
 * @param replyTo     the message it replies to (only its id is stored: what it shows of it is read
 *     when it is read); 0 for none
 * @param forwarded   where it was copied from, if it is a forward; null otherwise
 */
public record Extras(String type, String payload, List<Attachment> attachments, List<Long> mentions, long replyTo,
    Forwarded forwarded) {
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

  /** What a message that neither replies nor was forwarded carries. */
  public Extras(String type, String payload, List<Attachment> attachments, List<Long> mentions) {
    this(type, payload, attachments, mentions, 0, null);
  }

  /** These extras mentioning {@code uids}. */
  public Extras withMentions(List<Long> uids) {
    return new Extras(type, payload, attachments, uids, replyTo, forwarded);
  }

  /** These extras replying to message {@code id} (0: to none). */
  public Extras withReplyTo(long id) {
    return new Extras(type, payload, attachments, mentions, id, forwarded);
  }

  /** These extras of a copy from {@code origin} (null: of no copy). */
  public Extras withForwarded(Forwarded origin) {
    return new Extras(type, payload, attachments, mentions, replyTo, origin);
  }

  /** Whether it refers to another message: a reply, or a forward. */
  public boolean refers() {
    return replyTo != 0 || forwarded != null;
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
    int w = 32 + 24 * mentions.size() + (forwarded == null ? 0 : 32) + 2 * type.length() + (payload == null ? 0 : 2 * payload.length());
    for (Attachment a : attachments) {
      w += a.weight();
    }
    return w;
  }
}
