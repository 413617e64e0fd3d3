package io.letterbox.client;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/** A message to post to a group. Without an idempotency key the client gives it one when the call is made. */
public record GroupPost(long from, @JsonUnwrapped Content content, List<Long> mentions, String idempotencyKey) {
  public static GroupPost text(long from, String text) {
    return new GroupPost(from, Content.text(text), null, null);
  }

  public static GroupPost of(long from, Content content) {
    return new GroupPost(from, content, null, null);
  }

  public GroupPost withMentions(List<Long> mentions) {
    return new GroupPost(from, content, List.copyOf(mentions), idempotencyKey);
  }

  public GroupPost withIdempotencyKey(String key) {
    return new GroupPost(from, content, mentions, key);
  }
}
