package io.letterbox.client;

/** A change of a conversation's settings: null leaves a setting as it is. */
public record ConversationState(Boolean pinned, Boolean muted, Boolean archived) {
  public static ConversationState pinned(boolean pinned) {
    return new ConversationState(pinned, null, null);
  }

  public static ConversationState muted(boolean muted) {
    return new ConversationState(null, muted, null);
  }

  public static ConversationState archived(boolean archived) {
    return new ConversationState(null, null, archived);
  }
}
