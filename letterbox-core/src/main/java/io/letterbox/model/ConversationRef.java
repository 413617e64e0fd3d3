package io.letterbox.model;

/**
 * Which conversation of an owner a call is about: the one-to-one conversation with a peer, or a
 * group. The engine checks the ids; what differs between the two kinds is decided where the
 * conversation is read or changed, not by twin calls.
 */
public sealed interface ConversationRef permits ConversationRef.Peer, ConversationRef.Group {
  /** The owner's one-to-one conversation with {@code uid} (with its broadcasts too). */
  static Peer peer(long uid) {
    return new Peer(uid);
  }

  /** The owner's conversation in group {@code gid}. */
  static Group group(long gid) {
    return new Group(gid);
  }

  /** A one-to-one conversation with user {@code uid}. */
  record Peer(long uid) implements ConversationRef {}

  /** A group's conversation, {@code gid} the group's id. */
  record Group(long gid) implements ConversationRef {}
}
