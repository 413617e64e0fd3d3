package io.letterbox.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * A message as the API answers it. {@code to} only on one-to-one messages, {@code group} only on a
 * group's; {@code payload}, {@code attachments} and {@code mentions} null when absent.
 *
 * @param kind single, broadcast or group
 * @param status normal, recalled or removed
 * @param replyTo what it shows of the message it replies to; null for none
 * @param forwarded where a forwarded message came from; null for a message that is not one
 * @param reactions the reactions to it as the reader sees them; null for none
 */
public record Message(long id, String kind, long from, Long to, Long group, String type, String text,
    JsonNode payload, List<Attachment> attachments, List<Long> mentions, String status, Instant editedAt,
    Instant createdAt, Quote replyTo, Forwarded forwarded, List<Reaction> reactions) {
  /** What a reply shows of the message it replies to: its first 100 characters, as they are now. */
  public record Quote(long id, long from, String type, String text, String status) {}

  /** The sender and time of the message a forwarded one copies. */
  public record Forwarded(long from, Instant createdAt) {}

  /** One emoji's reactions: how many, and whether the reader is among them. */
  public record Reaction(String emoji, long count, boolean mine) {}
}
