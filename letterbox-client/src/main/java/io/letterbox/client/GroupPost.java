package io.letterbox.client;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * A message to post to a group. Without an idempotency key the client gives it one when the call is made.
 *
 * @param replyTo   the message it replies to, one of the group's; null for none
 * @param forwardOf the message it forwards, one the poster can see (then {@code content} is null: it
 *     copies that message's); null for none
 */
public record GroupPost(long from, @JsonUnwrapped Content content, List<Long> mentions, String idempotencyKey,
    Long replyTo, Long forwardOf) {
  public GroupPost(long from, Content content, List<Long> mentions, String idempotencyKey) {
    this(from, content, mentions, idempotencyKey, null, null);
  }

  public static GroupPost text(long from, String text) {
    return new GroupPost(from, Content.text(text), null, null);
  }

  public static GroupPost of(long from, Content content) {
    return new GroupPost(from, content, null, null);
  }

  /** A forward of message {@code id}: its type, text, payload and attachments, with its origin. */
  public static GroupPost forwarding(long from, long id) {
    return new GroupPost(from, null, null, null, null, id);
  }

  public GroupPost withMentions(List<Long> mentions) {
    return new GroupPost(from, content, List.copyOf(mentions), idempotencyKey, replyTo, forwardOf);
  }

  public GroupPost withIdempotencyKey(String key) {
    return new GroupPost(from, content, mentions, key, replyTo, forwardOf);
  }

  /** This post replying to message {@code id} of the group. */
  public GroupPost replyingTo(long id) {
    return new GroupPost(from, content, mentions, idempotencyKey, id, forwardOf);
  }
}
