package io.letterbox.log;

/**
 * One entry of the action log: a mutation as a fact, from which every index is derived. A send's
 * entry is stored at the message id and is also where the message's content lives.
 */
public sealed interface Action {

  /** A one-to-one message was sent. {@code idempotencyKey} may be null. */
  record Sent(long id, long from, long to, String text, String idempotencyKey, long requestHash)
      implements Action {}

  /**
   * One-to-one messages of an older system were imported, each at an id of its original time.
   * The action itself is logged at a new id like every other, so the log stays in order.
   */
  record Imported(java.util.List<Entry> messages) implements Action {
    public Imported {
      messages = java.util.List.copyOf(messages);
    }

    public record Entry(long id, long from, long to, String text) {}
  }

  /** The owner read the conversation on {@code device} up to message {@code upTo}. */
  record ReadMarked(long owner, long peer, String device, long upTo) implements Action {}

  /** The owner deleted one message from its view. */
  record MessageDeleted(long owner, long peer, long id) implements Action {}

  /** The owner emptied one conversation: every message up to {@code upTo}. */
  record ConversationDeleted(long owner, long peer, long upTo) implements Action {}

  /** The owner emptied every conversation: every message up to {@code upTo}. */
  record AllDeleted(long owner, long upTo) implements Action {}

  /** The sender's frequency cap was set. */
  record CapSet(long sender, int messages, long periodMillis) implements Action {}

  /** {@code uid} follows {@code target}. */
  record Followed(long uid, long target) implements Action {}

  /** Every uid of {@code uids} (sorted, distinct) follows {@code target}: a follower graph loaded at once. */
  record FollowersAdded(long target, long[] uids) implements Action {}

  /** {@code uid} stopped following {@code target}. */
  record Unfollowed(long uid, long target) implements Action {}

  /** {@code uid} subscribes to {@code target} with string attributes (replacing earlier ones). */
  record Subscribed(long uid, long target, java.util.Map<String, String> attributes) implements Action {
    public Subscribed {
      attributes = java.util.Map.copyOf(attributes);
    }
  }

  /** {@code uid} unsubscribed from {@code target}. */
  record Unsubscribed(long uid, long target) implements Action {}

  /** Segment {@code name} now holds exactly {@code uids} (sorted, distinct). */
  record SegmentReplaced(String name, long[] uids) implements Action {}

  /** Segment {@code name} also holds {@code uids} (sorted, distinct). */
  record SegmentExtended(String name, long[] uids) implements Action {}

  /**
   * A broadcast was accepted: its audience is resolved and frozen by the state at this point of
   * the log. Its content lives here, at its id.
   */
  record BroadcastAccepted(long id, long from, String text, io.letterbox.model.Audience audience,
      io.letterbox.model.BroadcastRequest.Priority priority, String idempotencyKey, long requestHash)
      implements Action {}

  /** A broadcast's fan-out finished. */
  record BroadcastCompleted(long id, long from, long completedAt) implements Action {}
}
