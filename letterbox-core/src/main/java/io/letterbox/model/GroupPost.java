package io.letterbox.model;

/**
 * A message to post to a group; {@code idempotencyKey} may be null.
 *
 * @param text     its text; may be empty for a type other than text (no caption)
 * @param mentions members it mentions (others are dropped); empty for none
 * @param extras   its type, payload and attachments ({@link Extras#TEXT} for plain text)
 */
public record GroupPost(long group, long from, String text, java.util.List<Long> mentions, String idempotencyKey,
    Extras extras) {
  public GroupPost {
    mentions = java.util.List.copyOf(mentions);
  }
}
