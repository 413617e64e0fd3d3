package io.letterbox.engine.write;

import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.ReadMarked;

/** Moves one device's read position forward; never back. */
public final class MarkReadCommand extends Command<Void> {
  private final long owner;
  private final long peer;
  private final String device;
  private final Long upTo;

  public MarkReadCommand(long owner, long peer, String device, Long upTo) {
    this.owner = owner;
    this.peer = peer;
    this.device = device;
    this.upTo = upTo;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    long now = context.ids().next();
    if (upTo != null && upTo > now) {
      throw LetterboxException.invalid("upTo is not the id of a message that exists yet: %d", upTo);
    }
    long position = upTo == null ? now : upTo;
    if (position <= context.state().conversations().conversationRow(owner, peer).position(device).upTo()) {
      return Decision.nothing(null);
    }
    return Decision.of(now, new ReadMarked(owner, peer, device, position), null);
  }
}
