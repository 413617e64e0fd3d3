package io.letterbox.model;

/**
 * A message to post to a group; {@code idempotencyKey} may be null.
 *
 * @param text     its text; may be empty for a type other than text (no caption)
 * @param mentions members it mentions (others are dropped); empty for none
 * @param extras   its type, payload and attachments ({@link Extras#TEXT} for plain text), and the
 *     message it replies to ({@link Extras#replyTo})
 * @param forwardOf the message it forwards (then it has no text and plain extras of its own: it
 *     copies that message's); 0 for none
 */
public record GroupPost(long group, long from, String text, java.util.List<Long> mentions, String idempotencyKey,
    Extras extras, long forwardOf) {
  /** A post that forwards none. */
  public GroupPost(long group, long from, String text, java.util.List<Long> mentions, String idempotencyKey,
      Extras extras) {
    this(group, from, text, mentions, idempotencyKey, extras, 0);
  }

  public GroupPost {
    mentions = java.util.List.copyOf(mentions);
  }
}
