package io.letterbox.engine.write;

import io.letterbox.engine.apply.ConversationStateSet;
import io.letterbox.rows.ConversationRow;

/**
 * Changes the owner's settings of one conversation; a setting left null keeps its value. Setting
 * what is already set changes nothing.
 */
public final class ConversationStateCommand extends Command<Void> {
  private final long owner;
  private final long peer;
  private final Boolean pinned;
  private final Boolean muted;
  private final Boolean archived;

  public ConversationStateCommand(long owner, long peer, Boolean pinned, Boolean muted, Boolean archived) {
    this.owner = owner;
    this.peer = peer;
    this.pinned = pinned;
    this.muted = muted;
    this.archived = archived;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    ConversationRow row = context.state().conversations().conversationRow(owner, peer);
    boolean p = pinned == null ? row.pinned() : pinned;
    boolean m = muted == null ? row.muted() : muted;
    boolean a = archived == null ? row.archived() : archived;
    if (p == row.pinned() && m == row.muted() && a == row.archived()) {
      return Decision.nothing(null);
    }
    return Decision.of(context.ids().next(), new ConversationStateSet(owner, peer, p, m, a), null);
  }
}
