package io.letterbox.model;

import java.time.Instant;
import java.util.Map;

/**
 * One entry of an owner's conversation list: a one-to-one conversation (with a peer, or a peer's
 * broadcasts) or a group.
 *
 * @param peer the other party; 0 for a group
 * @param group the group; 0 for a one-to-one conversation
 * @param lastMessage the newest message the owner can see; null for a group with none yet
 * @param unread unread messages per device name
 * @param peerReadUpTo how far the peer has read the conversation (the highest position over its
 *     devices); 0 if it has not or the conversation has no one-to-one message
 * @param mentioned whether a message of the group that mentions the owner is unread on a device
 * @param updatedAt when its newest message was sent, or (a group without one) the owner joined
 * @param disappearAfter how long after it is sent a message of it disappears (decision 0045); null: never
 * @param peerDeliveredUpTo the highest message id any of the peer's devices received; 0 for none
 * @param draft the owner's draft, shared by the owner's devices; null for none
 */
public record Conversation(long peer, long group, Message lastMessage, Map<String, Long> unread, boolean pinned,
    boolean muted, boolean archived, long peerReadUpTo, boolean mentioned, Instant updatedAt,
    java.time.Duration disappearAfter, long peerDeliveredUpTo, String draft) {
  /** A conversation whose messages do not disappear, with no delivery known and no draft. */
  public Conversation(long peer, long group, Message lastMessage, Map<String, Long> unread, boolean pinned,
      boolean muted, boolean archived, long peerReadUpTo, boolean mentioned, Instant updatedAt) {
    this(peer, group, lastMessage, unread, pinned, muted, archived, peerReadUpTo, mentioned, updatedAt, null, 0, null);
  }

  /** The same item with {@code after} as its disappearing setting. */
  public Conversation withDisappearAfter(java.time.Duration after) {
    return new Conversation(peer, group, lastMessage, unread, pinned, muted, archived, peerReadUpTo, mentioned, updatedAt,
        after, peerDeliveredUpTo, draft);
  }

  /** The same item with {@code upTo} as how far the peer's devices received it. */
  public Conversation withPeerDeliveredUpTo(long upTo) {
    return new Conversation(peer, group, lastMessage, unread, pinned, muted, archived, peerReadUpTo, mentioned, updatedAt,
        disappearAfter, upTo, draft);
  }

  /** The same item with {@code text} as the owner's draft (null for none). */
  public Conversation withDraft(String text) {
    return new Conversation(peer, group, lastMessage, unread, pinned, muted, archived, peerReadUpTo, mentioned, updatedAt,
        disappearAfter, peerDeliveredUpTo, text);
  }

  /** A one-to-one conversation. */
  public Conversation(long peer, Message lastMessage, Map<String, Long> unread, boolean pinned, boolean muted,
      boolean archived, long peerReadUpTo) {
    this(peer, 0, lastMessage, unread, pinned, muted, archived, peerReadUpTo, false, lastMessage.createdAt());
  }
}
