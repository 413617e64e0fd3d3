package io.letterbox.client;

import java.time.Instant;
import java.util.Map;

/**
 * One entry of an owner's conversation list: with a {@code peer}, or a {@code group}.
 *
 * @param lastMessage null for a group without messages yet
 * @param unread by device name
 * @param peerReadUpTo how far the peer read (read receipts), null if not at all
 * @param mentioned on a group's entry: whether an unread message mentions the owner
 * @param disappearAfter how long after it is sent a message of it vanishes; null: never
 * @param peerDeliveredUpTo the highest message id any of the peer's devices received (delivery receipts), null if none
 * @param draft the owner's draft, shared by the owner's devices; null for none
 */
public record Conversation(Long peer, Long group, Message lastMessage, Map<String, Integer> unread,
    Instant updatedAt, boolean pinned, boolean muted, boolean archived, Long peerReadUpTo, Boolean mentioned,
    java.time.Duration disappearAfter, Long peerDeliveredUpTo, String draft) {}
