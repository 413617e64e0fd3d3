package io.letterbox.model;

import java.time.Instant;
import java.util.Map;

/**
 * One entry of an owner's conversation list.
 *
 * @param unread unread messages per device name
 * @param peerReadUpTo how far the peer has read the conversation (the highest position over its
 *     devices); 0 if it has not or the conversation has no one-to-one message
 */
public record Conversation(long peer, Message lastMessage, Map<String, Long> unread, boolean pinned, boolean muted,
    boolean archived, long peerReadUpTo) {
  public Instant updatedAt() {
    return lastMessage.createdAt();
  }
}
