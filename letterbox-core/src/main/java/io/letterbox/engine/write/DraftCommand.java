package io.letterbox.engine.write;

import io.letterbox.engine.apply.DraftSet;

/**
 * Saves an owner's draft of a one-to-one conversation (decision 0050); empty text clears it.
 * Saving the draft that is saved changes nothing.
 */
public final class DraftCommand extends Command<Void> {
  private final long owner;
  private final long peer;
  private final String text;

  public DraftCommand(long owner, long peer, String text) {
    this.owner = owner;
    this.peer = peer;
    this.text = text;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    if (context.state().conversations().draft(owner, peer).equals(text)) {
      return Decision.nothing(null);
    }
    return Decision.of(context.ids().next(), new DraftSet(owner, peer, text), null);
  }
}
