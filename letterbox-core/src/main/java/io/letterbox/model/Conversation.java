package io.letterbox.model;

import java.time.Instant;
import java.util.Map;

/**
 * One entry of an owner's conversation list.
 *
 * @param unread unread messages per device name
 */
public record Conversation(long peer, Message lastMessage, Map<String, Long> unread) {
  public Instant updatedAt() {
    return lastMessage.createdAt();
  }
}
