package io.letterbox.model;

/**
 * A change an owner's devices learn of, from its change feed (decision 0010): by {@code sync}
 * from a position, or live. {@code position} resumes right after it.
 */
public sealed interface Event {
  String position();

  /** A message arrived in one of the owner's conversations, or one of its devices sent one. */
  record MessageArrived(String position, Message message) implements Event {}

  /**
   * The sender recalled message {@code id} of the conversation with {@code peer} (0: a broadcast
   * the owner sent), or (peer 0) its sender or an admin recalled message {@code id} of {@code group}.
   */
  record Recalled(String position, long peer, long group, long id) implements Event {
    public Recalled(String position, long peer, long id) {
      this(position, peer, 0, id);
    }
  }

  /**
   * Message {@code id} of the conversation with {@code peer} (0: a broadcast, or a message of
   * {@code group}) had its content removed (decision 0042): it reads {@code status:"removed"}.
   */
  record Removed(String position, long peer, long group, long id) implements Event {}

  /** The sender edited message {@code message}, as it is now, of the conversation with {@code peer}. */
  record Edited(String position, long peer, Message message) implements Event {}

  /**
   * Someone's reactions to message {@code message}, as the owner sees it now (with its
   * reactions), changed (decision 0049): the peer's, of the conversation with {@code peer}, or
   * ({@code peer} 0) a receiver's of a broadcast the owner sent.
   */
  record Reacted(String position, long peer, Message message) implements Event {}

  /**
   * The conversation with {@code peer} was read up to {@code upTo}: by the owner on
   * {@code device}, or ({@code byPeer}) by the peer (a read receipt; device null).
   */
  record Read(String position, long peer, boolean byPeer, String device, long upTo) implements Event {}

  /**
   * The owner deleted from its view: message {@code id} ({@code id} not 0), the conversation with
   * {@code peer} up to {@code upTo}, or every conversation ({@code peer} 0) up to {@code upTo}.
   */
  record Deleted(String position, long peer, long id, long upTo) implements Event {}

  /** The owner joined ({@code joined}) or left (or was removed from) group {@code group}. */
  record GroupChanged(String position, long group, boolean joined) implements Event {}

  /**
   * Something of the owner's conversation with {@code peer} changed (its settings, pins, draft), or
   * (peer 0) of its conversation in {@code group} (its draft); the flags are the owner's settings.
   */
  record ConversationChanged(String position, long peer, long group, boolean pinned, boolean muted, boolean archived)
      implements Event {
    public ConversationChanged(String position, long peer, boolean pinned, boolean muted, boolean archived) {
      this(position, peer, 0, pinned, muted, archived);
    }
  }

  /**
   * The owner's broadcast {@code id} reached all its receivers at {@code completedAt} (epoch
   * milliseconds). Given to the feed's consumers (webhooks, a change stream), never by {@code sync}.
   */
  record BroadcastCompleted(String position, long id, long completedAt) implements Event {}

  /**
   * {@code by} is typing in the conversation with {@code peer} (then {@code by} is the peer), or in
   * {@code group} (peer 0). Told to live streams only, never stored nor given by {@code sync}
   * (decision 0051); {@code position} is the stream's position when it was told.
   */
  record Typing(String position, long peer, long group, long by) implements Event {}
}
